/** A calendar date as the spec writes it: yyyy-MM-dd (whether the day exists is `isRealDate`). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A time of day as HH:mm on the 24-hour clock. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether yyyy-MM-dd text names a day that exists (no 30 February). */
export function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number);
  if (!y || !m || !d) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
