import { BOOKING_TYPE_LABELS } from "../entities/booking-constants.js";
import type { BookingWarning } from "../entities/booking.js";
import type { GardenSpot } from "../entities/garden-spot.js";
import { parseSetting, withDefaults } from "../entities/setting-values.js";
import { dateRefusal, hoursOn, privateOnlyTimes, slotTimes, slotTimesOn, type Settings } from "../opening-hours/rules.js";
import { dayOfWeek, formatLongDate, formatTime12h, hour12, toMinutes } from "../opening-hours/london-time.js";
import { closeMinutes } from "../opening-hours/week-values.js";
import { occupiesSeats, plural } from "./capacity.js";
import { placeStay, type Room, type Stay, type StayClaim } from "./room.js";

const DAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Everything R29's check reads: the settings, the booking as it would be, the room and the day's other bookings. */
export interface WarningCheck {
  settings: Settings;
  claim: StayClaim;
  /** The other bookings of the claim's date, whatever their type (the booking itself left out when it is an edit). */
  others: readonly Stay[];
  /** R44: the areas and each type's stay and pacing. */
  room: Room;
  /** A Secret Garden booking's spot (the caller has refused an unknown one). */
  spot: Pick<GardenSpot, "id" | "name" | "capacity" | "isPrivate"> | null;
  now: Date;
}

/**
 * R29: the rules a visitor's booking would be refused by (R11–R15), as warnings for a staff
 * booking or edit: over capacity, a closed day, outside opening hours or off the booking times,
 * a private garden spot already taken, a standard spot at a private-only time. Empty when none
 * applies. A date in the past is not a warning; callers refuse it.
 */
export function bookingWarnings({ settings: stored, claim, others, spot, room, now }: WarningCheck): BookingWarning[] {
  const settings = withDefaults(stored);
  const warnings: BookingWarning[] = [];
  const when = `${formatTime12h(claim.time)} on ${formatLongDate(claim.date)}`;
  const label = BOOKING_TYPE_LABELS[claim.type];

  const refusal = dateRefusal(settings, claim.type, claim.date, now);
  if (refusal === "closed-date") {
    warnings.push({ code: "closed-day", message: `${formatLongDate(claim.date)} is one of the closed dates in the booking settings.` });
  } else if (refusal === "closed-day") {
    const day = DAY_LONG[dayOfWeek(claim.date)]!;
    warnings.push({
      code: "closed-day",
      message:
        claim.type === "secretGarden"
          ? `The Secret Garden is not open on ${day}s (${formatLongDate(claim.date)}).`
          : `The tearoom is closed on ${day}s (${formatLongDate(claim.date)}).`,
    });
  }

  // R45: that day's hours and slots; on a closed day (already warned about) the usual ones.
  const hours = hoursOn(settings, claim.date);
  const times = hours ? slotTimesOn(settings, claim.type, claim.date) : slotTimes(settings, claim.type);
  const opening = hours?.open ?? parseSetting(settings, "opening_time");
  const closing = hours?.close ?? parseSetting(settings, "closing_time");
  const minutes = toMinutes(claim.time);
  // The Secret Garden keeps its own hours (its evening slot is after the tearoom closes).
  if (claim.type !== "secretGarden" && (minutes < toMinutes(opening) || minutes >= closeMinutes(closing))) {
    warnings.push({ code: "outside-opening-hours", message: `${formatTime12h(claim.time)} is outside opening hours (${hour12(opening)}–${hour12(closing)}).` });
  } else if (!times.includes(claim.time)) {
    const offered =
      claim.type === "secretGarden" || times.length <= 3
        ? times.join(", ")
        : `every ${parseSetting(settings, "slot_interval_minutes")} minutes from ${times[0]} to ${times[times.length - 1]}`;
    warnings.push({
      code: "not-a-booking-time",
      message: `${claim.time} is not one of the ${label} booking times (${offered || "none set"}), so the slot's capacity is not counted with the others.`,
    });
  }

  const placed = placeStay(room, others, { ...claim, gardenSpotId: spot?.id ?? claim.gardenSpotId ?? null }, now);
  if (claim.type === "secretGarden") {
    if (!spot) return warnings;
    const here = others.filter((b) => b.gardenSpotId === spot.id && b.time === claim.time && occupiesSeats(b, now));
    if (privateOnlyTimes(settings).includes(claim.time) && !spot.isPrivate) {
      warnings.push({ code: "private-only-time", message: `${formatTime12h(claim.time)} is for Private Events Only, and ${spot.name} is not a private spot.` });
    }
    if (spot.isPrivate && (here.length > 0 || placed.remaining === 0)) {
      warnings.push({ code: "private-spot-taken", message: `${spot.name} is a private spot and is already booked at ${when}.` });
    }
    // A private spot is taken whole, so only its own party can be too many for it.
    const guestsThere = spot.isPrivate ? claim.guests : spot.capacity - placed.remaining + claim.guests;
    if (guestsThere > spot.capacity) {
      warnings.push({
        code: "over-capacity",
        message: `${spot.name} would have ${plural(guestsThere, "guest")} at ${when}; it has room for ${spot.capacity}.`,
      });
    }
    return warnings;
  }

  if (!placed.problem) return warnings;
  const pacing = room.pacing[claim.type];
  const starting =
    others.filter((b) => b.type === claim.type && b.time === claim.time && occupiesSeats(b, now)).reduce((n, b) => n + b.guests, 0) + claim.guests;
  if (claim.paced !== false && starting > pacing) {
    warnings.push({
      code: "over-capacity",
      message: `${label} at ${when} would have ${starting} of ${plural(pacing, "place")} taken (${starting - pacing} over).`,
    });
  } else {
    const area = room.areas.find((a) => a.id === placed.areaId);
    const minutes = claim.minutes ?? room.minutes[claim.type];
    warnings.push({
      code: "over-capacity",
      message: `${area ? `The ${area.name}` : "No seating area"} would be over its ${area ? plural(area.seats, "seat") : "seats"} with ${plural(claim.guests, "guest")} from ${when} for ${minutes} minutes (room for ${placed.remaining}).`,
    });
  }
  return warnings;
}
