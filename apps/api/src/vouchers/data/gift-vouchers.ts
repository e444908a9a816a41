import { sql, type ExpressionBuilder } from "kysely";
import type { DbOrTx, Operand } from "../../db/database.js";
import type { Database, GiftVoucherRow, NewGiftVoucherRow } from "../../db/schema.js";
import { dialectOf } from "../../db/dialect.js";
import { codePrefix, matchesSearch, prefixMatch } from "../../db/repositories/search.js";

export interface GiftVoucherFilters {
  /** Words starting a word of the code, recipient or sender name or e-mail (decision 010). */
  search?: string | undefined;
  voucherType?: string | undefined;
  /** active: not redeemed and not expired on `today`; redeemed; expired: not redeemed, past expiry. */
  status?: "active" | "redeemed" | "expired" | undefined;
  /** yyyy-MM-dd in London, for the expired/active split. */
  today: string;
}

function applyFilters(db: DbOrTx, filters: GiftVoucherFilters) {
  return (eb: ExpressionBuilder<Database, "gift_vouchers">) => {
    const parts = [];
    const code = codePrefix(filters.search, "TEA-");
    const match = code ? null : prefixMatch(filters.search);
    if (code) parts.push(eb("voucher_code", ">=", code.from), eb("voucher_code", "<", code.to));
    if (match) parts.push(matchesSearch(dialectOf(db), "gift_vouchers_search", match));
    if (filters.voucherType) parts.push(eb("voucher_type", "=", filters.voucherType));
    if (filters.status === "redeemed") parts.push(eb("is_redeemed", "=", 1));
    if (filters.status === "active") parts.push(eb("is_redeemed", "=", 0), eb("expiry_date", ">=", filters.today));
    if (filters.status === "expired") parts.push(eb("is_redeemed", "=", 0), eb("expiry_date", "<", filters.today));
    return eb.and(parts);
  };
}

/** One page of vouchers, newest first, and how many match the filters. */
export async function listGiftVouchers(
  db: DbOrTx,
  filters: GiftVoucherFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: GiftVoucherRow[]; total: number }> {
  const where = applyFilters(db, filters);
  const rows = await db
    .selectFrom("gift_vouchers")
    .selectAll()
    .where(where)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db
    .selectFrom("gift_vouchers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(where)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/**
 * Voucher counts from indexes (migration 006): the whole table's count (read from its b-tree),
 * the redeemed and the still valid ones as ranges of one index, and the count per price text
 * (a few dozen texts however many vouchers) for the total value.
 */
export async function giftVoucherCounts(
  db: DbOrTx,
  today: string,
): Promise<{ all: number; redeemed: number; active: number; remainingPence: number; byPrice: { priceText: string; n: number }[] }> {
  const n = sql<number>`count(*)`.as("n");
  // What is left on the active vouchers in pence, from the state index alone (migration 010): a
  // per-person voucher's people left at its price per person.
  const left = sql<number>`coalesce(sum(CASE WHEN people IS NULL THEN remaining ELSE price_pence * remaining / people END), 0)`.as("left");
  const all = await db.selectFrom("gift_vouchers").select(n).executeTakeFirstOrThrow();
  const redeemed = await db.selectFrom("gift_vouchers").select(n).where("is_redeemed", "=", 1).executeTakeFirstOrThrow();
  const active = await db
    .selectFrom("gift_vouchers")
    .select([n, left])
    .where("is_redeemed", "=", 0)
    .where("expiry_date", ">=", today)
    .executeTakeFirstOrThrow();
  const byPrice = await db.selectFrom("gift_vouchers").select(["price_text", n]).groupBy("price_text").execute();
  return {
    all: Number(all.n),
    redeemed: Number(redeemed.n),
    active: Number(active.n),
    remainingPence: Number(active.left),
    byPrice: byPrice.map((r) => ({ priceText: r.price_text, n: Number(r.n) })),
  };
}

/**
 * Stores a paid voucher. The payment reference is unique, so fulfilling the same payment twice
 * fails on the second insert instead of creating a second voucher (R8).
 */
export async function insertGiftVoucher(db: DbOrTx, row: NewGiftVoucherRow): Promise<GiftVoucherRow> {
  return db.insertInto("gift_vouchers").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findGiftVoucher(db: DbOrTx, id: number): Promise<GiftVoucherRow | undefined> {
  return db.selectFrom("gift_vouchers").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findGiftVoucherByPaymentReference(db: DbOrTx, paymentReference: string): Promise<GiftVoucherRow | undefined> {
  return db.selectFrom("gift_vouchers").selectAll().where("payment_reference", "=", paymentReference).executeTakeFirst();
}

/** The query of `findGiftVoucherByCode`, also read by the booking write (bookings/data/booking-write.ts). */
export const giftVoucherByCodeQuery = (db: DbOrTx, code: Operand<string>) => db.selectFrom("gift_vouchers").selectAll().where("voucher_code", "=", code);

export async function findGiftVoucherByCode(db: DbOrTx, code: string): Promise<GiftVoucherRow | undefined> {
  return giftVoucherByCodeQuery(db, code).executeTakeFirst();
}

export async function findGiftVoucherByPrintToken(db: DbOrTx, token: string): Promise<GiftVoucherRow | undefined> {
  return db.selectFrom("gift_vouchers").selectAll().where("print_token", "=", token).executeTakeFirst();
}

/** What is left and the spec's isRedeemed, written with the ledger entry that changed them (R35). */
export async function setGiftVoucherRemaining(db: DbOrTx, id: number, remaining: number): Promise<void> {
  await db
    .updateTable("gift_vouchers")
    .set({ remaining, is_redeemed: remaining <= 0 ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

export async function setGiftVoucherExpiry(db: DbOrTx, id: number, expiryDate: string): Promise<void> {
  await db.updateTable("gift_vouchers").set({ expiry_date: expiryDate }).where("id", "=", id).execute();
}

export async function setGiftVoucherPrintToken(db: DbOrTx, id: number, token: string): Promise<void> {
  await db.updateTable("gift_vouchers").set({ print_token: token }).where("id", "=", id).execute();
}

/** R50: vouchers whose e-mail waits for a day on or before `upTo`, through the partial index of migration 025. */
export async function listAwaitingDelivery(db: DbOrTx, upTo: string): Promise<GiftVoucherRow[]> {
  return db
    .selectFrom("gift_vouchers")
    .selectAll()
    .where("delivered_at", "is", null)
    .where("deliver_on", "is not", null)
    .where("deliver_on", "<=", upTo)
    .orderBy("deliver_on")
    .orderBy("id")
    .execute();
}

/** Marks a voucher's e-mail as queued; false if it already was (a second pass, another instance). */
export async function markGiftVoucherDelivered(tx: DbOrTx, id: number, at: string): Promise<boolean> {
  const result = await tx.updateTable("gift_vouchers").set({ delivered_at: at }).where("id", "=", id).where("delivered_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
