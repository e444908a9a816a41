import type { CoversGroup, CoversSum, HourSum, PaymentHourSum, RedeemedHourSum, VoucherFaceSum, VoucherMoveSum } from "@tearoom/domain";
import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { PAID_STATUSES } from "../../payments/data/payments.js";

/**
 * R54: the reports' sums, aggregated in SQL over the indexes of migration 032 (money by the UTC
 * hour it moved: the domain turns hours into London days) and of the bookings' dates. PostgreSQL
 * answers sums and counts as text, hence `Number`.
 */

const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;
const num = (value: unknown) => Number(value ?? 0);

/** Paid payments (R34's paid states) by hour and kind, [start, end). */
export async function paymentsByHour(db: DbOrTx, start: string, end: string): Promise<PaymentHourSum[]> {
  const hour = hourOf("updated_at");
  const rows = await db
    .selectFrom("payments")
    .select([hour.as("hour"), "kind", sql<number>`sum(amount_pence)`.as("pence")])
    .where("updated_at", ">=", start)
    .where("updated_at", "<", end)
    .where("status", "in", PAID_STATUSES)
    .where("amount_pence", ">", 0)
    .groupBy([hour, "kind"])
    .execute();
  return rows.map((r) => ({ hour: r.hour, kind: r.kind, pence: num(r.pence) }));
}

/** Settled card refunds by the hour they settled, [start, end). */
export async function refundsByHour(db: DbOrTx, start: string, end: string): Promise<HourSum[]> {
  const hour = hourOf("settled_at");
  const rows = await db
    .selectFrom("refunds")
    .select([hour.as("hour"), sql<number>`sum(amount_pence)`.as("pence")])
    .where("settled_at", ">=", start)
    .where("settled_at", "<", end)
    .where("status", "=", "succeeded")
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, pence: num(r.pence) }));
}

// A redemption takes from a voucher, a restore gives back: pence of monetary vouchers, people of the others.
const signed = (unit: "amount_pence" | "people", monetary: boolean) =>
  sql<number>`sum(CASE WHEN gift_vouchers.voucher_type ${sql.raw(monetary ? "=" : "<>")} 'monetary' THEN
    (CASE WHEN voucher_ledger.kind = 'redemption' THEN 1 ELSE -1 END) * coalesce(${sql.ref(`voucher_ledger.${unit}`)}, 0) ELSE 0 END)`;

/** Voucher redemptions less restores by hour, [start, end). */
export async function redeemedByHour(db: DbOrTx, start: string, end: string): Promise<RedeemedHourSum[]> {
  const hour = hourOf("voucher_ledger.at");
  const rows = await db
    .selectFrom("voucher_ledger")
    .innerJoin("gift_vouchers", "gift_vouchers.id", "voucher_ledger.voucher_id")
    .select([hour.as("hour"), signed("amount_pence", true).as("pence"), signed("people", false).as("people")])
    .where("voucher_ledger.at", ">=", start)
    .where("voucher_ledger.at", "<", end)
    .where("voucher_ledger.kind", "in", ["redemption", "restore"])
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, pence: num(r.pence), people: num(r.people) }));
}

/**
 * A booking's status as a value, not a column: SQLite would otherwise walk the status index over
 * every confirmed booking of all the years and look each row up, where the date range's covering
 * index reads only the range (a year of the bench's ten: 10 ms, not 130).
 */
const statusValue = sql<string>`(status || '')`;

const GROUP_COLUMN = { day: "date", slot: "time", type: "type" } as const;

/** Covers (guests) and bookings of confirmed bookings visiting from `from` to `to`, by day, slot or type. */
export async function coversSums(db: DbOrTx, from: string, to: string, groupBy: CoversGroup): Promise<CoversSum[]> {
  const column = GROUP_COLUMN[groupBy];
  const rows = await db
    .selectFrom("bookings")
    .select([sql.ref<string>(column).as("key"), sql<number>`sum(guests)`.as("covers"), sql<number>`count(*)`.as("bookings")])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where(statusValue, "=", "confirmed")
    .groupBy(column)
    .execute();
  return rows.map((r) => ({ key: r.key, covers: num(r.covers), bookings: num(r.bookings) }));
}

