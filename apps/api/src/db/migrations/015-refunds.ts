import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R34: each refund of a booking's payment, who made it, how much and why. A refund is written
// `pending` (its amount reserved inside BEGIN IMMEDIATE) before the provider is asked, and
// `succeeded` once the provider has made it; a provider failure deletes the pending row. The
// provider's refund id is unique, so a refund reported twice (our own call and the
// `charge.refunded` webhook, or a webhook delivered again) is recorded once.
//
// `demo_refunds` is the demo provider's own record, as `demo_payment_intents` is (migration 002).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", autoId(db))
    .addColumn("booking_id", "integer", (c) => c.notNull().references("bookings.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("provider_refund_id", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await sql`CREATE INDEX refunds_payment ON refunds (payment_id)`.execute(db);

  await db.schema
    .createTable("demo_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_intent_id", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("metadata_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX demo_refunds_intent ON demo_refunds (payment_intent_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("demo_refunds").execute();
  await db.schema.dropTable("refunds").execute();
}
