import { sql } from "kysely";
import type { DbOrTx } from "../database.js";
import type { GiftVoucherRow, NewGiftVoucherRow } from "../schema.js";

export interface GiftVoucherFilters {
  /** Matches the code, recipient or sender name or e-mail. */
  search?: string | undefined;
  voucherType?: string | undefined;
  /** active: not redeemed and not expired on `today`; redeemed; expired: not redeemed, past expiry. */
  status?: "active" | "redeemed" | "expired" | undefined;
  /** yyyy-MM-dd in London, for the expired/active split. */
  today?: string | undefined;
}

/** Vouchers newest first. */
export async function listGiftVouchers(db: DbOrTx, filters: GiftVoucherFilters = {}): Promise<GiftVoucherRow[]> {
  let query = db.selectFrom("gift_vouchers").selectAll();
  const q = filters.search?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<boolean>`(lower(voucher_code) LIKE ${like} ESCAPE '\\' OR lower(recipient_name) LIKE ${like} ESCAPE '\\' OR lower(recipient_email) LIKE ${like} ESCAPE '\\' OR lower(sender_name) LIKE ${like} ESCAPE '\\' OR lower(sender_email) LIKE ${like} ESCAPE '\\')`,
    );
  }
  if (filters.voucherType) query = query.where("voucher_type", "=", filters.voucherType);
  if (filters.status === "redeemed") query = query.where("is_redeemed", "=", 1);
  if (filters.status === "active") {
    query = query.where("is_redeemed", "=", 0);
    if (filters.today) query = query.where("expiry_date", ">=", filters.today);
  }
  if (filters.status === "expired") query = query.where("is_redeemed", "=", 0).where("expiry_date", "<", filters.today ?? "0000-00-00");
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
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
