import { z } from "zod";
import { BOOKING_TYPES } from "../entities/booking-constants.js";
import { isoDate } from "../entities/common.js";
import { VOUCHER_SOURCES } from "../entities/gift-voucher-constants.js";
import type { VoucherSource } from "../entities/gift-voucher.js";
import { addDays, londonNow } from "../opening-hours/london-time.js";

/**
 * R54: the reports. The SQL sums money per UTC hour and counts bookings per group; these pure
 * functions turn those sums into London days, rates and answers, so the rules live here once.
 */

/** The longest range one report covers: three years (1,096 days with a leap day). */
export const REPORT_MAX_DAYS = 1096;

const DAY_MS = 24 * 60 * 60 * 1000;

const rangeFields = {
  from: isoDate("from must be a date (yyyy-MM-dd)"),
  to: isoDate("to must be a date (yyyy-MM-dd)"),
};

/** A range of London dates, from and to inclusive, at most three years. */
function withRangeRules<T extends z.ZodObject<typeof rangeFields>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { error: "to must be on or after from", path: ["to"] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < REPORT_MAX_DAYS, {
      error: "to must be at most 3 years after from",
      path: ["to"],
    });
}

/** `?from=&to=` of the takings and no-show reports. */
export const ReportRangeQuerySchema = withRangeRules(z.object(rangeFields));
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

export const COVERS_GROUPS = ["day", "slot", "type"] as const;
export type CoversGroup = (typeof COVERS_GROUPS)[number];

/** `?from=&to=&groupBy=day|slot|type` of the covers report (day when left out). */
export const CoversQuerySchema = withRangeRules(
  z.object({
    ...rangeFields,
    groupBy: z.enum(COVERS_GROUPS, { error: 'groupBy must be "day", "slot" or "type"' }).default("day"),
  }),
);
export type CoversQuery = z.infer<typeof CoversQuerySchema>;

/**
 * `?at=` of the vouchers report: the position at the end of that London day. `from` (optional, an
 * addition to the contract) limits what was sold, redeemed and expired to the days from it to `at`.
 */
export const VouchersReportQuerySchema = z
  .object({
    at: isoDate("at must be a date (yyyy-MM-dd)"),
    from: isoDate("from must be a date (yyyy-MM-dd)").optional(),
  })
  .refine((q) => q.from === undefined || q.from <= q.at, { error: "from must be on or before at", path: ["from"] });
export type VouchersReportQuery = z.infer<typeof VouchersReportQuerySchema>;

const count = z.number().int();

export const CoversRowSchema = z.object({ key: z.string(), covers: count, bookings: count });
export const CoversReportSchema = z.object({
  rows: z.array(CoversRowSchema),
  totals: z.object({ covers: count, bookings: count }),
});
export type CoversRow = z.infer<typeof CoversRowSchema>;
export type CoversReport = z.infer<typeof CoversReportSchema>;

const takingsFields = {
  /** Everything taken through the payment provider (teas, deposits, added guests, fees, vouchers bought online). */
  cardPence: count,
  /** The part of `cardPence` that bought gift vouchers online. */
  voucherSalesPence: count,
  /** Value taken from gift vouchers to pay bookings or at the till (no money received). */
  voucherRedeemedPence: count,
  /** The part of `cardPence` that paid no-show and late-cancel fees. */
  feesPence: count,
  /** Card refunds settled. */
  refundsPence: count,
  /** cardPence − refundsPence. */
  netPence: count,
};
export const TakingsDaySchema = z.object({ date: z.string(), ...takingsFields });
export const TakingsReportSchema = z.object({ days: z.array(TakingsDaySchema), totals: z.object(takingsFields) });
export type TakingsDay = z.infer<typeof TakingsDaySchema>;
export type TakingsTotals = z.infer<typeof TakingsReportSchema>["totals"];
export type TakingsReport = z.infer<typeof TakingsReportSchema>;

export const NoShowReportSchema = z.object({
  /** Confirmed bookings visiting in the range (arrived, no-show or not marked). */
  confirmed: count,
  arrived: count,
  noShows: count,
  /** Bookings cancelled after the cut-off (R37's cancellation hours before the visit). */
  lateCancels: count,
  /** noShows ÷ confirmed, 0 when none; four decimal places. */
  noShowRate: z.number(),
  /** lateCancels ÷ (confirmed + lateCancels), 0 when none; four decimal places. */
  lateCancelRate: z.number(),
});
export type NoShowReport = z.infer<typeof NoShowReportSchema>;

