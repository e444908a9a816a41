import {
  CoversQuerySchema,
  CoversReportSchema,
  NoShowReportSchema,
  ReportRangeQuerySchema,
  TakingsReportSchema,
  VouchersReportQuerySchema,
  VouchersReportSchema,
} from "@tearoom/domain";
import { staffProcedure, router } from "../../trpc/init.js";
import { coversReportOf, noShowsReport, takingsReport, vouchersReportAt } from "../services/reports.js";

const RANGE = "from and to are London dates (yyyy-MM-dd, both included, at most 3 years apart); a bad one is a 400 naming it.";

/** R54: the Reports screen's sections; each is also a CSV download (rest/staff-downloads.ts). */
export const reportsRouter = router({
  covers: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/reports/covers",
        operationId: "getCoversReport",
        tag: "reports",
        summary: `Covers (guests) and bookings of confirmed bookings by visit day, slot or type (?groupBy=day|slot|type, day when left out). ${RANGE}`,
        response: CoversReportSchema,
        errors: [400],
      },
    })
    .input(CoversQuerySchema)
    .query(({ ctx, input }) => coversReportOf(ctx.app, input)),
  takings: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/reports/takings",
        operationId: "getTakingsReport",
        tag: "reports",
        summary:
          "Money by the London day it moved: cardPence is everything taken through the payment provider (voucherSalesPence and feesPence are parts of it); " +
          "voucherRedeemedPence is value taken from vouchers (no money received); refundsPence card refunds; netPence = cardPence − refundsPence. " +
          `Vouchers sold at the till are in the vouchers report, not here. ${RANGE}`,
        response: TakingsReportSchema,
        errors: [400],
      },
    })
    .input(ReportRangeQuerySchema)
    .query(({ ctx, input }) => takingsReport(ctx.app, input)),
  noShows: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/reports/no-shows",
        operationId: "getNoShowsReport",
        tag: "reports",
        summary: `Confirmed bookings visiting in the range, arrived and no-shows, cancellations after the cut-off, and the rates. ${RANGE}`,
        response: NoShowReportSchema,
        errors: [400],
      },
    })
    .input(ReportRangeQuerySchema)
    .query(({ ctx, input }) => noShowsReport(ctx.app, input)),
  vouchers: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/reports/vouchers",
        operationId: "getVouchersReport",
        tag: "reports",
        summary:
          "Vouchers as of the end of London day ?at=: sold (by source), redeemed and expired unused (since ?from= when given, else ever), " +
          "and what is outstanding: pence on monetary vouchers, people on per-person ones valued at today's traditional tea price.",
        response: VouchersReportSchema,
        errors: [400],
      },
    })
    .input(VouchersReportQuerySchema)
    .query(({ ctx, input }) => vouchersReportAt(ctx.app, input)),
});
