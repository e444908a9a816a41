import { Badge, Button, Group } from "@mantine/core";
import type { Arrival, Booking } from "@tearoom/domain";
import classes from "./day-sheet.module.css";
import { ARRIVAL_LABELS } from "./labels";

interface ArrivalControlsProps {
  booking: Booking;
  /** Whether the visit's day has come (arrival is marked on the day or after, R28). */
  onOrAfterDay: boolean;
  onMark: (booking: Booking, arrival: Arrival | null) => void;
  /** The booking being marked right now, if any. */
  pending: boolean;
}

/**
 * R28: Arrived / No-show for a confirmed booking on its day, and Undo once marked. On paper the
 * mark is printed, or an empty box to tick by hand.
 */
export function ArrivalControls({ booking, onOrAfterDay, onMark, pending }: ArrivalControlsProps) {
  const marked = booking.arrival;
  const canMark = booking.status === "confirmed" && onOrAfterDay;
  return (
    <>
      <span className={classes.printOnly}>{marked ? ARRIVAL_LABELS[marked] : <span className={classes.tickBox} aria-hidden="true" />}</span>
      <div className={classes.screenOnly}>
        {marked ? (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Badge color={marked === "arrived" ? "sage" : "rose"} variant="filled" className={classes.badge}>
              {ARRIVAL_LABELS[marked]}
            </Badge>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => onMark(booking, null)}
              loading={pending}
              aria-label={`Undo ${ARRIVAL_LABELS[marked].toLowerCase()} for ${booking.name}`}
            >
              Undo
            </Button>
          </Group>
        ) : canMark ? (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button size="xs" onClick={() => onMark(booking, "arrived")} loading={pending} aria-label={`Mark ${booking.name} arrived`}>
              Arrived
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="rose"
              onClick={() => onMark(booking, "no-show")}
              disabled={pending}
              aria-label={`Mark ${booking.name} as a no-show`}
            >
              No-show
            </Button>
          </Group>
        ) : null}
      </div>
    </>
  );
}
