import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R47: each booking type's policy (none, card on file, deposit, prepay), its conditions and its fee
// caps; a type without a row has the default (afternoon tea prepaid, the rest nothing), so the table
// starts empty. Weekdays are kept as text ("fri,sat"; empty for every day), the same on both
// databases. A booking records the card saved for it (the provider's customer and payment method)
// for R48's later fees. The demo provider keeps its SetupIntents (and so its saved cards) in a table
// of its own, as it does its PaymentIntents (migration 002); `card_outcome` says what a later
// charge to the card does, never the card's number.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_policies")
    .addColumn("booking_type", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("deposit_pence_per_guest", "integer", (c) => c.notNull())
    .addColumn("min_guests", "integer", (c) => c.notNull())
    .addColumn("weekdays", "text", (c) => c.notNull())
    .addColumn("no_show_fee_pence_per_guest", "integer", (c) => c.notNull())
    .addColumn("late_cancel_fee_pence_per_guest", "integer", (c) => c.notNull())
    .addColumn("custom_text", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("bookings").addColumn("card_customer_id", "text").execute();
  await db.schema.alterTable("bookings").addColumn("card_payment_method_id", "text").execute();
  await db.schema
    .createTable("demo_setup_intents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("client_secret", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("payment_method_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("card_last4", "text")
    .addColumn("card_outcome", "text")
    .addColumn("metadata_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("demo_setup_intents").execute();
  await db.schema.alterTable("bookings").dropColumn("card_payment_method_id").execute();
  await db.schema.alterTable("bookings").dropColumn("card_customer_id").execute();
  await db.schema.dropTable("booking_policies").execute();
}
