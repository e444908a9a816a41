import type { DbOrTx } from "../../db/database.js";
import type { DemoPaymentIntentRow, DemoRefundRow } from "../../db/schema.js";

/** Storage of the demo provider, which plays the part of the payment provider's servers (R7). */

export async function insertDemoIntent(db: DbOrTx, row: DemoPaymentIntentRow): Promise<void> {
  await db.insertInto("demo_payment_intents").values(row).execute();
}

export async function findDemoIntent(db: DbOrTx, id: string): Promise<DemoPaymentIntentRow | undefined> {
  return db.selectFrom("demo_payment_intents").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findDemoIntentBySecret(db: DbOrTx, clientSecret: string): Promise<DemoPaymentIntentRow | undefined> {
  return db.selectFrom("demo_payment_intents").selectAll().where("client_secret", "=", clientSecret).executeTakeFirst();
}

export async function updateDemoIntent(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<DemoPaymentIntentRow, "status" | "last_error" | "card_last4" | "return_url" | "amount_pence">> & { updated_at: string },
): Promise<void> {
  await db.updateTable("demo_payment_intents").set(changes).where("id", "=", id).execute();
}

export async function insertDemoRefund(db: DbOrTx, row: DemoRefundRow): Promise<void> {
  await db.insertInto("demo_refunds").values(row).execute();
}

export async function findDemoRefundByKey(db: DbOrTx, idempotencyKey: string): Promise<DemoRefundRow | undefined> {
  return db.selectFrom("demo_refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

/** The demo provider's refunds of one intent, oldest first. */
export async function listDemoRefunds(db: DbOrTx, intentId: string): Promise<DemoRefundRow[]> {
  return db.selectFrom("demo_refunds").selectAll().where("payment_intent_id", "=", intentId).orderBy("created_at").orderBy("id").execute();
}
