import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  // sha256 of the intent's client secret: only the payer can attach voucher details to it.
  await db.schema.alterTable("payments").addColumn("client_secret_hash", "text").execute();

  // The built-in demo provider's own intents (R7): it stands in for Stripe's servers, so it keeps
  // its state apart from our payment records and fulfilment reads it the same way.
  await db.schema
    .createTable("demo_payment_intents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("client_secret", "text", (c) => c.notNull().unique())
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("card_last4", "text")
    .addColumn("return_url", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("metadata_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("demo_payment_intents").execute();
  await db.schema.alterTable("payments").dropColumn("client_secret_hash").execute();
}
