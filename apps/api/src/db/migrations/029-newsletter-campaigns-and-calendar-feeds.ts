import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R56: newsletters are sent. A campaign is written once and sent once (`send_started_at`); each
// recipient has one row in `newsletter_sends`, made when the send starts and unique per campaign
// and subscriber, so a restart can neither send anyone twice nor skip anyone: a row without an
// outbox message is still to be queued, one with is done. Staff accounts gain an e-mail address
// for the test message. The post-visit thank-you is sent at most once per booking
// (`booking_thank_yous`). Issue 34: a private calendar feed per staff account, its token kept
// only as its SHA-256.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").addColumn("email", "text").execute();
  await db.schema
    .createTable("newsletter_campaigns")
    .addColumn("id", "integer", autoId(db))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("send_started_at", "text")
    .addColumn("sent_by", "text")
    .execute();
  await db.schema
    .createTable("newsletter_sends")
    .addColumn("id", "integer", autoId(db))
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("newsletter_campaigns.id"))
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    // "pending" until queued; then "queued" with its outbox row, or "skipped" (unsubscribed meanwhile).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("outbox_id", "integer")
    .addColumn("queued_at", "text")
    .execute();
  await sql`CREATE UNIQUE INDEX newsletter_sends_one_each ON newsletter_sends (campaign_id, subscriber_id)`.execute(db);
  await sql`CREATE INDEX newsletter_sends_pending ON newsletter_sends (status, id)`.execute(db);
  // The rate bound counts what was queued in the last minute.
  await sql`CREATE INDEX newsletter_sends_queued ON newsletter_sends (queued_at)`.execute(db);
  await db.schema
    .createTable("booking_thank_yous")
    .addColumn("booking_id", "integer", (c) => c.primaryKey().references("bookings.id"))
    .addColumn("queued_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "integer", autoId(db))
    .addColumn("staff_user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX calendar_feeds_staff ON calendar_feeds (staff_user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
  await db.schema.dropTable("booking_thank_yous").execute();
  await db.schema.dropTable("newsletter_sends").execute();
  await db.schema.dropTable("newsletter_campaigns").execute();
  await db.schema.alterTable("staff_users").dropColumn("email").execute();
}
