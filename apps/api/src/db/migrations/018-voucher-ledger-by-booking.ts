import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R34, R36: every staff list of bookings shows each booking's gift voucher part, read from the
// ledger by booking reference (and fewer guests, cancels and refunds read it the same way). An
// index keeps that a lookup per booking however long the ledger grows (decision 010).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX voucher_ledger_booking ON voucher_ledger (booking_reference) WHERE booking_reference IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX voucher_ledger_booking`.execute(db);
}
