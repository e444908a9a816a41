import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R54: the reports sum money by the hour it moved over a range of days. Each index starts with
// that instant and carries the columns the sums read, so a year of a busy tearoom's payments,
// refunds and voucher movements is one range scan of an index, never of the tables.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX payments_moved ON payments (updated_at, status, kind, amount_pence)`.execute(db);
  await sql`CREATE INDEX refunds_settled ON refunds (settled_at, status, amount_pence)`.execute(db);
  await sql`CREATE INDEX voucher_ledger_at ON voucher_ledger (at, kind, voucher_id, amount_pence, people)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX voucher_ledger_at`.execute(db);
  await sql`DROP INDEX refunds_settled`.execute(db);
  await sql`DROP INDEX payments_moved`.execute(db);
}
