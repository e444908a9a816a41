import { Button, Group, Stack, Text } from "@mantine/core";
import { Dialog } from "../common/Dialog";
import type { Booking } from "@tearoom/domain";

interface CancelReservationDialogProps {
  booking: Booking | null;
  onKeep: () => void;
  onConfirm: (booking: Booking) => void;
  pending?: boolean;
}

/** The spec's Cancel Reservation confirmation; the record is kept with status cancelled (R14). */
export function CancelReservationDialog({ booking, onKeep, onConfirm, pending }: CancelReservationDialogProps) {
  return (
    <Dialog opened={booking !== null} onClose={onKeep} title="Cancel Reservation">
      {booking ? (
        <Stack gap="md">
          <Text>Are you sure you want to cancel this reservation for {booking.name}? This action cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onKeep} data-autofocus>
              Keep Reservation
            </Button>
            <Button color="rose" onClick={() => onConfirm(booking)} loading={pending}>
              Cancel Reservation
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
