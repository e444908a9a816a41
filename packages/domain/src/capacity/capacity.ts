import { RELEASED_STATUSES, type BookingStatus, type BookingType } from "../entities/booking.js";
import type { GardenSpot } from "../entities/garden-spot.js";
import { formatLongDate, formatTime12h } from "../opening-hours/london-time.js";

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

export interface SlotAvailability {
  time: string;
  remaining: number;
}

/** Remaining places per slot (R13), never below zero. */
export function remainingBySlot(slots: readonly string[], bookings: readonly Occupancy[], capacity: number, now: Date = new Date()): SlotAvailability[] {
  const used = bookedBySlot(bookings, now);
  return slots.map((time) => ({ time, remaining: Math.max(0, capacity - (used.get(time) ?? 0)) }));
}

/** Whether `guests` more fit in a slot. */
export function fits(bookings: readonly Occupancy[], time: string, guests: number, capacity: number, now: Date = new Date()): boolean {
  return (bookedBySlot(bookings, now).get(time) ?? 0) + guests <= capacity;
}

/** "1 place", "3 places": a count as the capacity messages say it. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The bookings that hold seats at a garden spot at `time`. */
function atSpot(bookings: readonly Occupancy[], spotId: string, time: string, now: Date): Occupancy[] {
  return bookings.filter((b) => b.gardenSpotId === spotId && b.time === time && occupiesSeats(b, now));
}

/** Places left at a garden spot at `time` (R15): a private spot is taken whole by one booking. Whether the spot is open is the caller's to judge. */
export function spotRemaining(
  bookings: readonly Occupancy[],
  spot: Pick<GardenSpot, "id" | "capacity" | "isPrivate">,
  time: string,
  now: Date = new Date(),
): number {
  const here = atSpot(bookings, spot.id, time, now);
  if (spot.isPrivate) return here.length > 0 ? 0 : spot.capacity;
  return Math.max(0, spot.capacity - here.reduce((n, b) => n + b.guests, 0));
}

/** What a capacity check needs to know about the booking being made. */
export interface SlotClaim {
  type: BookingType;
  date: string;
  time: string;
  guests: number;
}

/**
 * The capacity check (R13, R15) for a new or moved booking against the slot's other bookings.
 * `perSlot` is the type's covers per slot; a Secret Garden booking's `spot` sets its limit instead
 * (no spot: nothing to check). Returns null when the booking fits, else the message a visitor gets.
 */
export function capacityProblem(
  bookings: readonly Occupancy[],
  perSlot: number,
  spot: Pick<GardenSpot, "id" | "name" | "capacity" | "isPrivate"> | null,
  claim: SlotClaim,
  now: Date = new Date(),
): string | null {
  const when = () => `${formatTime12h(claim.time)} on ${formatLongDate(claim.date)}`;
  if (claim.type === "secretGarden") {
    if (!spot) return null;
    if (spot.isPrivate)
      return atSpot(bookings, spot.id, claim.time, now).length > 0
        ? `${spot.name} is already booked at ${when()}. Please choose another time or location.`
        : null;
    const left = spotRemaining(bookings, spot, claim.time, now);
    if (claim.guests <= left) return null;
    return left === 0
      ? `${spot.name} is fully booked at ${when()}. Please choose another time or location.`
      : `Only ${plural(left, "place")} left at ${spot.name} at ${when()}. Please choose fewer guests or another time.`;
  }
  const left = perSlot - (bookedBySlot(bookings, now).get(claim.time) ?? 0);
  if (claim.guests <= left) return null;
  return left <= 0
    ? `The ${formatTime12h(claim.time)} slot on ${formatLongDate(claim.date)} is fully booked. Please choose another time.`
    : `Only ${plural(left, "place")} left at ${when()}. Please choose fewer guests or another time.`;
}