const soldPart = z.object({ count, pence: count });
export const VouchersReportSchema = z.object({
  // Each source named (a record keyed by an enum documents its keys as required but undefined).
  sold: z.object({
    count,
    pence: count,
    bySource: z.object({ website: soldPart, "till-card": soldPart, "till-cash": soldPart, phone: soldPart, complimentary: soldPart }),
  }),
  /** Value taken from vouchers (less what went back), per-person vouchers at today's traditional tea price. */
  redeemedPence: count,
  /** What was left on monetary vouchers that expired unused (the expiry day itself still counts as valid). */
  expiredPence: count,
  /** What is left on monetary vouchers still valid at the end of `at`. */
  outstandingPence: count,
  /** People left on per-person vouchers still valid, … */
  outstandingPeople: count,
  /** … valued at today's traditional tea price. */
  outstandingPeoplePence: count,
});
export type VouchersReport = z.infer<typeof VouchersReportSchema>;

// ---------------------------------------------------------------------------------------------
// Sums from the stores, as the data module reads them.

/** Money moved in one UTC hour ("2026-03-01T13", the first 13 characters of an ISO instant). */
export interface HourSum {
  hour: string;
  pence: number;
}
/** A paid payment's sum per hour and kind (payments.kind). */
export interface PaymentHourSum extends HourSum {
  kind: string;
}
/** Voucher ledger redemptions less restores per hour: pence of monetary vouchers, people of per-person ones. */
export interface RedeemedHourSum {
  hour: string;
  pence: number;
  people: number;
}

/** The payment kinds whose money paid a gift voucher and a fee (apps/api payments' kinds). */
export const VOUCHER_PAYMENT_KIND = "voucher";
export const FEE_PAYMENT_KIND = "booking-fee";

/** The UTC instants [start, end) that hold the London days `from` to `to`, as ISO text for a range scan. */
export function londonRangeInstants(from: string, to: string): { start: string; end: string } {
  const startOf = (date: string) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d);
    const hourBefore = new Date(midnight - 3_600_000);
    return (londonNow(hourBefore).date === date ? hourBefore : new Date(midnight)).toISOString();
  };
  return { start: startOf(from), end: startOf(addDays(to, 1)) };
}

/** The London date of a UTC hour ("2026-06-30T23" is 1 July in summer time). */
export function londonDateOfHour(hour: string): string {
  return londonNow(new Date(`${hour}:00:00.000Z`)).date;
}

/** Every date from `from` to `to` inclusive. */
export function reportDates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const emptyTakings = (): TakingsTotals => ({
  cardPence: 0,
  voucherSalesPence: 0,
  voucherRedeemedPence: 0,
  feesPence: 0,
  refundsPence: 0,
  netPence: 0,
});

/**
 * R54: takings by London day from the hourly sums: every day of the range (zeros included), the
 * card total with its voucher-sales and fees parts, refunds, value taken from vouchers (per-person
 * vouchers at `pencePerPerson`), and net = card − refunds; with totals.
 */
export function takingsByDay(
  range: ReportRangeQuery,
  sums: { payments: readonly PaymentHourSum[]; refunds: readonly HourSum[]; redeemed: readonly RedeemedHourSum[] },
  pencePerPerson: number,
): TakingsReport {
  const days = new Map<string, TakingsTotals>(reportDates(range.from, range.to).map((d) => [d, emptyTakings()]));
  const dayOf = (hour: string) => days.get(londonDateOfHour(hour));
  for (const p of sums.payments) {
    const day = dayOf(p.hour);
    if (!day) continue;
    day.cardPence += p.pence;
    if (p.kind === VOUCHER_PAYMENT_KIND) day.voucherSalesPence += p.pence;
    if (p.kind === FEE_PAYMENT_KIND) day.feesPence += p.pence;
  }
  for (const r of sums.refunds) {
    const day = dayOf(r.hour);
    if (day) day.refundsPence += r.pence;
  }
  for (const r of sums.redeemed) {
    const day = dayOf(r.hour);
    if (day) day.voucherRedeemedPence += r.pence + r.people * pencePerPerson;
  }
  const totals = emptyTakings();
  const out: TakingsDay[] = [];
  for (const [date, day] of days) {
    day.netPence = day.cardPence - day.refundsPence;
    for (const key of Object.keys(totals) as (keyof TakingsTotals)[]) totals[key] += day[key];
    out.push({ date, ...day });
  }
  return { days: out, totals };
}

