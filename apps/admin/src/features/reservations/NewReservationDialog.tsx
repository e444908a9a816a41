import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack } from "@mantine/core";
import { Dialog } from "../common/Dialog";
import {
  BOOKING_TYPE_LABELS,
  BOOKING_TYPES,
  DiningPreferenceSchema,
  HamperTypeSchema,
  TeaTypeSchema,
  type AdminBookingCreate,
  type BookingType,
  type GardenSpot,
} from "@tearoom/domain";
import { useEffect, useState, type FormEvent } from "react";
import { ReservationFields } from "./ReservationFields";
import { canCreate, NEW_RESERVATION, parseNewReservation, timeOptions, todayInLondon, type ReservationDraft } from "./reservation-form";

interface NewReservationDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreate: (values: AdminBookingCreate) => void;
  pending?: boolean;
  settings: Record<string, string>;
  gardenSpots: GardenSpot[];
}

const TEA_LABELS = { traditional: "Traditional", champagne: "Champagne" } as const;
const DINING_LABELS = { breakfast: "Breakfast", lunch: "Lunch", lightsnack: "Light snack" } as const;
const HAMPER_LABELS = { standard: "Standard", champagne: "Champagne" } as const;

/** Add a reservation taken by phone or in person: every field required, guests 1–20, not before today. */
export function NewReservationDialog({ opened, onClose, onCreate, pending, settings, gardenSpots }: NewReservationDialogProps) {
  const [values, setValues] = useState<ReservationDraft>(NEW_RESERVATION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = todayInLondon();

  useEffect(() => {
    if (opened) {
      setValues(NEW_RESERVATION);
      setErrors({});
    }
  }, [opened]);

  const update = <K extends keyof ReservationDraft>(key: K, value: ReservationDraft[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // A time from another type's slots is not offered any more.
      if (key === "type" && !timeOptions(settings, value as BookingType).includes(v.time)) next.time = "";
      return next;
    });
    if (errors[key]) setErrors((e) => ({ ...e, [key]: "" }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseNewReservation(values, today);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onCreate(result.data);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Add New Reservation" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label="Type"
            value={values.type}
            onChange={(e) => update("type", e.currentTarget.value as BookingType)}
            data={BOOKING_TYPES.map((t) => ({ value: t, label: BOOKING_TYPE_LABELS[t] }))}
            withAsterisk
            data-autofocus
          />
          {values.type === "afternoonTea" ? (
            <NativeSelect label="Tea type" value={values.teaType} onChange={(e) => update("teaType", e.currentTarget.value as ReservationDraft["teaType"])} data={TeaTypeSchema.options.map((v) => ({ value: v, label: TEA_LABELS[v] }))} />
          ) : null}
          {values.type === "table" ? (
            <NativeSelect
              label="Dining preference"
              value={values.diningPreference}
              onChange={(e) => update("diningPreference", e.currentTarget.value as ReservationDraft["diningPreference"])}
              data={DiningPreferenceSchema.options.map((v) => ({ value: v, label: DINING_LABELS[v] }))}
            />
          ) : null}
          {values.type === "picnicHamper" ? (
            <NativeSelect label="Hamper type" value={values.hamperType} onChange={(e) => update("hamperType", e.currentTarget.value as ReservationDraft["hamperType"])} data={HamperTypeSchema.options.map((v) => ({ value: v, label: HAMPER_LABELS[v] }))} />
          ) : null}
          {values.type === "secretGarden" ? (
            // One column on a phone: beside the checkbox the location names were cut to "Select a locatio".
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ alignItems: "end" }}>
              <NativeSelect
                label="Garden location"
                value={values.gardenSpotId}
                onChange={(e) => update("gardenSpotId", e.currentTarget.value)}
                data={[
                  { value: "", label: "Select a location", disabled: true },
                  ...gardenSpots.map((s) => ({ value: s.id, label: `${s.name} (up to ${s.capacity}${s.isPrivate ? ", private" : ""})` })),
                ]}
                error={errors.gardenSpotId || undefined}
                withAsterisk
              />
              <Checkbox label="English sparkling wine" checked={values.includeWine} onChange={(e) => update("includeWine", e.currentTarget.checked)} mb={8} />
            </SimpleGrid>
          ) : null}
          <ReservationFields values={values} errors={errors} onChange={(key, value) => update(key, value as ReservationDraft[typeof key])} times={timeOptions(settings, values.type)} minDate={today} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canCreate(values)} loading={pending}>
              Create Reservation
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export { TEA_LABELS, DINING_LABELS, HAMPER_LABELS };
