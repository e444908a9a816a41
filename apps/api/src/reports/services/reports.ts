import {
  cancelledLate,
  coversReport,
  londonRangeInstants,
  noShowReport,
  parseSetting,
  takingsByDay,
  unitPriceOrNull,
  vouchersReport,
  withDefaults,
  type CoversQuery,
  type CoversReport,
  type NoShowReport,
  type ReportRangeQuery,
  type TakingsReport,
  type VouchersReport,
  type VouchersReportQuery,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import {
  arrivalCounts,
  cancelledVisits,
  coversSums,
  paymentsByHour,
  redeemedBetween,
  redeemedByHour,
  refundsByHour,
  voucherFaces,
  voucherMoves,
  vouchersSold,
} from "../data/reports.js";

/** R54: the reports, read from the same ledgers as the bookings and vouchers lists (decisions 015, 018). */

/** What a per-person voucher's person is worth in the reports: today's traditional tea price (0 without one). */
async function pencePerPerson(ctx: AppContext): Promise<number> {
  return unitPriceOrNull(await getPricingItemsCached(ctx), "traditional-afternoon-tea") ?? 0;
}

export async function coversReportOf(ctx: AppContext, query: CoversQuery): Promise<CoversReport> {
  return coversReport(query, await coversSums(ctx.db, query.from, query.to, query.groupBy));
}

export async function takingsReport(ctx: AppContext, range: ReportRangeQuery): Promise<TakingsReport> {
  const { start, end } = londonRangeInstants(range.from, range.to);
  const [payments, refunds, redeemed, perPerson] = await Promise.all([
    paymentsByHour(ctx.db, start, end),
    refundsByHour(ctx.db, start, end),
    redeemedByHour(ctx.db, start, end),
    pencePerPerson(ctx),
  ]);
  return takingsByDay(range, { payments, refunds, redeemed }, perPerson);
}

export async function noShowsReport(ctx: AppContext, range: ReportRangeQuery): Promise<NoShowReport> {
  const [arrivals, cancelled, settings] = await Promise.all([
    arrivalCounts(ctx.db, range.from, range.to),
    cancelledVisits(ctx.db, range.from, range.to),
    getSettingsMap(ctx),
  ]);
  const hours = parseSetting(withDefaults(settings), "guest_cancellation_hours");
  const n = (arrival: string | null) => arrivals.find((a) => a.arrival === arrival)?.n ?? 0;
  return noShowReport({
    confirmed: arrivals.reduce((sum, a) => sum + a.n, 0),
    arrived: n("arrived"),
    noShows: n("no-show"),
    // A booking's last change is its cancellation: a cancelled booking is not edited again.
    lateCancels: cancelled.filter((c) => cancelledLate({ date: c.date, time: c.time, cancelledAt: c.cancelled_at }, hours)).length,
  });
}

/** The earliest date a voucher report reaches back to when no `from` is given: every voucher. */
const BEGINNING = "2000-01-01";

export async function vouchersReportAt(ctx: AppContext, query: VouchersReportQuery): Promise<VouchersReport> {
  const from = query.from ?? BEGINNING;
  const { start, end } = londonRangeInstants(from, query.at);
  const [sold, redeemed, face, moves, perPerson] = await Promise.all([
    vouchersSold(ctx.db, start, end),
    redeemedBetween(ctx.db, start, end),
    voucherFaces(ctx.db, query.at, from, end),
    voucherMoves(ctx.db, query.at, from, end),
    pencePerPerson(ctx),
  ]);
  return vouchersReport({ sold, redeemed, face, moves }, perPerson);
}
