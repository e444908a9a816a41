import type { DbOrTx } from "../../db/database.js";
import type { NewRefundRow, RefundRow } from "../../db/schema.js";

/** Refunds of booking payments (R34, migration 015). */

/** Inserts a refund and answers its id. */
export async function insertRefund(db: DbOrTx, row: NewRefundRow): Promise<number> {
  const inserted = await db.insertInto("refunds").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findRefundByProviderId(db: DbOrTx, providerRefundId: string): Promise<RefundRow | undefined> {
  return db.selectFrom("refunds").selectAll().where("provider_refund_id", "=", providerRefundId).executeTakeFirst();
}

export async function findRefundByKey(db: DbOrTx, idempotencyKey: string): Promise<RefundRow | undefined> {
  return db.selectFrom("refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

/** Pence refunded from a payment: made (`succeeded`), or also reserved by refunds still being made (`pending`). */
export async function sumRefunds(db: DbOrTx, paymentId: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("total"))
    .where("payment_id", "=", paymentId)
    .where("status", "in", statuses as string[])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Pence refunded (made) from each of these payments; payments without refunds are left out. */
export async function refundedByPayment(db: DbOrTx, paymentIds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const unique = [...new Set(paymentIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("refunds")
      .select(["payment_id", (eb) => eb.fn.sum<number>("amount_pence").as("total")])
      .where("payment_id", "in", unique.slice(i, i + 500))
      .where("status", "=", "succeeded")
      .groupBy("payment_id")
      .execute();
    for (const row of rows) totals.set(row.payment_id, Number(row.total));
  }
  return totals;
}

/** Marks a pending refund made, with the provider's id; true when this call made the change. */
export async function settleRefund(db: DbOrTx, id: number, providerRefundId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({ status: "succeeded", provider_refund_id: providerRefundId, settled_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a pending refund the provider did not make, so nothing of it stays recorded. */
export async function deletePendingRefund(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("refunds").where("id", "=", id).where("status", "=", "pending").execute();
}

/** A payment's refunds, oldest first. */
export async function listRefunds(db: DbOrTx, paymentId: string): Promise<RefundRow[]> {
  return db.selectFrom("refunds").selectAll().where("payment_id", "=", paymentId).orderBy("id").execute();
}
