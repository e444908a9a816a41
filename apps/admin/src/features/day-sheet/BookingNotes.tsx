import type { Booking } from "@tearoom/domain";
import classes from "./day-sheet.module.css";
import { NOTES } from "./labels";

/** R30: the guest's dietary requirements and special requests and the staff's notes, each flagged by kind. */
export function BookingNotes({ booking }: { booking: Pick<Booking, "dietaryRequirements" | "specialRequests" | "staffNotes"> }) {
  const notes = NOTES.filter((n) => booking[n.key]?.trim());
  if (notes.length === 0) return <span className={classes.quiet}>None</span>;
  return (
    <ul className={classes.notes}>
      {notes.map((n) => (
        <li key={n.key} className={classes.note} data-kind={n.kind}>
          <span className={classes.noteLabel}>{n.label}</span> {booking[n.key]}
        </li>
      ))}
    </ul>
  );
}
