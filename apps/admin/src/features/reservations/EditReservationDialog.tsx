import { Button, Group, Stack, Text } from "@mantine/core";
import { Dialog } from "../common/Dialog";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { BOOKING_TYPE_LABELS, type AdminBookingUpdate, type Booking } from "@tearoom/domain";
import { useEffect, useState, type FormEvent } from "react";
import { ReservationFields } from "./ReservationFields";
import { editDraftFrom, parseEdit, timeOptions, todayInLondon, type EditDraft } from "./reservation-form";

interface EditReservationDialogProps {
  booking: Booking | null;
  onClose: () => void;
  onSave: (booking: Booking, values: AdminBookingUpdate) => void;
  pending?: boolean;
  settings: Record<string, string>;
}

/** Edit name, contact details, date, time and guests (1–20) of a reservation. */
export function EditReservationDialog({ booking, onClose, onSave, pending, settings }: EditReservationDialogProps) {
  const [values, setValues] = useState<EditDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = todayInLondon();

  useEffect(() => {
    setValues(booking ? editDraftFrom(booking) : null);
    setErrors({});
  }, [booking]);

  const update = <K extends keyof EditDraft>(key: K, value: EditDraft[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: "" }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!booking || !values) return;
    const result = parseEdit(values, booking, today);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onSave(booking, result.data);
  };

  return (
    <Dialog opened={booking !== null} onClose={onClose} title="Edit Reservation" size="lg">
      {booking && values ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {BOOKING_TYPE_LABELS[booking.type]} · reference {booking.reference}
              </Text>
              {booking.testPayment ? <TestPaymentBadge /> : null}
            </Group>
            <ReservationFields
              values={values}
              errors={errors}
              onChange={update}
              times={timeOptions(settings, booking.type, booking.time)}
              minDate={booking.date < today ? booking.date : today}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
