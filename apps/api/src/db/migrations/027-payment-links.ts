import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R49: a payment link staff send for a booking. Like a manage link only the SHA-256 of its token
// is kept. Each link has one payment (the provider's intent, made when the link is sent), so a
// link paid twice at once is one intent, settled once. `paid_at` is set when that payment is
// fulfilled. Payments are now also looked up by booking (a link's payment has no other way to its
// booking), hence the index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_links")
    .addColumn("id", "integer", autoId(db))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("booking_id", "integer", (c) => c.notNull().references("bookings.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .execute();
  await sql`CREATE INDEX payment_links_booking ON payment_links (booking_id)`.execute(db);
  await sql`CREATE INDEX payment_links_payment ON payment_links (payment_id)`.execute(db);
  await sql`CREATE INDEX payments_booking ON payments (booking_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX payments_booking`.execute(db);
  await db.schema.dropTable("payment_links").execute();
}
