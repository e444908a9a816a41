import type SQLite from "better-sqlite3";
import { sql } from "kysely";
import { prepared, type DbOrTx } from "../database.js";
import { isPostgres } from "../dialect.js";
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

/**
 * How long a message claimed by one instance is not due for the others (PostgreSQL): long enough
 * for any send, short enough that a message whose sender died is retried the same hour.
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

/**
 * The messages due, for this instance to send. On SQLite one process sends, so they are the due
 * rows as they are. On PostgreSQL (decision 021) the rows are claimed: locked with SKIP LOCKED, so
 * two instances never take the same one, and moved past now by MAIL_CLAIM_MS until the outcome of
 * the attempt is recorded; each comes back as it was due.
 */
export async function claimDueMail(db: DbOrTx, nowIso: string, limit: number): Promise<OutboxRow[]> {
  if (!isPostgres(db)) return listDueMail(db, nowIso, limit);
  const claimedUntil = new Date(Date.parse(nowIso) + MAIL_CLAIM_MS).toISOString();
  const { rows } = await sql<OutboxRow & { due_at: string }>`
    WITH due AS (
      SELECT id, next_attempt_at FROM outbox
      WHERE status = 'pending' AND next_attempt_at <= ${nowIso}
      ORDER BY next_attempt_at, id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox SET next_attempt_at = ${claimedUntil} FROM due WHERE outbox.id = due.id
    RETURNING outbox.*, due.next_attempt_at AS due_at`.execute(db);
  return rows
    .map(({ due_at, ...row }) => ({ ...row, next_attempt_at: due_at }))
    .sort((a, b) => (a.next_attempt_at < b.next_attempt_at ? -1 : a.next_attempt_at > b.next_attempt_at ? 1 : a.id - b.id));
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

/**
 * `recordMailOutcomePrepared` for PostgreSQL, for many messages in one statement: its writer
 * records the outcomes that arrive together so (workers/pg-writer.ts), each a round trip fewer.
 */
export async function recordMailOutcomesPg(db: DbOrTx, outcomes: readonly MailOutcome[]): Promise<void> {
  const rows = outcomes.map((o) =>
    o.sent
      ? { id: o.id, status: "sent", sent_at: o.at, last_error: null, next_attempt_at: null }
      : { id: o.id, status: o.giveUp ? "failed" : "pending", sent_at: null, last_error: o.error.slice(0, 1000), next_attempt_at: o.nextAttemptAt },
  );
  await sql`
    UPDATE outbox SET
      status = v.status,
      sent_at = CASE WHEN v.status = 'sent' THEN v.sent_at ELSE outbox.sent_at END,
      last_error = v.last_error,
      next_attempt_at = coalesce(v.next_attempt_at, outbox.next_attempt_at),
      attempts = outbox.attempts + 1
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id integer, status text, sent_at text, last_error text, next_attempt_at text)
    WHERE outbox.id = v.id`.execute(db);
}
