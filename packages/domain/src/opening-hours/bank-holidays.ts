import { addDays, dayOfWeek } from "./london-time.js";

/** Easter Sunday (Gregorian, anonymous algorithm) as yyyy-MM-dd. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

function firstMonday(y: number, m: number): string {
  let date = iso(y, m, 1);
  while (dayOfWeek(date) !== 1) date = addDays(date, 1);
  return date;
}

function lastMonday(y: number, m: number): string {
  let date = addDays(iso(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1), -1);
  while (dayOfWeek(date) !== 1) date = addDays(date, -1);
  return date;
}

/** A fixed-date holiday moved to the next weekday if it falls at a weekend. */
function substitute(date: string, taken: Set<string>): string {
  let d = date;
  while (dayOfWeek(d) === 0 || dayOfWeek(d) === 6 || taken.has(d)) d = addDays(d, 1);
  return d;
}

/** England and Wales bank holidays of a year, by the standing rules (one-off royal holidays are not included). */
export function bankHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const days = new Set<string>();
  days.add(substitute(iso(year, 1, 1), days));
  days.add(addDays(easter, -2));
  days.add(addDays(easter, 1));
  days.add(firstMonday(year, 5));
  days.add(lastMonday(year, 5));
  days.add(lastMonday(year, 8));
  const christmas = substitute(iso(year, 12, 25), days);
  days.add(christmas);
  days.add(substitute(iso(year, 12, 26), days));
  return [...days].sort();
}

// Each year's holidays worked out once: a booking calendar asks about every day it draws, several
// times per render. Bounded, as a server may be asked about any year.
const holidaysByYear = new Map<number, ReadonlySet<string>>();
const CACHED_YEARS = 50;

export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(bankHolidays(year));
    if (holidaysByYear.size < CACHED_YEARS) holidaysByYear.set(year, holidays);
  }
  return holidays.has(date);
}