/** Confirmed bookings visiting in the range, by their arrival mark (null: not marked). */
export async function arrivalCounts(db: DbOrTx, from: string, to: string): Promise<{ arrival: string | null; n: number }[]> {
  const rows = await db
    .selectFrom("bookings")
    .select(["arrival", sql<number>`count(*)`.as("n")])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where(statusValue, "=", "confirmed")
    .groupBy("arrival")
    .execute();
  return rows.map((r) => ({ arrival: r.arrival, n: num(r.n) }));
}

/** Cancelled bookings visiting in the range: when the visit was and when it was last changed (its cancellation). */
export async function cancelledVisits(db: DbOrTx, from: string, to: string): Promise<{ date: string; time: string; cancelled_at: string }[]> {
  return db
    .selectFrom("bookings")
    .select(["date", "time", "updated_at as cancelled_at"])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where(statusValue, "=", "cancelled")
    .execute();
}

/** Vouchers sold (created) in [start, end), by source: how many and their price. */
export async function vouchersSold(db: DbOrTx, start: string, end: string): Promise<{ source: string; count: number; pence: number }[]> {
  const rows = await db
    .selectFrom("gift_vouchers")
    .select(["source", sql<number>`count(*)`.as("n"), sql<number>`sum(price_pence)`.as("pence")])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy("source")
    .execute();
  return rows.map((r) => ({ source: r.source, count: num(r.n), pence: num(r.pence) }));
}

/** Voucher redemptions less restores in [start, end): pence of monetary vouchers, people of per-person ones. */
export async function redeemedBetween(db: DbOrTx, start: string, end: string): Promise<{ pence: number; people: number }> {
  const row = await db
    .selectFrom("voucher_ledger")
    .innerJoin("gift_vouchers", "gift_vouchers.id", "voucher_ledger.voucher_id")
    .select([signed("amount_pence", true).as("pence"), signed("people", false).as("people")])
    .where("voucher_ledger.at", ">=", start)
    .where("voucher_ledger.at", "<", end)
    .where("voucher_ledger.kind", "in", ["redemption", "restore"])
    .executeTakeFirst();
  return { pence: num(row?.pence), people: num(row?.people) };
}

/** Where each voucher stands at the end of `at`: valid, expired from `from` on, or expired before. */
const bucket = (at: string, from: string) =>
  sql<
    VoucherFaceSum["bucket"]
  >`CASE WHEN gift_vouchers.expiry_date >= ${at} THEN 'live' WHEN gift_vouchers.expiry_date >= ${from} THEN 'expired' ELSE 'expired-before' END`;
const isMonetary = sql<number>`CASE WHEN gift_vouchers.voucher_type = 'monetary' THEN 1 ELSE 0 END`;

/** The face value of every voucher sold before `end` (the end of London day `at`), by monetary and bucket. */
export async function voucherFaces(db: DbOrTx, at: string, from: string, end: string): Promise<VoucherFaceSum[]> {
  const b = bucket(at, from);
  const rows = await db
    .selectFrom("gift_vouchers")
    .select([isMonetary.as("monetary"), b.as("bucket"), sql<number>`sum(price_pence)`.as("pence"), sql<number>`sum(coalesce(people, 0))`.as("people")])
    .where("created_at", "<", end)
    // By position: PostgreSQL would not match the select's bucket to a second copy with its own parameters.
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((r) => ({ monetary: num(r.monetary) === 1, bucket: r.bucket, pence: num(r.pence), people: num(r.people) }));
}

/** Redemptions and restores before `end` of vouchers sold before it, by monetary, bucket and kind. */
export async function voucherMoves(db: DbOrTx, at: string, from: string, end: string): Promise<VoucherMoveSum[]> {
  const b = bucket(at, from);
  const rows = await db
    .selectFrom("voucher_ledger")
    .innerJoin("gift_vouchers", "gift_vouchers.id", "voucher_ledger.voucher_id")
    .select([
      isMonetary.as("monetary"),
      b.as("bucket"),
      "voucher_ledger.kind",
      sql<number>`sum(coalesce(voucher_ledger.amount_pence, 0))`.as("pence"),
      sql<number>`sum(coalesce(voucher_ledger.people, 0))`.as("people"),
    ])
    .where("voucher_ledger.at", "<", end)
    .where("gift_vouchers.created_at", "<", end)
    .where("voucher_ledger.kind", "in", ["redemption", "restore"])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
  return rows.map((r) => ({ monetary: num(r.monetary) === 1, bucket: r.bucket, kind: r.kind, pence: num(r.pence), people: num(r.people) }));
}
