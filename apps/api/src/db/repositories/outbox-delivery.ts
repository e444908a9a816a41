import type SQLite from "better-sqlite3";
import { prepared, type DbOrTx } from "../database.js";
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

/** How one attempt to send an outbox message went. */
export type MailOutcome = { id: number; sent: true; at: string } | { id: number; sent: false; error: string; nextAttemptAt: string; giveUp: boolean };

/** Marks the message sent, or counts the failed attempt and sets the next (or gives up). On the writer thread. */
export function recordMailOutcomePrepared(sqlite: SQLite.Database, o: MailOutcome): void {
  if (o.sent) {
    prepared(sqlite, "UPDATE outbox SET status = 'sent', sent_at = ?, last_error = NULL, attempts = attempts + 1 WHERE id = ?").run(o.at, o.id);
  } else {
    prepared(sqlite, "UPDATE outbox SET status = ?, last_error = ?, next_attempt_at = ?, attempts = attempts + 1 WHERE id = ?").run(
      o.giveUp ? "failed" : "pending",
      o.error.slice(0, 1000),
      o.nextAttemptAt,
      o.id,
    );
  }
}

export async function countMailByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
