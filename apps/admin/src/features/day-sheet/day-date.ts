import { addDays, isRealDate, londonNow } from "@tearoom/domain";

/** Today in London (R12), whatever the browser's zone. */
export const londonToday = (now: Date = new Date()) => londonNow(now).date;

/** The day a `?date=` parameter names, or today when it names none (or nonsense). */
export function dayFromParam(value: string | null, now: Date = new Date()): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value) ? value : londonToday(now);
}

/** The day before and after, for the sheet's arrows. */
export const neighbours = (date: string) => ({ previous: addDays(date, -1), next: addDays(date, 1) });
