import { DATE_PATTERN, isRealDate } from "../entities/calendar-date.js";

/**
 * When British Summer Time starts and ends in a year: 01:00 UTC on the last Sunday of March and
 * of October (the UK rule since 1996, the Summer Time Order 2002), as epoch milliseconds.
 */
function summerTime(year: number): { starts: number; ends: number } {
  const lastSundayAt1 = (monthIndex: number) => {
    const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
    return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
  };
  return { starts: lastSundayAt1(2), ends: lastSundayAt1(9) };
}

/**
 * The tearoom's wall clock at an instant (R12): date yyyy-MM-dd and minutes since midnight in
 * Europe/London. Worked out from the summer-time rule rather than through Intl: building a
 * time-zone formatter costs tens of milliseconds on a phone, in the middle of a booking page's
 * first render.
 */
export function londonNow(instant: Date = new Date()): { date: string; minutes: number } {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new RangeError("londonNow: invalid date");
  const { starts, ends } = summerTime(instant.getUTCFullYear());
  const wall = new Date(t + (t >= starts && t < ends ? 3_600_000 : 0));
  return { date: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/**
 * The instant a London calendar day begins (R12): midnight GMT in winter, 23:00 UTC the evening
 * before in summer time. The clocks change at 01:00 UTC, never at midnight, so midnight always exists.
 */
export function londonDayStart(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const hourBefore = new Date(utcMidnight - 3_600_000);
  return londonNow(hourBefore).date === date ? hourBefore : new Date(utcMidnight);
}

// An instant as `Date.prototype.toISOString()` writes it, or with a numeric offset; seconds optional.
const INSTANT_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/**
 * The London calendar date a request's date means (R12): yyyy-MM-dd as it is, or an ISO instant
 * with a zone (the spec's client sends `date.toISOString()` of the local midnight the visitor
 * picked: `2026-12-02T00:00:00.000Z` in winter, `2027-06-09T23:00:00.000Z` for 10 June in summer
 * time) read as the London date of that instant. Undefined for anything else, or a day that does
 * not exist; an instant without a zone is refused, since its meaning would depend on the server's.
 */
export function londonCalendarDate(value: string): string | undefined {
  if (DATE_PATTERN.test(value)) return isRealDate(value) ? value : undefined;
  const match = INSTANT_PATTERN.exec(value);
  if (!match || !isRealDate(match[1]!)) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : londonNow(instant).date;
}

/** Day of week (0 = Sunday) of a calendar date; a calendar date's weekday is the same in every zone. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

const digit = (time: string, i: number) => {
  const d = time.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};

/** "14:30" → 870. Read by character: the room counts a whole day's bookings for every booking made. */
export function toMinutes(time: string): number {
  if (time.length === 5 && time.charCodeAt(2) === 58) return (digit(time, 0) * 10 + digit(time, 1)) * 60 + digit(time, 3) * 10 + digit(time, 4);
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "14:30" → "2:30 PM". */
export function formatTime12h(time: string): string {
  const total = toMinutes(time);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const suffix = h >= 12 ? "PM" : "AM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "2026-11-25" → "Wednesday, 25 November 2026" (the long date of confirmations). */
// Built once: constructing an Intl formatter costs far more than formatting with it.
let longDateFormat: Intl.DateTimeFormat | undefined;
const longDate = () =>
  (longDateFormat ??= new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }));

export function formatLongDate(date: string): string {
  let text = longDates.get(date);
  if (text === undefined) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    text = longDate().format(new Date(Date.UTC(y, m - 1, d)));
    // Bounded: a few years of dates; Intl formatting costs more than the lookup on every e-mail and message.
    if (longDates.size >= 2_000) longDates.clear();
    longDates.set(date, text);
  }
  return text;
}
const longDates = new Map<string, string>();

/** "12:00" → "12pm", "16:30" → "4:30pm": the short form of opening-hours lines. */
export function hour12(time: string): string {
  const minutes = toMinutes(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const base = `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, "0")}` : ""}`;
  return `${base}${h >= 12 ? "pm" : "am"}`;
}
