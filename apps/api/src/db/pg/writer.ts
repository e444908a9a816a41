import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../database.js";
import { WRITE_LOCK } from "../dialect.js";
import { recordMailOutcome } from "../repositories/outbox-delivery.js";
import type { Logger } from "../../logger.js";
import type { Writer, WriterJob } from "../../workers/writer.js";
import { writeBookingPg } from "./booking-write.js";

/**
 * PostgreSQL's `Writer` (decision 021). The same group commit as SQLite's writer thread
 * (db/write-queue.ts, decision 005): the jobs that arrive together run in one transaction, each
 * in its own savepoint, and every caller is answered after the commit. There is no thread: pg's
 * client does not block the event loop.
 *
 * Locks: SQLite has one writer at a time; here a batch holds the write lock (`WRITE_LOCK`) shared,
 * so it never overlaps a read-then-write of `immediateTransaction` (which holds it exclusively),
 * plus an exclusive advisory lock for each thing its jobs check before they write: the slot
 * (capacity, garden spots, R29's warnings all read one slot), the client key and the e-mail
 * address (R23's limits), the voucher (R36) and the payment reference (R8). Batches that share
 * none of those run side by side, on this instance (up to MAX_IN_FLIGHT) and across instances;
 * batches that share one run one after the other, as on SQLite. Each batch takes all its locks in
 * one statement, in one global order, so two batches cannot deadlock; should PostgreSQL still
 * report a deadlock or a serialisation failure, the batch (rolled back whole) runs again.
 */

type Job = { job: WriterJob; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 4;
const RETRIES = 3;

/** A 64-bit advisory lock key for a named thing. */
const lockKey = (name: string): bigint => createHash("sha256").update(name).digest().readBigInt64BE(0);

/** The things `job` reads before it writes, as lock keys (see above). */
function lockKeys(job: WriterJob): bigint[] {
  if (job.kind !== "booking") return [];
  const { row, clientLimit, voucher } = job.booking;
  const names = [`slot:${row.type}|${row.date}|${row.time}`];
  if (clientLimit && row.client_key) names.push(`client:${row.client_key}`);
  if (clientLimit?.kind === "hold") names.push(`email:${row.email.toLowerCase()}`);
  if (row.payment_reference) names.push(`payment:${row.payment_reference}`);
  if (voucher) names.push(`voucher:${voucher.code}`);
  return names.map(lockKey);
}

const isRetryable = (err: unknown) => ["40P01", "40001"].includes((err as { code?: string } | null)?.code ?? "");

export function startPgWriter(db: Db, { logger }: { logger: Logger }): Writer {
  const pending: Job[] = [];
  let inFlight = 0;
  let scheduled = false;
  let closed = false;
  const idleWaiters: (() => void)[] = [];

  const runJob = (tx: Db, job: WriterJob): Promise<unknown> =>
    job.kind === "booking" ? writeBookingPg(tx, job.booking) : recordMailOutcome(tx, job.outcome).then(() => null);

  async function commit(batch: Job[]): Promise<Outcome[]> {
    const keys = [...new Set(batch.flatMap(({ job }) => lockKeys(job)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return db.transaction().execute(async (tx) => {
      const locks = keys.map((k) => sql`pg_advisory_xact_lock(${sql.raw(k.toString())}::bigint)`);
      await sql`SELECT ${sql.join([sql`pg_advisory_xact_lock_shared(${sql.lit(WRITE_LOCK)})`, ...locks])}`.execute(tx);
      const outcomes: Outcome[] = [];
      for (const { job } of batch) {
        // A lone job needs no savepoint: its error rolls the whole transaction back anyway.
        if (batch.length === 1) {
          outcomes.push({ ok: true, value: await runJob(tx as unknown as Db, job) });
          continue;
        }
        await sql`SAVEPOINT job`.execute(tx);
        try {
          outcomes.push({ ok: true, value: await runJob(tx as unknown as Db, job) });
          await sql`RELEASE SAVEPOINT job`.execute(tx);
        } catch (error) {
          // A deadlock or serialisation failure ends the transaction: the whole batch runs again.
          if (isRetryable(error)) throw error;
          await sql`ROLLBACK TO SAVEPOINT job`.execute(tx);
          await sql`RELEASE SAVEPOINT job`.execute(tx);
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    });
  }

  async function run(batch: Job[]): Promise<void> {
    let outcomes: Outcome[] | null = null;
    for (let attempt = 1; !outcomes; attempt++) {
      try {
        outcomes = await commit(batch);
      } catch (error) {
        if (isRetryable(error) && attempt < RETRIES) continue;
        // A lone job's own refusal, or BEGIN/COMMIT failing: nothing of this batch was stored.
        if (batch.length > 1) logger.error({ err: error }, "writer batch failed");
        for (const job of batch) job.reject(error);
        return;
      }
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  const pump = () => {
    while (pending.length > 0 && inFlight < MAX_IN_FLIGHT) {
      const batch = pending.splice(0, MAX_BATCH);
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        if (pending.length > 0) schedule();
        else if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake();
      });
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // The next turn of the event loop: the requests that arrived together share one transaction.
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  const write = <T>(job: WriterJob): Promise<T> => {
    if (closed) return Promise.reject(new Error("The writer is closed"));
    return new Promise<T>((resolve, reject) => {
      pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };

  return {
    ready: async () => {
      if (closed) throw new Error("The writer is closed");
    },
    writeBooking: (booking) => write({ kind: "booking", booking }),
    recordMailOutcome: (outcome) => write({ kind: "mail-outcome", outcome }),
    async close() {
      closed = true;
      // Lets the writes already handed over commit.
      if (pending.length === 0 && inFlight === 0 && !scheduled) return;
      await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
