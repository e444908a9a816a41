import { z } from "zod";
import { ArrivalSchema, BookingSchema, BookingTypeSchema } from "./booking.js";
import { isoDate, timeOfDay } from "./common.js";
import { RestoreVoucherSchema } from "../payments/refunds.js";
import { addDays } from "../opening-hours/london-time.js";

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

/** What to do with the bookings on a date being closed (R32, R34, R36): the same for one date or a range. */
const closureChoices = {
  cancelBookings: z.boolean({ error: "Choose true (cancel the bookings on that date) or false (keep them)" }),
  notifyGuests: z.boolean({ error: "Use true or false" }).default(true),
  /** R34's refund choice for the paid bookings it cancels: all that is left of each payment (default), or none. */
  refund: z.enum(["full", "none"], { error: 'refund must be "full" or "none"' }).default("full"),
  /** R36: a gift voucher's part of each cancelled booking goes back to the voucher unless false. */
  restoreVoucher: RestoreVoucherSchema,
};

/**
 * POST /api/closures (R32): close a date; the bookings on it are kept, or cancelled and (unless
 * told otherwise) each guest e-mailed.
 */
export const CloseDateInputSchema = z.object({ date: StaffDateSchema, ...closureChoices });

/** The most days one closure may span (R45): a year, leap day included. */
export const CLOSURE_RANGE_MAX_DAYS = 366;

/** The days from `from` to `to`, both included (yyyy-MM-dd); empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= CLOSURE_RANGE_MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** `from` and `to` of a closure range, in order and at most CLOSURE_RANGE_MAX_DAYS days apart (both included). */
const rangeFields = {
  from: StaffDateSchema,
  to: StaffDateSchema,
};
const checkRange = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  // Zod runs an object's refinement even when a field failed: only two real dates are compared.
  if (!StaffDateSchema.safeParse(range.from).success || !StaffDateSchema.safeParse(range.to).success) return;
  if (range.to < range.from) ctx.addIssue({ code: "custom", path: ["to"], message: "The last date must be on or after the first date" });
  else if (datesBetween(range.from, range.to).length > CLOSURE_RANGE_MAX_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: `A closure spans at most ${CLOSURE_RANGE_MAX_DAYS} days` });
};

/** GET /api/closures/preview?from=&to= (R45): the days of a range and the bookings that stand on them, before closing it. */
export const ClosureRangeQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type ClosureRangeQuery = z.infer<typeof ClosureRangeQuerySchema>;

/** POST /api/closures with `{ from, to }` (R45): close every date of the range, both included, with one choice for their bookings. */
export const CloseRangeInputSchema = z.object({ ...rangeFields, ...closureChoices }).superRefine(checkRange);

/** Part of a day in one area (R45: a private party on the Terrace 14:00–17:00). */
const partFields = {
  date: StaffDateSchema,
  startTime: timeOfDay("startTime: Use a 24-hour time such as 14:00"),
  endTime: timeOfDay("endTime: Use a 24-hour time such as 17:00"),
  areaId: z
    .number({ error: "areaId: Choose one of the seating areas" })
    .int({ error: "areaId: Choose one of the seating areas" })
    .positive({ error: "areaId: Choose one of the seating areas" }),
};
const checkPart = (part: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (typeof part.startTime === "string" && typeof part.endTime === "string" && part.endTime <= part.startTime)
    ctx.addIssue({ code: "custom", path: ["endTime"], message: "endTime: The end must be after the start" });
};

/** GET /api/closures/area-preview?date=&startTime=&endTime=&areaId= (R45): the bookings a part-day closure of one area affects. */
export const AreaClosureQuerySchema = z
  .object({
    ...partFields,
    areaId: z.coerce
      .number({ error: "areaId: Choose one of the seating areas" })
      .int({ error: "areaId: Choose one of the seating areas" })
      .positive({ error: "areaId: Choose one of the seating areas" }),
  })
  .superRefine(checkPart);
export type AreaClosureQuery = z.infer<typeof AreaClosureQuerySchema>;

/** POST /api/closures with `{ date, startTime, endTime, areaId }` (R45): close part of a day in one area, with the same choices. */
export const CloseAreaInputSchema = z
  .object({ ...partFields, reason: z.string().trim().max(200, { error: "reason: Must be at most 200 characters" }).optional(), ...closureChoices })
  .superRefine(checkPart);

