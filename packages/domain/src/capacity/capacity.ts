import { RELEASED_STATUSES, type BookingStatus } from "../entities/booking.js";

/** The part of a booking that occupies a slot. */
export interface Occupancy {
  time: string;
  guests: number;
  status: BookingStatus;
  /** ISO instant a `held` booking lapses (R9); ignored for other statuses. */
  holdExpiresAt?: string | null;
  /** The garden spot of a Secret Garden booking. */
  gardenSpotId?: string | null;
}

/** Whether a booking takes seats now: pending, confirmed, or a hold that has not lapsed. */
export function occupiesSeats(b: Pick<Occupancy, "status" | "holdExpiresAt">, now: Date = new Date()): boolean {
  if ((RELEASED_STATUSES as readonly BookingStatus[]).includes(b.status)) return false;
  if (b.status === "held") return !!b.holdExpiresAt && new Date(b.holdExpiresAt).getTime() > now.getTime();
  return true;
}

/** Guests already booked per slot time. */
export function bookedBySlot(bookings: readonly Occupancy[], now: Date = new Date()): Map<string, number> {
  const used = new Map<string, number>();
  for (const b of bookings) if (occupiesSeats(b, now)) used.set(b.time, (used.get(b.time) ?? 0) + b.guests);
  return used;
}

/** "1 place", "3 places": a count as the capacity messages say it. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
