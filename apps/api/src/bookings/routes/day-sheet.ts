import {
  AreaClosurePreviewSchema,
  AreaClosureQuerySchema,
  ArrivalInputSchema,
  BookingSchema,
  ClosedDatesSchema,
  ClosurePreviewSchema,
  ClosureResultSchema,
  CloseDatesBodySchema,
  CloseDatesInputSchema,
  ClosureRangePreviewSchema,
  ClosureRangeQuerySchema,
  DaySheetQuerySchema,
  CLOSURE_RANGE_MAX_DAYS,
  DaySheetSchema,
  id,
} from "@tearoom/domain";
import { closeDate, listClosedDates, previewAreaClosure, previewClosure, previewClosureRange, reopenAreaClosure, reopenDate } from "../services/closures.js";
import { getDaySheet, markArrival } from "../services/day-sheet.js";
import { z } from "zod";
import { IdParamsSchema } from "../../rest/helpers.js";
import { message, ok } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** R31: the day sheet and, on the day, arrival (R28). */
export const daySheetRouter = router({
  get: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/bookings/day",
        operationId: "getDaySheet",
        tag: "bookings",
        summary:
          "The day sheet (R31): covers per slot against capacity for each booking type, and the bookings that stand that day in time order, with their notes and arrival",
        response: DaySheetSchema,
        errors: [400],
      },
    })
    .input(DaySheetQuerySchema)
    .query(({ ctx, input }) => getDaySheet(ctx.app, input.date)),
  arrival: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/arrival",
        params: IdParamsSchema,
        operationId: "markArrival",
        tag: "bookings",
        summary:
          'Mark a confirmed booking "arrived" or "no-show" on or after its day; null takes the mark back (R28). 409 for any other status or a visit still to come',
        response: BookingSchema,
        errors: [400, 404],
        responses: { 409: message("The booking is not confirmed, or its day has not come") },
      },
    })
    .input(ArrivalInputSchema.extend({ id }))
    .mutation(({ ctx, input }) => markArrival(ctx.app, input.id, input.status, ctx.session.username)),
});

/** R32: closing and reopening dates; R45: closing a range of them. */
export const closuresRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/closures",
        operationId: "listClosures",
        tag: "bookings",
        summary: "Closed dates from today on (R32)",
        response: ClosedDatesSchema,
      },
    })
    .query(({ ctx }) => listClosedDates(ctx.app)),
  preview: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/closures/:date",
        params: DaySheetQuerySchema,
        operationId: "previewClosure",
        tag: "bookings",
        summary: "Before closing or reopening a date: whether it is closed, and the bookings that stand on it (R32)",
        response: ClosurePreviewSchema,
        errors: [400],
      },
    })
    .input(DaySheetQuerySchema)
    .query(({ ctx, input }) => previewClosure(ctx.app, input.date)),
  // A path of its own: /api/closures/:date stays as it was, and a static segment is matched before a parameter.
  previewRange: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/closures/preview",
        operationId: "previewClosureRange",
        tag: "bookings",
        summary: `Before closing a range of dates (R45): the dates of it already closed (closing leaves them as they are), and the bookings that stand on its other dates, in date and time order. from ≤ to, at most ${CLOSURE_RANGE_MAX_DAYS} days`,
        response: ClosureRangePreviewSchema,
        errors: [400],
      },
    })
    .input(ClosureRangeQuerySchema)
    .query(({ ctx, input }) => previewClosureRange(ctx.app, input)),
  areaPreview: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/closures/area-preview",
        operationId: "previewAreaClosure",
        tag: "bookings",
        summary: "Before closing part of a day in one area (R45): the standing bookings in that area whose stay overlaps the window",
        response: AreaClosurePreviewSchema,
        errors: [400],
      },
    })
    .input(AreaClosureQuerySchema)
    .query(({ ctx, input }) => previewAreaClosure(ctx.app, input)),
  reopenArea: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/closures/areas/:id",
        params: IdParamsSchema,
        status: 204,
        operationId: "reopenAreaClosure",
        tag: "bookings",
        summary: "Open an area again for a closed part of a day (R45); bookings cancelled when it closed stay cancelled. 404 when there is no such closure",
        response: z.null(),
        errors: [404],
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await reopenAreaClosure(ctx.app, input.id, ctx.session.username);
      return null;
    }),
  close: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/closures",
        status: 201,
        operationId: "closeDate",
        tag: "bookings",
        summary:
          'Close a date (R32): keep its bookings, or cancel them and e-mail each guest (notifyGuests, default true). Paid bookings are refunded in full through the provider first (refund: "full", the default) or not ("none") (R34); one the provider refuses is left standing and listed in `notRefunded`, the date still closes. A gift voucher\'s part goes back unless restoreVoucher is false (R36). 409 when already closed; nothing is written on any refusal' +
          `. R45: with \`from\` and \`to\` instead of \`date\`, every date of the range (both included, at most ${CLOSURE_RANGE_MAX_DAYS} days) closes in one transaction with the same choices; the dates of it already closed are left as they are (409 only when all are), and the answer adds \`range\``,
        request: CloseDatesBodySchema,
        response: ClosureResultSchema,
        errors: [400],
        responses: { 201: ok(ClosureResultSchema, "Closed"), 409: message("The date is already closed") },
      },
    })
    .input(CloseDatesInputSchema)
    .mutation(({ ctx, input }) => closeDate(ctx.app, input, ctx.session.username)),
  reopen: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/closures/:date",
        params: DaySheetQuerySchema,
        operationId: "reopenDate",
        tag: "bookings",
        summary: "Reopen a closed date (R32); bookings cancelled when it closed stay cancelled. 404 when the date is not closed",
        response: ClosurePreviewSchema,
        errors: [400, 404],
      },
    })
    .input(DaySheetQuerySchema)
    .mutation(({ ctx, input }) => reopenDate(ctx.app, input.date, ctx.session.username)),
});