/**
 * The body of POST /api/closures: one date (`date`), a range (`from`, `to`) or part of a day in one
 * area (`date`, `startTime`, `endTime`, `areaId`). Parsed as the range when it names `from` or `to`,
 * as a part of a day when it names `areaId`, `startTime` or `endTime`, otherwise as one date, so
 * each refusal names the field of the shape that was sent.
 */
export const CloseDatesInputSchema = z
  .custom<z.input<typeof CloseDateInputSchema> | z.input<typeof CloseRangeInputSchema> | z.input<typeof CloseAreaInputSchema>>()
  .transform((body: unknown, ctx): CloseDatesInput => {
    const has = (key: string) => typeof body === "object" && body !== null && key in body;
    const schema =
      has("from") || has("to") ? CloseRangeInputSchema : has("areaId") || has("startTime") || has("endTime") ? CloseAreaInputSchema : CloseDateInputSchema;
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const { message, path } of parsed.error.issues) ctx.addIssue({ code: "custom", message, path });
    return z.NEVER;
  });
/** The body as the service takes it: one date, a range or part of a day in an area, defaults applied. */
export type CloseDatesInput = z.output<typeof CloseDateInputSchema> | z.output<typeof CloseRangeInputSchema> | z.output<typeof CloseAreaInputSchema>;
export type CloseAreaInput = z.output<typeof CloseAreaInputSchema>;
/** The documented body of POST /api/closures: any of the three shapes. */
export const CloseDatesBodySchema = z.union([CloseDateInputSchema, CloseRangeInputSchema, CloseAreaInputSchema]);

/** A part of a day one area is closed (R45), as GET /api/closures lists it. */
export const AreaClosureSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  areaId: z.number().int(),
  areaName: z.string(),
  reason: z.string().nullable(),
});
export type AreaClosure = z.infer<typeof AreaClosureSchema>;

/** GET /api/closures/area-preview: the window and the bookings in that area it overlaps. */
export const AreaClosurePreviewSchema = z.object({ closure: AreaClosureQuerySchema, areaName: z.string(), bookings: z.array(BookingSchema) });
export type AreaClosurePreview = z.infer<typeof AreaClosurePreviewSchema>;

/** GET /api/closures/preview (R45): the range, the dates in it already closed, and the bookings standing on its other dates (those closing it affects) in date and time order. */
export const ClosureRangePreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** How many dates the range spans, both ends included. */
  days: z.number().int(),
  /** The dates of the range that are closed already (closing the range leaves them as they are). */
  closedDates: z.array(z.string()),
  bookings: z.array(BookingSchema),
});
export type ClosureRangePreview = z.infer<typeof ClosureRangePreviewSchema>;

/** A paid booking the provider would not refund: left as it was (not cancelled), with the provider's reason. */
export const ClosureRefundFailureSchema = z.object({ booking: BookingSchema, message: z.string() });
export type ClosureRefundFailure = z.infer<typeof ClosureRefundFailureSchema>;

/**
 * What closing a date did: the preview after it, the bookings it cancelled, and the paid ones it
 * could not refund (so did not cancel: they stand, and are in `bookings`).
 */
export const ClosureResultSchema = ClosurePreviewSchema.extend({
  cancelled: z.array(BookingSchema),
  notRefunded: z.array(ClosureRefundFailureSchema),
  /**
   * R45: only when a range was closed (`date` is then its first day and `bookings` stand on the
   * dates it closed): the range and the dates it closed (those already closed are left out).
   */
  range: z.object({ from: z.string(), to: z.string(), closedDates: z.array(z.string()) }).optional(),
  /** R45: only when part of a day in one area was closed (`closed` then says whether the whole date is). */
  areaClosure: AreaClosureSchema.optional(),
});
export type ClosureResult = z.infer<typeof ClosureResultSchema>;

/** GET /api/closures: the closed dates from today on (the calendar's marks). */
export const ClosedDatesSchema = z.object({
  dates: z.array(z.string()),
  /** R45: the parts of days areas are closed, from today on. */
  areas: z.array(AreaClosureSchema).optional(),
});
export type ClosedDates = z.infer<typeof ClosedDatesSchema>;
