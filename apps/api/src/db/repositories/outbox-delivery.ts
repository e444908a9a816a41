import type { DbOrTx } from "../database.js";
import type { OutboxRow } from "../schema.js";

/** Delivery side of the outbox (R17): messages due for a (re)try, and the outcome of each attempt. */

export async function listDueMail(db: DbOrTx, nowIso: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function markMailSent(db: DbOrTx, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set((eb) => ({ status: "sent", sent_at: nowIso, last_error: null, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function markMailAttemptFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: string, giveUp: boolean): Promise<void> {
  await db
    .updateTable("outbox")
    .set((eb) => ({ status: giveUp ? "failed" : "pending", last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function countMailByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db.selectFrom("outbox").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