/** Covers as counted by the store, one row per group key. */
export interface CoversSum {
  key: string;
  covers: number;
  bookings: number;
}

/**
 * R54: covers grouped by day (every day of the range, zeros included), slot (by time) or type
 * (every booking type, in the site's order), with totals.
 */
export function coversReport(query: CoversQuery, sums: readonly CoversSum[]): CoversReport {
  const found = new Map(sums.map((s) => [s.key, s]));
  let keys: string[];
  if (query.groupBy === "day") keys = reportDates(query.from, query.to);
  else if (query.groupBy === "type") keys = [...BOOKING_TYPES];
  else keys = [...found.keys()].sort();
  const rows = keys.map((key) => ({ key, covers: found.get(key)?.covers ?? 0, bookings: found.get(key)?.bookings ?? 0 }));
  const totals = rows.reduce((t, r) => ({ covers: t.covers + r.covers, bookings: t.bookings + r.bookings }), { covers: 0, bookings: 0 });
  return { rows, totals };
}

/** A rate to four decimal places; 0 when there is nothing to divide by. */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/** R54: no-show and late-cancel rates from the counts. */
export function noShowReport(counts: { confirmed: number; arrived: number; noShows: number; lateCancels: number }): NoShowReport {
  return {
    ...counts,
    noShowRate: rate(counts.noShows, counts.confirmed),
    lateCancelRate: rate(counts.lateCancels, counts.confirmed + counts.lateCancels),
  };
}

/** Where a voucher stands at the end of the report's day: still valid, expired in the range, or expired before it. */
export type VoucherBucket = "live" | "expired" | "expired-before";

/** Vouchers sold, by whether they are monetary and their bucket: face value (pence or people). */
export interface VoucherFaceSum {
  monetary: boolean;
  bucket: VoucherBucket;
  pence: number;
  people: number;
}
/** Ledger movements up to the end of the report's day, by monetary, bucket and kind (redemption or restore). */
export interface VoucherMoveSum {
  monetary: boolean;
  bucket: VoucherBucket;
  kind: string;
  pence: number;
  people: number;
}

/**
 * R54: the vouchers report. `sold` and `redeemed` are the range's; what is left per bucket is face
 * value less redemptions plus restores up to the end of `at`: expired (in the range) unused, and
 * outstanding (still valid; per-person vouchers in people, valued at `pencePerPerson`).
 */
export function vouchersReport(
  input: {
    sold: readonly { source: string; count: number; pence: number }[];
    redeemed: { pence: number; people: number };
    face: readonly VoucherFaceSum[];
    moves: readonly VoucherMoveSum[];
  },
  pencePerPerson: number,
): VouchersReport {
  const bySource = Object.fromEntries(VOUCHER_SOURCES.map((s) => [s, { count: 0, pence: 0 }])) as VouchersReport["sold"]["bySource"];
  for (const s of input.sold) {
    const part = bySource[s.source as VoucherSource];
    if (!part) continue;
    part.count += s.count;
    part.pence += s.pence;
  }
  const left = (monetary: boolean, bucket: VoucherBucket) => {
    const unit = (x: { pence: number; people: number }) => (monetary ? x.pence : x.people);
    const face = input.face.filter((f) => f.monetary === monetary && f.bucket === bucket).reduce((n, f) => n + unit(f), 0);
    const moved = input.moves
      .filter((m) => m.monetary === monetary && m.bucket === bucket)
      .reduce((n, m) => n + (m.kind === "restore" ? unit(m) : -unit(m)), 0);
    return face + moved;
  };
  const outstandingPeople = left(false, "live");
  return {
    sold: {
      count: VOUCHER_SOURCES.reduce((n, s) => n + bySource[s].count, 0),
      pence: VOUCHER_SOURCES.reduce((n, s) => n + bySource[s].pence, 0),
      bySource,
    },
    redeemedPence: input.redeemed.pence + input.redeemed.people * pencePerPerson,
    expiredPence: left(true, "expired"),
    outstandingPence: left(true, "live"),
    outstandingPeople,
    outstandingPeoplePence: outstandingPeople * pencePerPerson,
  };
}
