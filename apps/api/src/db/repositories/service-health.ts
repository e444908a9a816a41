import { sql } from "kysely";
import type { DbOrTx } from "../database.js";

/** What `/healthz` and the metrics read and write (R41, migration 020). */

/** The e-mails waiting to be sent: how many, and when the oldest was queued (null when none). */
export async function outboxBacklog(db: DbOrTx): Promise<{ queued: number; oldestQueuedAt: string | null }> {
  // Both read the partial index of queued messages (outbox_queued), never the sent ones; its
  // condition is written out, not bound, so the planners can see that the index covers it.
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number>().as("queued"), eb.fn.min<string | null>("created_at").as("oldest")])
    .where(sql<boolean>`status = 'pending'`)
    .executeTakeFirstOrThrow();
  return { queued: Number(row.queued), oldestQueuedAt: row.oldest };
}

/** Rewrites the health check's own row: a write as small as any, which fails as a booking's would on a full disk or a read-only database. */
export async function writeServiceProbe(db: DbOrTx, at: string): Promise<void> {
  await db
    .insertInto("service_probe")
    .values({ id: 1, written_at: at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ written_at: at }))
    .execute();
}
