// The opening hours' settings (R45) are JSON text, checked by plain functions like the other
// settings (setting-values.ts): the public booking calendar reads them for every day it draws and
// should not need zod to do so. The zod schemas in entities/opening-hours.ts describe the same
// shapes for the API.
import type { DayHours, OpeningSeason, WeeklyHours } from "../entities/opening-hours.js";
import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "../entities/calendar-date.js";
import { formatLongDate, formatTime12h, toMinutes } from "./london-time.js";

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
export type WeekDay = keyof WeeklyHours;

/** The days of a week as staff read them, Monday first. */
export const WEEK_DAYS: readonly WeekDay[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** A weekday's name as the admin and the messages show it: "Sunday". */
export const WEEK_DAY_LABELS: Record<WeekDay, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** Minutes since midnight of a closing time; a 00:00 closing is midnight at the end of the day. */
export const closeMinutes = (time: string): number => (time === "00:00" ? 24 * 60 : toMinutes(time));

/** What is wrong with a day's hours, naming the day as shown ("Sunday: closing time (10:00 AM) must be after opening time (11:00 AM)."), or null. */
export function dayHoursProblem(where: string, hours: unknown): string | null {
  if (typeof hours !== "object" || hours === null) return `${where}: give an opening and a closing time, or mark the day closed.`;
  const { open, close } = hours as Record<string, unknown>;
  if (typeof open !== "string" || !TIME_PATTERN.test(open)) return `${where}: opening time: Use a 24-hour time such as 11:00.`;
  if (typeof close !== "string" || !TIME_PATTERN.test(close)) return `${where}: closing time: Use a 24-hour time such as 17:00.`;
  if (closeMinutes(close) <= toMinutes(open)) return `${where}: closing time (${formatTime12h(close)}) must be after opening time (${formatTime12h(open)}).`;
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseJson(raw: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, message: "Use the opening hours editor; this is not a valid value" };
  }
}

/** A week's hours from JSON; `partial` allows days to be left out (the weekly_hours setting keeps only days that differ). */
function readWeek(value: unknown, prefix: string, partial: boolean): Checked<Partial<WeeklyHours>> {
  if (!isObject(value)) return { ok: false, message: `${prefix}give the hours of each day` };
  const out: Partial<WeeklyHours> = {};
  for (const key of Object.keys(value)) {
    if (!(WEEK_DAYS as readonly string[]).includes(key)) return { ok: false, message: `${prefix}${key} is not a day; use mon, tue, wed, thu, fri, sat or sun` };
  }
  for (const day of WEEK_DAYS) {
    if (!Object.hasOwn(value, day)) {
      if (partial) continue;
      return { ok: false, message: `${prefix}${WEEK_DAY_LABELS[day]}: give its hours or mark it closed` };
    }
    const hours = value[day];
    if (hours === null) {
      out[day] = null;
      continue;
    }
    const problem = dayHoursProblem(`${prefix}${WEEK_DAY_LABELS[day]}`, hours);
    if (problem) return { ok: false, message: problem };
    const { open, close } = hours as DayHours;
    out[day] = { open, close };
  }
  return { ok: true, value: out };
}

/** The weekly_hours setting: the open days' hours that differ from the opening and closing times, as JSON. */
export function checkWeekHoursValue(raw: string): Checked<Partial<WeeklyHours>> {
  const json = parseJson(raw);
  return json.ok ? readWeek(json.value, "", true) : json;
}

/** "Winter (1 November 2026 to 28 February 2027)": a season as messages name it. */
export const seasonText = (s: Pick<OpeningSeason, "name" | "from" | "to">): string =>
  `${s.name} (${formatLongDate(s.from).replace(/^\w+, /, "")} to ${formatLongDate(s.to).replace(/^\w+, /, "")})`;

/** What is wrong with a list of seasons: a missing name, a bad date or week, dates the wrong way round, or two seasons that overlap (naming both); null when fine. */
export function seasonsProblem(seasons: readonly OpeningSeason[]): string | null {
  for (const [i, season] of seasons.entries()) {
    const where = season.name.trim() ? `Season ${season.name.trim()}` : `Season ${i + 1}`;
    if (!season.name.trim()) return `${where}: give the season a name.`;
    for (const [field, value] of [
      ["from", season.from],
      ["to", season.to],
    ] as const) {
      if (!DATE_PATTERN.test(value) || !isRealDate(value)) return `${where}: ${field}: Use a real date such as 2026-11-01.`;
    }
    if (season.to < season.from) return `${where}: its last day (${formatLongDate(season.to)}) must not be before its first (${formatLongDate(season.from)}).`;
  }
  const sorted = [...seasons].sort((a, b) => a.from.localeCompare(b.from));
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (b.from <= a.to) return `Seasons ${seasonText(a)} and ${seasonText(b)} overlap; a date can be in one season only.`;
  }
  return null;
}

/** The opening_seasons setting: a JSON list of seasons, each with a full week, none overlapping. */
export function checkSeasonsValue(raw: string): Checked<OpeningSeason[]> {
  const json = parseJson(raw);
  if (!json.ok) return json;
  if (!Array.isArray(json.value)) return { ok: false, message: "Use the opening hours editor; seasons are a list" };
  const out: OpeningSeason[] = [];
  for (const [i, item] of (json.value as unknown[]).entries()) {
    if (!isObject(item)) return { ok: false, message: `Season ${i + 1}: give its name, dates and week` };
    const { name, from, to, weekly } = item;
    if (typeof name !== "string" || typeof from !== "string" || typeof to !== "string")
      return { ok: false, message: `Season ${i + 1}: give its name, first and last day` };
    const week = readWeek(weekly, `Season ${name.trim() || i + 1}, `, false);
    if (!week.ok) return week;
    out.push({ name: name.trim(), from, to, weekly: week.value as WeeklyHours });
  }
  const problem = seasonsProblem(out);
  return problem ? { ok: false, message: problem } : { ok: true, value: out.sort((a, b) => a.from.localeCompare(b.from)) };
}
