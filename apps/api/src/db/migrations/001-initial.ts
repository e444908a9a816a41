import { type Kysely, sql } from "kysely";
import { autoId, realType } from "./portable.js";

// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_users")
    .addColumn("id", "integer", autoId(db))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("pricing_items")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("price_pence", "integer", (c) => c.notNull().check(sql`price_pence >= 0`))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("inquiries")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("enquiry_type", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_resolved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("booking_settings")
    .addColumn("setting_key", "text", (c) => c.primaryKey())
    .addColumn("setting_value", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("garden_spots")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("x", realType(db), (c) => c.notNull())
    .addColumn("y", realType(db), (c) => c.notNull())
    .addColumn("capacity", "integer", (c) => c.notNull())
    .addColumn("is_available", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "integer", autoId(db))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("time", "text", (c) => c.notNull())
    .addColumn("guests", "integer", (c) => c.notNull().check(sql`guests > 0`))
    .addColumn("tea_type", "text")
    .addColumn("dining_preference", "text")
    .addColumn("hamper_type", "text")
    .addColumn("dietary_requirements", "text")
    .addColumn("garden_spot_id", "text", (c) => c.references("garden_spots.id"))
    .addColumn("include_wine", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("special_requests", "text")
    .addColumn("amount_pence", "integer")
    .addColumn("payment_reference", "text", (c) => c.unique())
    .addColumn("hold_expires_at", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_slot").on("bookings").columns(["type", "date", "time"]).execute();
  await db.schema.createIndex("bookings_date").on("bookings").columns(["date", "time"]).execute();

  await db.schema
    .createTable("gift_vouchers")
    .addColumn("id", "integer", autoId(db))
    .addColumn("voucher_type", "text", (c) => c.notNull())
    .addColumn("voucher_code", "text", (c) => c.notNull().unique())
    .addColumn("price_text", "text", (c) => c.notNull())
    .addColumn("price_pence", "integer", (c) => c.notNull())
    .addColumn("people", "integer")
    .addColumn("recipient_name", "text", (c) => c.notNull())
    .addColumn("recipient_email", "text", (c) => c.notNull())
    .addColumn("sender_name", "text", (c) => c.notNull())
    .addColumn("sender_email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_redeemed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payment_reference", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expiry_date", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payload_json", "text", (c) => c.notNull())
    .addColumn("booking_id", "integer", (c) => c.references("bookings.id"))
    .addColumn("voucher_id", "integer", (c) => c.references("gift_vouchers.id"))
    .addColumn("failure_message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", autoId(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("attachments_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "outbox",
    "payments",
    "gift_vouchers",
    "bookings",
    "garden_spots",
    "booking_settings",
    "newsletter_subscriptions",
    "inquiries",
    "pricing_items",
    "staff_sessions",
    "staff_users",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
