import { z } from "zod";
import { ArrivalSchema, BookingSchema, BookingTypeSchema } from "./booking.js";
import { isoDate } from "./common.js";
import { RestoreVoucherSchema } from "../payments/refunds.js";

const DATE_MESSAGE = "Please give a date as yyyy-MM-dd, e.g. 2026-06-13";

/** A date the staff screens ask about (the day sheet, a closure). */
export const StaffDateSchema = isoDate(DATE_MESSAGE);

/** GET /api/bookings/day query (R31). */
export const DaySheetQuerySchema = z.object({ date: StaffDateSchema });
export type DaySheetQuery = z.infer<typeof DaySheetQuerySchema>;

/** One slot of a booking type: guests booked (covers) against what it seats (R31). */
export const DaySlotSchema = z.object({
  type: BookingTypeSchema,
  time: z.string(),
  covers: z.number().int(),
  capacity: z.number().int(),
});

/** The day sheet (R31): slots per type and the bookings that stand that day, in time order. */
export const DaySheetSchema = z.object({
  date: z.string(),
  /** False when the tearoom is shut that day (closed date, closed day, bank holiday closed). */
  open: z.boolean(),
  slots: z.array(DaySlotSchema),
  bookings: z.array(BookingSchema),
});
export type DaySheet = z.infer<typeof DaySheetSchema>;

/**
 * POST /api/bookings/{id}/arrival (R28): "arrived" or "no-show" on the day; null takes a mistaken
 * mark back.
 */
export const ArrivalInputSchema = z.object({
  status: z.enum(ArrivalSchema.options, { error: 'Use "arrived", "no-show", or null to take the mark back' }).nullable(),
});
export type ArrivalInput = z.infer<typeof ArrivalInputSchema>;

/** GET /api/closures/{date} (R32): whether the date is closed, and the bookings that stand on it. */
export const ClosurePreviewSchema = z.object({
  date: z.string(),
  closed: z.boolean(),
  bookings: z.array(BookingSchema),
});
export type ClosurePreview = z.infer<typeof ClosurePreviewSchema>;

/**
 * POST /api/closures (R32): close a date; the bookings on it are kept, or cancelled and (unless
 * told otherwise) each guest e-mailed.
 */
export const CloseDateInputSchema = z.object({
  date: StaffDateSchema,
  cancelBookings: z.boolean({ error: "Choose true (cancel the bookings on that date) or false (keep them)" }),
  notifyGuests: z.boolean({ error: "Use true or false" }).default(true),
  /** R34's refund choice for the paid bookings it cancels: all that is left of each payment (default), or none. */
  refund: z.enum(["full", "none"], { error: 'refund must be "full" or "none"' }).default("full"),
  /** R36: a gift voucher's part of each cancelled booking goes back to the voucher unless false. */
  restoreVoucher: RestoreVoucherSchema,
});

/** A paid booking the provider would not refund: left as it was (not cancelled), with the provider's reason. */
export const ClosureRefundFailureSchema = z.object({ booking: BookingSchema, message: z.string() });
export type ClosureRefundFailure = z.infer<typeof ClosureRefundFailureSchema>;

/**
 * What closing a date did: the preview after it, the bookings it cancelled, and the paid ones it
 * could not refund (so did not cancel: they stand, and are in `bookings`).
 */
export const ClosureResultSchema = ClosurePreviewSchema.extend({ cancelled: z.array(BookingSchema), notRefunded: z.array(ClosureRefundFailureSchema) });
export type ClosureResult = z.infer<typeof ClosureResultSchema>;

/** GET /api/closures: the closed dates from today on (the calendar's marks). */
export const ClosedDatesSchema = z.object({ dates: z.array(z.string()) });
export type ClosedDates = z.infer<typeof ClosedDatesSchema>;
