import type { BookingType } from "../entities/booking.js";
import { BOOKING_TYPES } from "../entities/booking-constants.js";
import type { GardenSpot } from "../entities/garden-spot.js";
import { capacityPerSlot, closedRefusal, privateOnlyTimes, slotTimesOn, type Settings } from "../opening-hours/rules.js";
import { bookedBySlot, type Occupancy } from "./capacity.js";

/** One slot of the day sheet (R31): guests booked against the slot's capacity. */
export interface DaySlot {
  type: BookingType;
  time: string;
  /** Guests of the bookings that hold seats now (domain `occupiesSeats`: lapsed holds, declined and cancelled ones do not). */
  covers: number;
  capacity: number;
}

/**
 * What a Secret Garden slot can seat: every available spot, private spots only at the
 * private-only times (R15). Its real limit is per spot; this sum is the sheet's yardstick.
 */
function gardenCapacity(spots: readonly Pick<GardenSpot, "capacity" | "isAvailable" | "isPrivate">[], privateOnly: boolean): number {
  return spots.filter((s) => s.isAvailable && (!privateOnly || s.isPrivate)).reduce((n, s) => n + s.capacity, 0);
}

/**
 * The day sheet's slots (R31), per booking type in the usual order: every slot the settings give
 * the type, unless the type is shut that day, plus any time a booking stands at outside them
 * (a staff booking, or slots changed since), so the covers always add up to the bookings.
 */
export function daySlots(
  settings: Settings,
  date: string,
  bookings: readonly (Occupancy & { type: BookingType })[],
  spots: readonly Pick<GardenSpot, "capacity" | "isAvailable" | "isPrivate">[],
  now: Date = new Date(),
): DaySlot[] {
  const out: DaySlot[] = [];
  const privateOnly = privateOnlyTimes(settings);
  for (const type of BOOKING_TYPES) {
    const ofType = bookings.filter((b) => b.type === type);
    const covers = bookedBySlot(ofType, now);
    const times = new Set(closedRefusal(settings, type, date) === null ? slotTimesOn(settings, type, date) : []);
    for (const b of ofType) if (covers.has(b.time)) times.add(b.time);
    for (const time of [...times].sort()) {
      // R53: a sitting's tickets are its own limit, counted where it is sold; the sheet shows the tickets standing.
      const capacity =
        type === "secretGarden"
          ? gardenCapacity(spots, privateOnly.includes(time))
          : type === "event"
            ? (covers.get(time) ?? 0)
            : capacityPerSlot(settings, type);
      out.push({ type, time, covers: covers.get(time) ?? 0, capacity });
    }
  }
  return out;
}
