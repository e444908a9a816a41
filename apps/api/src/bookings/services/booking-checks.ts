import {
  BOOKING_TYPE_LABELS,
  dayOfWeek,
  formatLongDate,
  formatTime12h,
  openDaysText,
  seasonOn,
  weekDaysText,
  plural,
  type BookingType,
  type GardenSpot,
  type Settings,
} from "@tearoom/domain";
import { BadRequestError } from "../../errors.js";
import { slotPlan } from "./slot-plan.js";

/**
 * The rules a visitor books by, as the 400 that names what to change: a new booking and a guest's
 * change from their manage link (R37) are checked alike.
 */

const DAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Date rules (R11, R12): past dates always refused; closed days and dates refused for visitors. */
export function checkDate(settings: Settings, d: { type: BookingType; date: string }, source: "public" | "admin", now: Date): void {
  const refusal = slotPlan(settings, d.type, d.date, now).refusal;
  if (refusal === "past") throw new BadRequestError(`date: ${formatLongDate(d.date)} has passed. Please choose a date from today onwards.`);
  if (source === "admin" || refusal === null) return;
  if (refusal === "closed-date") throw new BadRequestError(`date: We are closed on ${formatLongDate(d.date)}. Please choose another date.`);
  const day = DAY_LONG[dayOfWeek(d.date)];
  if (d.type === "secretGarden") throw new BadRequestError(`date: The Secret Garden Experience is not available on ${day}s. Please choose another date.`);
  // R45: inside a season its own week says which days open.
  const season = seasonOn(settings, d.date);
  const open = season ? `${weekDaysText(season.weekly)} in ${season.name}` : openDaysText(settings);
  throw new BadRequestError(`date: We are closed on ${day}s. We are open ${open}. Please choose another date.`);
}

/** Slot rules for visitors: one of the type's slots (R11), not already started today (R12). */
export function checkTime(settings: Settings, d: { type: BookingType; date: string; time: string }, now: Date): void {
  const plan = slotPlan(settings, d.type, d.date, now);
  if (!plan.all.includes(d.time)) {
    throw new BadRequestError(`time: ${d.time} is not a booking time for ${BOOKING_TYPE_LABELS[d.type]}. Please choose one of ${plan.all.join(", ")}.`);
  }
  if (!plan.open.includes(d.time)) {
    throw new BadRequestError(`time: The ${d.time} slot has already started. Please choose a later time.`);
  }
}

/** Secret Garden rules for visitors (R15): an available spot, guests within its capacity, 18:00 for private spots only. */
export function checkSpot(settings: Settings, spot: GardenSpot, d: { date: string; time: string; guests: number }, now: Date): void {
  if (!spot.isAvailable) throw new BadRequestError(`gardenSpotId: ${spot.name} is not available for booking at the moment. Please choose another location.`);
  if (d.guests > spot.capacity) throw new BadRequestError(`guests: ${spot.name} has room for up to ${plural(spot.capacity, "guest")}.`);
  if (slotPlan(settings, "secretGarden", d.date, now).privateOnly.includes(d.time) && !spot.isPrivate) {
    throw new BadRequestError(`time: ${formatTime12h(d.time)} is for Private Events Only. Please choose a private location or another time.`);
  }
}
