import { formatLongDate, formatTime12h, TIME_ZONE } from "@tearoom/domain";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const DATE = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "short", year: "numeric" });

/** An ISO instant as the tearoom's wall clock (R12): "3 Jun 2026, 14:05". */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** An ISO instant's London date: "3 Jun 2026". */
export function formatInstantDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

/** A calendar date (yyyy-MM-dd) in short form: "Wed 3 Jun 2026". */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export { formatLongDate, formatTime12h };
