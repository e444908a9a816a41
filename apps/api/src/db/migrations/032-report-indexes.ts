import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R54: the reports sum money by the hour it moved over a range of days. Each index starts with
// that instant and carries the columns the sums read, so a year of a busy tearoom's payments,
// refunds and voucher movements is one range scan of an index, never of the tables; the vouchers
// report reads the vouchers sold before a date the same way.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX payments_moved ON payments (updated_at, status, kind, amount_pence)`.execute(db);
  await sql`CREATE INDEX refunds_settled ON refunds (settled_at, status, amount_pence)`.execute(db);
  await sql`CREATE INDEX voucher_ledger_at ON voucher_ledger (at, kind, voucher_id, amount_pence, people)`.execute(db);
  // The vouchers report reads every voucher sold before its date (and those of its range by source).
  await sql`CREATE INDEX gift_vouchers_report ON gift_vouchers (created_at, voucher_type, expiry_date, price_pence, people, source)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX gift_vouchers_report`.execute(db);
  await sql`DROP INDEX voucher_ledger_at`.execute(db);
  await sql`DROP INDEX refunds_settled`.execute(db);
  await sql`DROP INDEX payments_moved`.execute(db);
}
