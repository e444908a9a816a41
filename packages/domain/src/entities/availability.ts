import { z } from "zod";
import { BookingTypeSchema } from "./booking.js";
import { isoDate } from "./common.js";

/** GET /api/availability query: which slots of a booking type have room on a date. */
export const AvailabilityQuerySchema = z.object({
  type: z.enum(BookingTypeSchema.options, { error: "type must be afternoonTea, table, picnicHamper or secretGarden" }),
  date: isoDate("date must be a date such as 2026-06-13"),
  gardenSpotId: z.string().trim().min(1).max(60).optional(),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

/** Slots are listed even when full (remaining 0) so a form can show them as taken. */
export const AvailabilitySchema = z.object({
  type: BookingTypeSchema,
  date: z.string(),
  bookable: z.boolean(),
  slots: z.array(z.object({ time: z.string(), remaining: z.number().int().min(0) })),
});
export type Availability = z.infer<typeof AvailabilitySchema>;
