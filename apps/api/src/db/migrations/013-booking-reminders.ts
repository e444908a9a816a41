import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// R38: each confirmed booking gets one reminder. The moment it was queued is stored on the booking,
// in the same transaction as the outbox row, so a restart can neither lose nor repeat it. The partial
// index holds only the confirmed bookings still waiting for theirs, so the sweep reads a few rows
// however many years of bookings the table holds.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("reminder_sent_at", "text").execute();
  await sql`CREATE INDEX bookings_reminder_due ON bookings (date) WHERE status = 'confirmed' AND reminder_sent_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX bookings_reminder_due`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("reminder_sent_at").execute();
}
