import { type DbOrTx, type Operand } from "../../db/database.js";
import type { NewVoucherLedgerRow, VoucherLedgerRow } from "../../db/schema.js";

/** A voucher's ledger, oldest first. */
/** The ledger of the voucher with `code`, oldest first, as a query (see `giftVoucherByCodeQuery`). */
export const ledgerOfVoucherCodeQuery = (db: DbOrTx, code: Operand<string>) =>
  db
    .selectFrom("voucher_ledger")
    .innerJoin("gift_vouchers", "gift_vouchers.id", "voucher_ledger.voucher_id")
    .selectAll("voucher_ledger")
    .where("gift_vouchers.voucher_code", "=", code)
    .orderBy("voucher_ledger.id");

export async function listVoucherLedger(db: DbOrTx, voucherId: number): Promise<VoucherLedgerRow[]> {
  return db.selectFrom("voucher_ledger").selectAll().where("voucher_id", "=", voucherId).orderBy("id").execute();
}

export async function insertVoucherLedgerEntry(db: DbOrTx, row: NewVoucherLedgerRow): Promise<VoucherLedgerRow> {
  return db.insertInto("voucher_ledger").values(row).returningAll().executeTakeFirstOrThrow();
}

/** A booking's entries on any voucher (R36: what it reserved, redeemed and got back), oldest first. */
export async function listVoucherLedgerForBooking(db: DbOrTx, bookingReference: string): Promise<VoucherLedgerRow[]> {
  return db.selectFrom("voucher_ledger").selectAll().where("booking_reference", "=", bookingReference).orderBy("id").execute();
}

/** R36: what these bookings redeemed and got back, with each voucher's code and kind, oldest first (the staff booking answers). */
export async function listVoucherPartsOfBookings(db: DbOrTx, bookingReferences: readonly string[]) {
  if (bookingReferences.length === 0) return [];
  return db
    .selectFrom("voucher_ledger")
    .innerJoin("gift_vouchers", "gift_vouchers.id", "voucher_ledger.voucher_id")
    .select([
      "voucher_ledger.booking_reference",
      "voucher_ledger.kind",
      "voucher_ledger.amount_pence",
      "voucher_ledger.people",
      "gift_vouchers.voucher_code",
      "gift_vouchers.voucher_type",
    ])
    .where("voucher_ledger.booking_reference", "in", [...bookingReferences])
    .where("voucher_ledger.kind", "in", ["redemption", "restore"])
    .orderBy("voucher_ledger.id")
    .execute();
}

/** R36: a booking's reservation becomes a redemption (payment succeeded) or ends now (booking cancelled while held). */
export async function settleVoucherReservation(
  db: DbOrTx,
  id: number,
  changes: { kind: "redemption" | "reservation"; expires_at: string | null },
): Promise<void> {
  await db.updateTable("voucher_ledger").set(changes).where("id", "=", id).where("kind", "=", "reservation").execute();
}
