import type { Arrival, Booking } from "@tearoom/domain";

export const ARRIVAL_LABELS: Record<Arrival, string> = { arrived: "Arrived", "no-show": "No-show" };

/** R30: the notes a booking can carry, in the order the sheet shows them. */
export const NOTES = [
  { key: "dietaryRequirements", label: "Dietary", kind: "dietary" },
  { key: "specialRequests", label: "Requests", kind: "requests" },
  { key: "staffNotes", label: "Staff", kind: "staff" },
] as const;

/** Whether a booking carries any note, so its row can be flagged. */
export const hasNotes = (b: Pick<Booking, "dietaryRequirements" | "specialRequests" | "staffNotes">) => NOTES.some((n) => b[n.key]?.trim());
