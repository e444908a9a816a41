import type { BookingType } from "../entities/booking.js";
import type { PostalAddress, SiteFacts } from "../entities/site-info.js";
import { DAY_NAMES, parseSetting, withDefaults } from "../entities/setting-values.js";
import { isBankHoliday } from "./bank-holidays.js";
import { dayOfWeek, fromMinutes, hour12, londonNow, toMinutes } from "./london-time.js";

export type Settings = Record<string, string>;

/** Why a date cannot be booked, or null when it can. */
export type DateRefusal = "past" | "closed-day" | "closed-date" | null;

/**
 * Whether the tearoom opens on a date: closed dates first, then bank holidays (R11: with
 * bank_holidays_open "true" open whatever the day, with "false" closed), then the open days.
 */
export function isOpenDate(settingsIn: Settings, date: string): boolean {
  const settings = withDefaults(settingsIn);
  if (parseSetting(settings, "closed_dates").includes(date)) return false;
  if (isBankHoliday(date)) return parseSetting(settings, "bank_holidays_open") === "true";
  return parseSetting(settings, "open_days").includes(DAY_NAMES[dayOfWeek(date)]!);
}

/**
 * Why a booking of this type cannot be made on this date in London time (R12), or null. Today
 * counts as past once its last slot of this type has begun.
 */
export function dateRefusal(settingsIn: Settings, type: BookingType, date: string, now: Date = new Date()): DateRefusal {
  const settings = withDefaults(settingsIn);
  const london = londonNow(now);
  if (date < london.date) return "past";
  if (date === london.date && !slotTimes(settings, type).some((t) => toMinutes(t) > london.minutes)) return "past";
  return closedRefusal(settings, type, date);
}

/**
 * Whether a booking type is shut on a date, whatever the clock says: a closed date (R32) for
 * every type, the Secret Garden's own closed days, the tearoom's open days and bank holidays.
 */
export function closedRefusal(settingsIn: Settings, type: BookingType, date: string): Exclude<DateRefusal, "past"> {
  const settings = withDefaults(settingsIn);
  if (parseSetting(settings, "closed_dates").includes(date)) return "closed-date";
  if (type === "secretGarden") return parseSetting(settings, "secret_garden_closed_days").includes(DAY_NAMES[dayOfWeek(date)]!) ? "closed-day" : null;
  return isOpenDate(settings, date) ? null : "closed-day";
}

/** Whether a date may be picked in a calendar for this booking type. */
export function isBookableDate(settings: Settings, type: BookingType, date: string, now: Date = new Date()): boolean {
  return dateRefusal(settings, type, date, now) === null;
}

function range(first: string, last: string, interval: number): string[] {
  const out: string[] = [];
  for (let t = toMinutes(first); t <= toMinutes(last); t += interval) out.push(fromMinutes(t));
  return out;
}

/** Every slot of a booking type on an ordinary open day, from the settings (R11). */
export function slotTimes(settingsIn: Settings, type: BookingType): string[] {
  const s = withDefaults(settingsIn);
  const interval = parseSetting(s, "slot_interval_minutes");
  switch (type) {
    case "afternoonTea":
      return range(parseSetting(s, "afternoon_tea_first_slot"), parseSetting(s, "afternoon_tea_last_slot"), interval);
    case "table":
      return range(parseSetting(s, "table_first_slot"), parseSetting(s, "table_last_slot"), interval);
    case "picnicHamper":
      return range(parseSetting(s, "picnic_hamper_first_slot"), parseSetting(s, "picnic_hamper_last_slot"), interval);
    case "secretGarden":
      return [...parseSetting(s, "secret_garden_times")].sort();
  }
}

/** Slots still bookable on a date: none on closed or past dates; on today only those not yet started. */
export function slotsForDate(settings: Settings, type: BookingType, date: string, now: Date = new Date()): string[] {
  if (dateRefusal(settings, type, date, now) !== null) return [];
  const london = londonNow(now);
  const all = slotTimes(settings, type);
  return date === london.date ? all.filter((t) => toMinutes(t) > london.minutes) : all;
}

