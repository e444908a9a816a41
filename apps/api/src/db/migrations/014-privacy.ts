import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R39: bookings and resolved enquiries lose their personal details `retention_months` after the
// visit or the resolution, and a person can be erased on request. `erased_at` records when. The
// partial indexes hold only rows not yet erased, so the retention pass reads the few rows that have
// just come due, not years of rows it already erased.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("erased_at", "text").execute();
  await db.schema.alterTable("inquiries").addColumn("erased_at", "text").execute();
  await sql`CREATE INDEX bookings_retention ON bookings (date) WHERE erased_at IS NULL`.execute(db);
  await sql`CREATE INDEX inquiries_retention ON inquiries (resolved_at) WHERE erased_at IS NULL AND is_resolved = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX inquiries_retention`.execute(db);
  await sql`DROP INDEX bookings_retention`.execute(db);
  await db.schema.alterTable("inquiries").dropColumn("erased_at").execute();
  await db.schema.alterTable("bookings").dropColumn("erased_at").execute();
}
