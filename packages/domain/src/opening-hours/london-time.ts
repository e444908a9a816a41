import { TIME_ZONE } from "../constants.js";

// Formatters are made on first use: building one loads time-zone data, which on a slow phone
// costs tens of milliseconds at start-up for pages that never show a date.
let londonParts: Intl.DateTimeFormat | undefined;
const londonFormatter = () =>
  (londonParts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }));

/** The tearoom's wall clock at an instant (R12): date yyyy-MM-dd and minutes since midnight in Europe/London. */
export function londonNow(instant: Date = new Date()): { date: string; minutes: number } {
  // London's offset is whole hours, so the answer is the same for every instant of a UTC minute:
  // remember the last minute asked (Intl formatting is the costly part of every booking request).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute && lastAnswer) return { ...lastAnswer };
  const parts = Object.fromEntries(londonFormatter().formatToParts(instant).map((p) => [p.type, p.value]));
  lastAnswer = { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  lastMinute = minute;
  return { ...lastAnswer };
}
let lastMinute = Number.NaN;
let lastAnswer: { date: string; minutes: number } | null = null;

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

export function toMinutes(time: string): number {
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
const longDate = () => (longDateFormat ??= new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }));

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
