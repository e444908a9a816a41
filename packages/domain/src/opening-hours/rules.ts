import type { BookingType } from "../entities/booking.js";
import type { DayHours, OpeningSeason, WeeklyHours } from "../entities/opening-hours.js";
import type { PostalAddress, SiteFacts } from "../entities/site-info.js";
import { DAY_NAMES, parseSetting, withDefaults } from "../entities/setting-values.js";
import { isBankHoliday } from "./bank-holidays.js";
import { dayOfWeek, formatLongDate, fromMinutes, hour12, londonNow, toMinutes } from "./london-time.js";
import { closeMinutes, WEEK_DAY_LABELS, WEEK_DAYS, type WeekDay } from "./week-values.js";

export type Settings = Record<string, string>;
export type { WeekDay };

/** Why a date cannot be booked, or null when it can. */
export type DateRefusal = "past" | "closed-day" | "closed-date" | null;

// Weeks are values derived from a settings map, kept with it: the calendar asks for every day it draws.
const weekCache = new WeakMap<Record<string, string>, WeeklyHours>();

/**
 * The usual week (R45): each open day (open_days) at its own hours when weekly_hours gives them,
 * else at the opening and closing times; the other days closed (null). With weekly_hours never
 * stored this is the week the site kept before R45.
 */
export function weeklyHours(settingsIn: Settings): WeeklyHours {
  const s = withDefaults(settingsIn);
  const cached = weekCache.get(s);
  if (cached) return cached;
  const open = parseSetting(s, "open_days");
  const own = parseSetting(s, "weekly_hours");
  const usual = { open: parseSetting(s, "opening_time"), close: parseSetting(s, "closing_time") };
  const week = Object.fromEntries(WEEK_DAYS.map((d) => [d, open.includes(d) ? { ...(own[d] ?? usual) } : null])) as WeeklyHours;
  weekCache.set(s, Object.freeze(week));
  return week;
}

/** The seasons (R45) in date order, each a date range (both ends included) with a week of its own. */
export function openingSeasons(settings: Settings): readonly OpeningSeason[] {
  return parseSetting(withDefaults(settings), "opening_seasons");
}

/** The season a date falls in, if any. */
export function seasonOn(settings: Settings, date: string): OpeningSeason | undefined {
  return openingSeasons(settings).find((s) => s.from <= date && date <= s.to);
}

/**
 * The tearoom's hours on a date (R45), or null when it is closed: a closed date is closed; then
 * the week in force (the date's season's week, else the usual week) gives the weekday's hours.
 * A bank holiday (R11) is closed when bank_holidays_open is "false"; when "true" it opens, at its
 * weekday's hours in the week in force, or at the usual opening and closing times when that
 * weekday is otherwise closed (an Easter Monday in a week that opens Wednesday to Sunday).
 */
export function hoursOn(settingsIn: Settings, date: string): DayHours | null {
  const s = withDefaults(settingsIn);
  if (parseSetting(s, "closed_dates").includes(date)) return null;
  const week = seasonOn(s, date)?.weekly ?? weeklyHours(s);
  const day = week[DAY_NAMES[dayOfWeek(date)]!];
  if (isBankHoliday(date)) {
    if (parseSetting(s, "bank_holidays_open") !== "true") return null;
    return day ? { ...day } : { open: parseSetting(s, "opening_time"), close: parseSetting(s, "closing_time") };
  }
  return day ? { ...day } : null;
}

/** Whether the tearoom opens on a date (R11, R45): it has hours that day (`hoursOn`). */
export function isOpenDate(settings: Settings, date: string): boolean {
  return hoursOn(settings, date) !== null;
}

/**
 * Why a booking of this type cannot be made on this date in London time (R12), or null. Today
 * counts as past once its last slot of this type has begun.
 */
export function dateRefusal(settingsIn: Settings, type: BookingType, date: string, now: Date = new Date()): DateRefusal {
  const settings = withDefaults(settingsIn);
  const london = londonNow(now);
  if (date < london.date) return "past";
  if (date === london.date && !slotTimesOn(settings, type, date).some((t) => toMinutes(t) > london.minutes)) return "past";
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
    case "event":
      // R53: an event's times are its sittings', not the booking times.
      return [];
  }
}

/**
 * Every slot of a booking type on a date (R45), none when the tearoom is closed. On a day whose
 * hours differ from the usual opening and closing times, the type's first and last slots move by
 * as much as that day's opening and closing do, never beyond the configured range: closing an
 * hour early takes the last slot an hour earlier. The Secret Garden keeps its own times.
 */
export function slotTimesOn(settingsIn: Settings, type: BookingType, date: string): string[] {
  const s = withDefaults(settingsIn);
  if (type === "secretGarden") return slotTimes(s, type);
  const hours = hoursOn(s, date);
  if (!hours) return [];
  return shiftedSlots(s, type, hours);
}

