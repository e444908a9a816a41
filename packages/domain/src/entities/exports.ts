import { z } from "zod";
import { isoDate } from "./common.js";

/** The longest span one bookings export covers: a year, so one export stays a few megabytes at most. */
export const BOOKINGS_EXPORT_MAX_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /api/bookings.csv?from=&to=`: visit dates from and to (inclusive), yyyy-MM-dd. */
export const BookingsExportQuerySchema = z
  .object({
    from: isoDate("from must be a date (yyyy-MM-dd)"),
    to: isoDate("to must be a date (yyyy-MM-dd)"),
  })
  .refine((q) => q.from <= q.to, { error: "to must be on or after from", path: ["to"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < BOOKINGS_EXPORT_MAX_DAYS, {
    error: `A bookings export covers at most ${BOOKINGS_EXPORT_MAX_DAYS} days`,
    path: ["to"],
  });
export type BookingsExportQuery = z.infer<typeof BookingsExportQuerySchema>;
