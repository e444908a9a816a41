import type { DbOrTx } from "../database.js";
import type { NewVoucherLedgerRow, VoucherLedgerRow } from "../schema.js";

/** A voucher's ledger, oldest first. */
export async function listVoucherLedger(db: DbOrTx, voucherId: number): Promise<VoucherLedgerRow[]> {
  return db.selectFrom("voucher_ledger").selectAll().where("voucher_id", "=", voucherId).orderBy("id").execute();
}

export async function insertVoucherLedgerEntry(db: DbOrTx, row: NewVoucherLedgerRow): Promise<VoucherLedgerRow> {
  return db.insertInto("voucher_ledger").values(row).returningAll().executeTakeFirstOrThrow();
}
