import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R52 with R53: a guest may wait for tickets of a sold-out sitting. Such an entry (type `event`)
// names its sitting; its date is the sitting's and its times are null. Its offer is a held
// `event` booking of that sitting, so the tickets left count it as any hold.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("waitlist_entries")
    .addColumn("sitting_id", "integer", (c) => c.references("sittings.id"))
    .execute();
  await sql`CREATE INDEX waitlist_entries_sitting ON waitlist_entries (sitting_id) WHERE sitting_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX waitlist_entries_sitting`.execute(db);
  await db.schema.alterTable("waitlist_entries").dropColumn("sitting_id").execute();
}
