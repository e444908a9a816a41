import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { BookingDeclineSchema, BOOKING_TYPE_LABELS, fieldErrors, formatLongDate, formatTime12h, type Booking, type BookingDecline } from "@tearoom/domain";
import { useEffect } from "react";
import { Dialog } from "../common/Dialog";
import { BookingNotes } from "./BookingNotes";

interface DeclineRequestDialogProps {
  booking: Booking | null;
  onClose: () => void;
  onDecline: (booking: Booking, values: BookingDecline) => void;
  pending?: boolean;
}

/** R28: declining a request needs the reason the guest will read in their e-mail. */
export function DeclineRequestDialog({ booking, onClose, onDecline, pending }: DeclineRequestDialogProps) {
  const form = useForm({ mode: "controlled", initialValues: { reason: "" } });
  useEffect(() => {
    if (booking) form.reset();
    // Empty again for every request.
  }, [booking]);

  const submit = form.onSubmit((values) => {
    if (!booking) return;
    const parsed = BookingDeclineSchema.safeParse(values);
    if (!parsed.success) return form.setErrors(fieldErrors(parsed.error));
    onDecline(booking, parsed.data);
  });

  return (
    <Dialog opened={booking !== null} onClose={onClose} title="Decline Request">
      {booking ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              Decline {booking.name}'s request for {BOOKING_TYPE_LABELS[booking.type]} on {formatLongDate(booking.date)} at {formatTime12h(booking.time)} (
              {booking.guests} {booking.guests === 1 ? "guest" : "guests"})?
            </Text>
            <BookingNotes booking={booking} />
            <Textarea
              label="Reason"
              description="Sent to the guest in the e-mail that tells them."
              rows={3}
              withAsterisk
              data-autofocus
              {...form.getInputProps("reason")}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Go back
              </Button>
              <Button type="submit" color="rose" loading={pending}>
                Decline Request
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
