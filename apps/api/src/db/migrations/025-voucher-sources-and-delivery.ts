import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R50: vouchers beyond the website. `source` says where a voucher came from (website, till-card,
// till-cash, phone, complimentary) so reports count them apart; every voucher before this one was
// bought on the website. A buyer may choose the day its e-mail goes (`deliver_on`, a London date,
// sent at 08:00) and whether it goes to the recipient or to the buyer to print (`send_to`).
// `delivered_at` is set in the transaction that queues the e-mail, so a restart or a second
// instance never sends it twice; vouchers before this one were e-mailed when they were sold. The
// partial index holds only the vouchers still waiting, so the sweep reads a few rows however many
// vouchers the table holds.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gift_vouchers")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("website"))
    .execute();
  await db.schema.alterTable("gift_vouchers").addColumn("deliver_on", "text").execute();
  await db.schema
    .alterTable("gift_vouchers")
    .addColumn("send_to", "text", (c) => c.notNull().defaultTo("recipient"))
    .execute();
  await db.schema.alterTable("gift_vouchers").addColumn("delivered_at", "text").execute();
  await sql`UPDATE gift_vouchers SET delivered_at = created_at`.execute(db);
  await sql`CREATE INDEX gift_vouchers_delivery_due ON gift_vouchers (deliver_on) WHERE delivered_at IS NULL AND deliver_on IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX gift_vouchers_delivery_due`.execute(db);
  for (const column of ["delivered_at", "send_to", "deliver_on", "source"]) await db.schema.alterTable("gift_vouchers").dropColumn(column).execute();
}
