import type { BookingStatus } from "../entities/booking.js";

/** The part of a booking that occupies a slot. */
export interface Occupancy {
  time: string;
  guests: number;
  status: BookingStatus;
  /** ISO instant a `held` booking lapses (R9); ignored for other statuses. */
  holdExpiresAt?: string | null;
}

/** Whether a booking takes seats now: pending, confirmed, or a hold that has not lapsed. */
export function occupiesSeats(b: Pick<Occupancy, "status" | "holdExpiresAt">, now: Date = new Date()): boolean {
  if (b.status === "cancelled") return false;
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
