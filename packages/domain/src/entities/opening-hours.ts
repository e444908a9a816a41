import { z } from "zod";
import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "./calendar-date.js";

const TIME_MESSAGE = "Use a 24-hour time such as 12:00";

/** One day's hours: opening and closing as HH:mm (a 00:00 closing is midnight). */
export const DayHoursSchema = z.object({
  open: z.string().regex(TIME_PATTERN, TIME_MESSAGE),
  close: z.string().regex(TIME_PATTERN, TIME_MESSAGE),
});
export type DayHours = z.infer<typeof DayHoursSchema>;

/** A week of hours (R45): each weekday's hours, or null when the tearoom is closed that day. */
export const WeeklyHoursSchema = z.object({
  mon: DayHoursSchema.nullable(),
  tue: DayHoursSchema.nullable(),
  wed: DayHoursSchema.nullable(),
  thu: DayHoursSchema.nullable(),
  fri: DayHoursSchema.nullable(),
  sat: DayHoursSchema.nullable(),
  sun: DayHoursSchema.nullable(),
});
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

const dateField = z.string().regex(DATE_PATTERN, "Use a date such as 2026-11-01").refine(isRealDate, "Use a real date such as 2026-11-01");

/** A season (R45): a date range, both ends included, with a week of its own (e.g. winter). */
export const OpeningSeasonSchema = z.object({
  name: z.string().trim().min(1, "Give the season a name").max(60, "Use at most 60 characters"),
  from: dateField,
  to: dateField,
  weekly: WeeklyHoursSchema,
});
export type OpeningSeason = z.infer<typeof OpeningSeasonSchema>;

/** GET and PUT /api/opening-hours: the usual week and the seasons, in date order. */
export const OpeningHoursSchema = z.object({
  weekly: WeeklyHoursSchema,
  seasons: z.array(OpeningSeasonSchema).max(20, "Use at most 20 seasons"),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;