/** A type's slots on a day with these hours (the shift of `slotTimesOn`). */
export function shiftedSlots(settingsIn: Settings, type: Exclude<BookingType, "secretGarden">, hours: DayHours): string[] {
  const s = withDefaults(settingsIn);
  const usual = slotTimes(s, type);
  const [first, last] = [usual[0], usual[usual.length - 1]];
  if (first === undefined || last === undefined) return [];
  const openShift = toMinutes(hours.open) - toMinutes(parseSetting(s, "opening_time"));
  const closeShift = closeMinutes(hours.close) - closeMinutes(parseSetting(s, "closing_time"));
  if (openShift === 0 && closeShift === 0) return usual;
  const from = Math.max(toMinutes(first), toMinutes(first) + openShift);
  const to = Math.min(toMinutes(last), toMinutes(last) + closeShift);
  const out: string[] = [];
  for (let t = from; t <= to; t += parseSetting(s, "slot_interval_minutes")) out.push(fromMinutes(t));
  return out;
}

/** Slots still bookable on a date: none on closed or past dates; on today only those not yet started. */
export function slotsForDate(settings: Settings, type: BookingType, date: string, now: Date = new Date()): string[] {
  if (dateRefusal(settings, type, date, now) !== null) return [];
  const london = londonNow(now);
  const all = slotTimesOn(settings, type, date);
  return date === london.date ? all.filter((t) => toMinutes(t) > london.minutes) : all;
}

/** Secret Garden slots that accept private spots only (the 18:00 "Private Events Only" slot, R15). */
export function privateOnlyTimes(settings: Settings): string[] {
  return [...parseSetting(withDefaults(settings), "secret_garden_private_only_times")];
}

/** Seats per slot for a booking type (R13); Secret Garden capacity is per spot instead. */
export function capacityPerSlot(settingsIn: Settings, type: Exclude<BookingType, "secretGarden" | "event">): number {
  const s = withDefaults(settingsIn);
  if (type === "afternoonTea") return parseSetting(s, "afternoon_tea_covers_per_slot");
  if (type === "table") return parseSetting(s, "table_covers_per_slot");
  return parseSetting(s, "picnic_hamper_covers_per_slot");
}

const DAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Wednesday to Sunday" for a contiguous run of days (0 = Sunday), which may wrap past Saturday; else a comma list. */
function daysText(daysIn: readonly number[]): string {
  const days = [...daysIn].sort((a, b) => a - b);
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

/** "Wednesday to Sunday": the days the usual week opens. */
export function openDaysText(settings: Settings): string {
  return weekDaysText(weeklyHours(settings));
}

/** "Friday to Sunday": the days a week opens. */
export function weekDaysText(week: WeeklyHours): string {
  return daysText(WEEK_DAYS.filter((d) => week[d]).map((d) => DAY_NAMES.indexOf(d)));
}

const hoursText = (h: DayHours) => `${hour12(h.open)}-${hour12(h.close)}`;

/** A week in words, days with the same hours together: "Wednesday to Saturday 11am-5pm, Sunday 11am-4pm", or "Closed". */
export function weekText(week: WeeklyHours): string {
  const groups = new Map<string, number[]>();
  for (const d of WEEK_DAYS) {
    const h = week[d];
    if (h) groups.set(hoursText(h), [...(groups.get(hoursText(h)) ?? []), DAY_NAMES.indexOf(d)]);
  }
  if (groups.size === 0) return "Closed";
  return [...groups].map(([hours, days]) => `${daysText(days)} ${hours}`).join(", ");
}

/** The opening hours line shown on every page (R11, R45): "Wednesday to Saturday 11am-5pm, Sunday 11am-4pm". */
export function openingHoursText(settings: Settings): string {
  return weekText(weeklyHours(settings));
}

/** Each weekday of the usual week in words, Monday first: { day: "Sunday", hours: "11am-4pm" } or "Closed". */
export function hoursByDay(settings: Settings): { day: string; hours: string }[] {
  const week = weeklyHours(settings);
  return WEEK_DAYS.map((d) => ({ day: WEEK_DAY_LABELS[d], hours: week[d] ? hoursText(week[d]) : "Closed" }));
}

/** A season in words: "Winter, 1 November 2026 to 28 February 2027: Friday to Sunday 11am-4pm". */
export function seasonHoursText(season: OpeningSeason): string {
  const day = (date: string) => formatLongDate(date).replace(/^\w+, /, "");
  return `${season.name}, ${day(season.from)} to ${day(season.to)}: ${weekText(season.weekly)}`;
}

/** Display facts for pages: hours text, food service, slot ranges, contact details. */
export function siteFacts(settingsIn: Settings): SiteFacts {
  const s = withDefaults(settingsIn);
  const seasons = openingSeasons(s);
  return {
    openingHours: openingHoursText(s),
    openDays: parseSetting(s, "open_days"),
    openDaysText: openDaysText(s),
    openingTime: parseSetting(s, "opening_time"),
    closingTime: parseSetting(s, "closing_time"),
    weeklyHours: weeklyHours(s),
    hoursByDay: hoursByDay(s),
    seasons: [...seasons],
    seasonsText: seasons.map(seasonHoursText),
    bankHolidaysOpen: parseSetting(s, "bank_holidays_open") === "true",
    foodServedUntil: parseSetting(s, "food_served_until"),
    afternoonTeaFirstSlot: parseSetting(s, "afternoon_tea_first_slot"),
    afternoonTeaLastSlot: parseSetting(s, "afternoon_tea_last_slot"),
    afternoonTeaTableMinutes: parseSetting(s, "afternoon_tea_minutes"),
    afternoonTeaComingSoon: parseSetting(s, "afternoon_tea_coming_soon") === "true",
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
