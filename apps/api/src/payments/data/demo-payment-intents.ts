import type { DbOrTx } from "../../db/database.js";
import type { DemoPaymentIntentRow, DemoRefundRow, DemoSetupIntentRow } from "../../db/schema.js";

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

export async function insertDemoSetupIntent(db: DbOrTx, row: DemoSetupIntentRow): Promise<void> {
  await db.insertInto("demo_setup_intents").values(row).execute();
}

export async function findDemoSetupIntent(db: DbOrTx, id: string): Promise<DemoSetupIntentRow | undefined> {
  return db.selectFrom("demo_setup_intents").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findDemoSetupIntentBySecret(db: DbOrTx, clientSecret: string): Promise<DemoSetupIntentRow | undefined> {
  return db.selectFrom("demo_setup_intents").selectAll().where("client_secret", "=", clientSecret).executeTakeFirst();
}

/** The SetupIntent that saved a card, by the card's payment method id. */
export async function findDemoSetupIntentByPaymentMethod(db: DbOrTx, paymentMethodId: string): Promise<DemoSetupIntentRow | undefined> {
  return db.selectFrom("demo_setup_intents").selectAll().where("payment_method_id", "=", paymentMethodId).executeTakeFirst();
}

export async function updateDemoSetupIntent(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<DemoSetupIntentRow, "status" | "last_error" | "card_last4" | "card_outcome" | "payment_method_id">> & { updated_at: string },
): Promise<void> {
  await db.updateTable("demo_setup_intents").set(changes).where("id", "=", id).execute();
}
