import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R37: every confirmation, request and reminder e-mail carries a link that lets the guest manage
// their booking. Each link is 256 random bits of which only the SHA-256 is kept, so a later e-mail
// cannot repeat an earlier link: it gets a link of its own, and every link of a booking stays valid.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("manage_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "integer", (c) => c.notNull().references("bookings.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX manage_links_booking ON manage_links (booking_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("manage_links").execute();
}
