import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// R41: `/healthz` says whether the database can store anything. A full disk or a read-only file
// still answers reads, so the check writes: one row of its own, rewritten at each probe, so no
// guest's or staff member's data is ever touched by it. It also reports the e-mails waiting to be
// sent and how long the oldest has waited: the partial index holds only the queued messages, with
// the time each was queued, so both are read from a few index entries however many years of sent
// mail the table keeps (its status column makes SQLite's planner prefer it to outbox_due).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("service_probe")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("written_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX outbox_queued ON outbox (status, created_at) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX outbox_queued`.execute(db);
  await db.schema.dropTable("service_probe").execute();
}
