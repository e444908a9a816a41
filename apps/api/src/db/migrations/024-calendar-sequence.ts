import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R51: a booking's calendar file keeps one UID and carries a SEQUENCE that rises with each change
// or cancellation e-mailed to the guest, so a calendar replaces its entry (or removes it) rather than
// keeping the old one. The count is stored because nothing else counts those e-mails: it rises in
// the transaction that queues each one. A plain integer with a default is the same on SQLite and
// PostgreSQL, so no portable helper is needed; existing bookings start at 0, as their files did.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("calendar_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("calendar_sequence").execute();
}
