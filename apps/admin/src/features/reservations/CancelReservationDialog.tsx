import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Dialog } from "../common/Dialog";
import type { Booking } from "@tearoom/domain";
import { useEffect } from "react";
import { BookingNotes } from "./BookingNotes";

interface CancelReservationDialogProps {
  booking: Booking | null;
  onKeep: () => void;
  onConfirm: (booking: Booking, options: { notifyGuest: boolean }) => void;
  pending?: boolean;
}

/** The spec's Cancel Reservation confirmation; the record is kept with status cancelled (R14), the guest told unless unticked (R28). */
export function CancelReservationDialog({ booking, onKeep, onConfirm, pending }: CancelReservationDialogProps) {
  const form = useForm({ mode: "controlled", initialValues: { notifyGuest: true } });
  useEffect(() => {
    if (booking) form.reset();
    // Ticked again for every booking.
  }, [booking]);
  // A payment in progress (held) has no booking the guest was told of.
  const canTell = booking?.status === "pending" || booking?.status === "confirmed";

  return (
    <Dialog opened={booking !== null} onClose={onKeep} title="Cancel Reservation">
      {booking ? (
        <form onSubmit={form.onSubmit((values) => onConfirm(booking, { notifyGuest: canTell && values.notifyGuest }))}>
          <Stack gap="md">
            <Text>Are you sure you want to cancel this reservation for {booking.name}? This action cannot be undone.</Text>
            <BookingNotes booking={booking} />
            {canTell ? <Checkbox label="E-mail the guest" description="Let the guest know their booking is cancelled." {...form.getInputProps("notifyGuest", { type: "checkbox" })} /> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onKeep} data-autofocus>
                Keep Reservation
              </Button>
              <Button type="submit" color="rose" loading={pending}>
                Cancel Reservation
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