/** Secret Garden slots that accept private spots only (the 18:00 "Private Events Only" slot, R15). */
export function privateOnlyTimes(settings: Settings): string[] {
  return [...parseSetting(withDefaults(settings), "secret_garden_private_only_times")];
}

/** Seats per slot for a booking type (R13); Secret Garden capacity is per spot instead. */
export function capacityPerSlot(settingsIn: Settings, type: Exclude<BookingType, "secretGarden">): number {
  const s = withDefaults(settingsIn);
  if (type === "afternoonTea") return parseSetting(s, "afternoon_tea_covers_per_slot");
  if (type === "table") return parseSetting(s, "table_covers_per_slot");
  return parseSetting(s, "picnic_hamper_covers_per_slot");
}

const DAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Wednesday to Sunday" for a contiguous run of open days, else a comma list. */
export function openDaysText(settingsIn: Settings): string {
  const days = parseSetting(withDefaults(settingsIn), "open_days")
    .map((d) => DAY_NAMES.indexOf(d))
    .sort((a, b) => a - b);
  if (days.length === 0) return "Closed";
  if (days.length === 7) return "Every day";
  // Find a contiguous run that may wrap past Saturday into Sunday.
  for (let start = 0; start < 7; start++) {
    const run = Array.from({ length: days.length }, (_, i) => (start + i) % 7);
    if (run.every((d) => days.includes(d)) && !days.includes((start + 6) % 7)) {
      return days.length === 1 ? DAY_LONG[start]! : `${DAY_LONG[start]} to ${DAY_LONG[run[run.length - 1]!]}`;
    }
  }
  return days.map((d) => DAY_LONG[d]).join(", ");
}

/** The opening hours line shown on every page (R11): "Wednesday to Sunday 11am-5pm". */
export function openingHoursText(settingsIn: Settings): string {
  const s = withDefaults(settingsIn);
  const days = openDaysText(s);
  if (days === "Closed") return days;
  return `${days} ${hour12(parseSetting(s, "opening_time"))}-${hour12(parseSetting(s, "closing_time"))}`;
}

/** Display facts for pages: hours text, food service, slot ranges, contact details. */
export function siteFacts(settingsIn: Settings): SiteFacts {
  const s = withDefaults(settingsIn);
  return {
    openingHours: openingHoursText(s),
    openDays: parseSetting(s, "open_days"),
    openDaysText: openDaysText(s),
    openingTime: parseSetting(s, "opening_time"),
    closingTime: parseSetting(s, "closing_time"),
    bankHolidaysOpen: parseSetting(s, "bank_holidays_open") === "true",
    foodServedUntil: parseSetting(s, "food_served_until"),
    afternoonTeaFirstSlot: parseSetting(s, "afternoon_tea_first_slot"),
    afternoonTeaLastSlot: parseSetting(s, "afternoon_tea_last_slot"),
    afternoonTeaTableMinutes: parseSetting(s, "afternoon_tea_minutes"),
    tableFirstSlot: parseSetting(s, "table_first_slot"),
    tableLastSlot: parseSetting(s, "table_last_slot"),
    phone: parseSetting(s, "contact_phone"),
    email: parseSetting(s, "contact_email"),
    eventsEmail: parseSetting(s, "events_email"),
    address: postalAddress(parseSetting(s, "postal_address")),
  };
}

/** A postal address split from its setting "street lines…, town, county, postcode" (at least four parts). */
export function postalAddress(value: string): PostalAddress {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const [town = "", county = "", postcode = ""] = parts.length >= 4 ? parts.slice(-3) : ["", "", ""];
  const street = parts.length >= 4 ? parts.slice(0, -3).join(", ") : parts.join(", ");
  return { lines: parts, street, town, county, postcode };
}
