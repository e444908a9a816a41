import type { Booking } from "@tearoom/domain";
import classes from "./day-sheet.module.css";

const NOTES = [
  { key: "dietaryRequirements", label: "Dietary", kind: "dietary" },
  { key: "specialRequests", label: "Requests", kind: "requests" },
  { key: "staffNotes", label: "Staff", kind: "staff" },
] as const;

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

/** Whether a booking carries any note, so its row can be flagged. */
export const hasNotes = (b: Pick<Booking, "dietaryRequirements" | "specialRequests" | "staffNotes">) =>
  NOTES.some((n) => b[n.key]?.trim());
