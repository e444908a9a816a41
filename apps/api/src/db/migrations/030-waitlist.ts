import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R52: the waiting list. An entry waits for seats of its type on its date at one of its times
// (`times_json`, null for any time). An offer holds the seats as a `held` booking (`booking_id`,
// decision 003), so availability counts it with no capacity code of its own. The leave and
// offer links are kept as the SHA-256 of their tokens only, like manage links.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", "integer", autoId(db))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("times_json", "text")
    .addColumn("guests", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("tea_type", "text")
    .addColumn("dining_preference", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("client_key", "text")
    .addColumn("leave_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("offer_token_hash", "text", (c) => c.unique())
    .addColumn("booking_id", "integer", (c) => c.references("bookings.id"))
    .addColumn("offer_time", "text")
    .addColumn("offered_at", "text")
    .addColumn("offer_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX waitlist_entries_date_status ON waitlist_entries (date, status)`.execute(db);
  await sql`CREATE INDEX waitlist_entries_email_date ON waitlist_entries (email, date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("waitlist_entries").execute();
}
