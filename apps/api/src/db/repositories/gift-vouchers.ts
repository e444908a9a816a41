import { sql, type ExpressionBuilder } from "kysely";
import type { DbOrTx } from "../database.js";
import type { Database, GiftVoucherRow, NewGiftVoucherRow } from "../schema.js";
import { codePrefix, matchesSearch, prefixMatch } from "./search.js";

export interface GiftVoucherFilters {
  /** Words starting a word of the code, recipient or sender name or e-mail (decision 010). */
  search?: string | undefined;
  voucherType?: string | undefined;
  /** active: not redeemed and not expired on `today`; redeemed; expired: not redeemed, past expiry. */
  status?: "active" | "redeemed" | "expired" | undefined;
  /** yyyy-MM-dd in London, for the expired/active split. */
  today: string;
}

function applyFilters(filters: GiftVoucherFilters) {
  return (eb: ExpressionBuilder<Database, "gift_vouchers">) => {
    const parts = [];
    const code = codePrefix(filters.search, "TEA-");
    const match = code ? null : prefixMatch(filters.search);
    if (code) parts.push(eb("voucher_code", ">=", code.from), eb("voucher_code", "<", code.to));
    if (match) parts.push(matchesSearch("gift_vouchers_search", match));
    if (filters.voucherType) parts.push(eb("voucher_type", "=", filters.voucherType));
    if (filters.status === "redeemed") parts.push(eb("is_redeemed", "=", 1));
    if (filters.status === "active") parts.push(eb("is_redeemed", "=", 0), eb("expiry_date", ">=", filters.today));
    if (filters.status === "expired") parts.push(eb("is_redeemed", "=", 0), eb("expiry_date", "<", filters.today));
    return eb.and(parts);
  };
}

/** One page of vouchers, newest first, and how many match the filters. */
export async function listGiftVouchers(db: DbOrTx, filters: GiftVoucherFilters, page: number, pageSize: number): Promise<{ rows: GiftVoucherRow[]; total: number }> {
  const where = applyFilters(filters);
  const rows = await db
    .selectFrom("gift_vouchers")
    .selectAll()
    .where(where)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db.selectFrom("gift_vouchers").select((eb) => eb.fn.countAll<number>().as("n")).where(where).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/**
 * Voucher counts by price text, redemption and whether still valid on `today`, from one index
 * (migration 006): a few dozen groups however many vouchers, which the service sums.
 */
export async function giftVoucherCounts(db: DbOrTx, today: string): Promise<{ priceText: string; redeemed: number; valid: number; n: number }[]> {
  const rows = await db
    .selectFrom("gift_vouchers")
    .select(["price_text", "is_redeemed", sql<number>`expiry_date >= ${today}`.as("valid"), sql<number>`count(*)`.as("n")])
    .groupBy(["price_text", "is_redeemed", "valid"])
    .execute();
  return rows.map((r) => ({ priceText: r.price_text, redeemed: Number(r.is_redeemed), valid: Number(r.valid), n: Number(r.n) }));
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

export async function findGiftVoucherByCode(db: DbOrTx, code: string): Promise<GiftVoucherRow | undefined> {
  return db.selectFrom("gift_vouchers").selectAll().where("voucher_code", "=", code).executeTakeFirst();
}
