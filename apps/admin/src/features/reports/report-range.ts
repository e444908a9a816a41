import { addDays, isRealDate, londonNow, REPORT_MAX_DAYS } from "@tearoom/domain";

/** A report's London dates, both included (R54). */
export interface ReportRange {
  from: string;
  to: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** This month so far: the 1st to today, in London. */
export function thisMonth(now: Date = new Date()): ReportRange {
  const today = londonNow(now).date;
  return { from: firstOfMonth(today), to: today };
}

/** The whole of last month, in London. */
export function lastMonth(now: Date = new Date()): ReportRange {
  const lastDay = addDays(firstOfMonth(londonNow(now).date), -1);
  return { from: firstOfMonth(lastDay), to: lastDay };
}

/** This week so far: Monday to today, in London. */
export function thisWeek(now: Date = new Date()): ReportRange {
  const today = londonNow(now).date;
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return { from: addDays(today, -weekday), to: today };
}

/** What is wrong with a range the staff member typed, by field, as the API would answer it; empty when it is fine. */
export function rangeProblems(r: ReportRange): Partial<Record<keyof ReportRange, string>> {
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d);
  if (!valid(r.from)) return { from: "Please choose a start date" };
  if (!valid(r.to)) return { to: "Please choose an end date" };
  if (r.to < r.from) return { to: "The end date must be on or after the start date" };
  if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 >= REPORT_MAX_DAYS) return { to: "A report covers at most 3 years" };
  return {};
}

/** The query string of a report download for the range. */
export const rangeQuery = (r: ReportRange) => `from=${r.from}&to=${r.to}`;
