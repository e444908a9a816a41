import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
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
import { useEffect } from "react";
import { ReservationFields } from "./ReservationFields";
import { createBlocker, NEW_RESERVATION, parseNewReservation, timeOptions, todayInLondon, type ReservationDraft } from "./reservation-form";

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
  const today = todayInLondon();
  const form = useForm<ReservationDraft>({
    mode: "controlled",
    initialValues: NEW_RESERVATION,
    onValuesChange: (values, previous) => {
      // A time from another type's (or another day's, R45) slots is not offered any more.
      if (
        (values.type !== previous.type || values.date !== previous.date) &&
        values.time &&
        !timeOptions(settings, values.type, undefined, values.date).includes(values.time)
      )
        form.setFieldValue("time", "");
    },
  });

  useEffect(() => {
    if (opened) form.reset();
    // Each opening starts from the empty form.
  }, [opened]);

  const submit = form.onSubmit((values) => {
    const result = parseNewReservation(values, today);
    if (!result.ok) return form.setErrors(result.errors);
    onCreate(result.data);
  });
  const values = form.getValues();
  const blocker = createBlocker(values);

  return (
    <Dialog opened={opened} onClose={onClose} title="Add New Reservation" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label="Type"
            {...form.getInputProps("type")}
            data={BOOKING_TYPES.map((t) => ({ value: t, label: BOOKING_TYPE_LABELS[t] }))}
            withAsterisk
            data-autofocus
          />
          {values.type === "afternoonTea" ? (
            <NativeSelect label="Tea type" {...form.getInputProps("teaType")} data={TeaTypeSchema.options.map((v) => ({ value: v, label: TEA_LABELS[v] }))} />
          ) : null}
          {values.type === "table" ? (
            <NativeSelect
              label="Dining preference"
              {...form.getInputProps("diningPreference")}
              data={DiningPreferenceSchema.options.map((v) => ({ value: v, label: DINING_LABELS[v] }))}
            />
          ) : null}
          {values.type === "picnicHamper" ? (
            <NativeSelect
              label="Hamper type"
              {...form.getInputProps("hamperType")}
              data={HamperTypeSchema.options.map((v) => ({ value: v, label: HAMPER_LABELS[v] }))}
            />
          ) : null}
          {values.type === "secretGarden" ? (
            // One column on a phone: beside the checkbox the location names were cut to "Select a locatio".
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ alignItems: "end" }}>
              <NativeSelect
                label="Garden location"
                {...form.getInputProps("gardenSpotId")}
                data={[
                  { value: "", label: "Select a location", disabled: true },
                  ...gardenSpots.map((s) => ({ value: s.id, label: `${s.name} (up to ${s.capacity}${s.isPrivate ? ", private" : ""})` })),
                ]}
                withAsterisk
              />
              <Checkbox label="English sparkling wine" {...form.getInputProps("includeWine", { type: "checkbox" })} mb={8} />
            </SimpleGrid>
          ) : null}
          <ReservationFields form={form} times={timeOptions(settings, values.type as BookingType, undefined, values.date)} minDate={today} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Textarea label="Dietary requirements" rows={2} {...form.getInputProps("dietaryRequirements")} />
            <Textarea label="Special requests" rows={2} {...form.getInputProps("specialRequests")} />
          </SimpleGrid>
          <Textarea label="Staff notes" description="For the team only; never sent to the guest." rows={2} {...form.getInputProps("staffNotes")} />
          <Checkbox
            label="Send confirmation"
            description={
              values.email.trim() === ""
                ? "No e-mail address: nothing is sent to the guest (a phone booking)."
                : "E-mail the guest a confirmation with a calendar invitation."
            }
            {...form.getInputProps("sendConfirmation", { type: "checkbox" })}
          />
          {blocker ? (
            <Text id="create-blocker" size="sm" c="dimmed" ta="right" data-testid="create-blocker">
              {blocker}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm" mt={blocker ? 0 : "xs"}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={blocker !== null} loading={pending} aria-describedby={blocker ? "create-blocker" : undefined}>
              Create Reservation
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export { TEA_LABELS, DINING_LABELS, HAMPER_LABELS };
