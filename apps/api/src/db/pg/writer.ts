import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../database.js";
import { WRITE_LOCK } from "../dialect.js";
import { recordMailOutcomesPg, type MailOutcome } from "../repositories/outbox-delivery.js";
import { coalescing } from "./coalesce.js";
import type { Logger } from "../../logger.js";
import { AppError } from "../../errors.js";
import type { BookingResult, BookingWrite } from "../../services/booking-writes.js";
import type { Writer } from "../../workers/writer.js";
import { writeBookingPg, type BatchReads } from "./booking-write.js";

/**
 * PostgreSQL's `Writer` (decision 021). The same group commit as SQLite's writer thread
 * (db/write-queue.ts, decision 005): the bookings that arrive together are written in one
 * transaction, and every caller is answered after the commit. There is no thread: pg's client does
 * not block the event loop.
 *
 * Locks: SQLite has one writer at a time; here a batch holds the write lock (`WRITE_LOCK`) shared,
 * so it never overlaps a read-then-write of `immediateTransaction` (which holds it exclusively),
 * plus an exclusive advisory lock for each thing its bookings check before they write: the slot
 * (capacity, garden spots, R29's warnings all read one slot), the client key and the e-mail
 * address (R23's limits), the voucher (R36) and the payment reference (R8). Batches that share
 * none of those run side by side, on this instance (up to MAX_IN_FLIGHT) and across instances;
 * batches that share one run one after the other, as on SQLite. Each batch takes all its locks in
 * one statement, in one global order, so two batches cannot deadlock; should PostgreSQL still
 * report a deadlock or a serialisation failure, the batch (rolled back whole) runs again.
 *
 * Round trips are what a booking costs here, so there are no savepoints: a booking refused by its
 * rules is refused before it writes (db/pg/booking-write.ts) and leaves the transaction as it was;
 * one that fails while writing rolls the batch back, is answered with its error, and the others
 * run again without it. The outcome of an e-mail attempt is an UPDATE of a row its instance has
 * claimed (repositories/outbox-delivery.ts), needing no lock: the outcomes that arrive together
 * are written in one statement of their own (db/pg/coalesce.ts).
 */

type Job = { job: BookingWrite; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 4;
const RETRIES = 3;

/** A 64-bit advisory lock key for a named thing. */
const lockKey = (name: string): bigint => createHash("sha256").update(name).digest().readBigInt64BE(0);

/** The things `booking` reads before it writes, as lock keys (see above). */
function lockKeys({ row, clientLimit, voucher }: BookingWrite): bigint[] {
  const names = [`slot:${row.type}|${row.date}|${row.time}`];
  if (clientLimit && row.client_key) names.push(`client:${row.client_key}`);
  if (clientLimit?.kind === "hold") names.push(`email:${row.email.toLowerCase()}`);
  if (row.payment_reference) names.push(`payment:${row.payment_reference}`);
  if (voucher) names.push(`voucher:${voucher.code}`);
  return names.map(lockKey);
}

const isRetryable = (err: unknown) => ["40P01", "40001"].includes((err as { code?: string } | null)?.code ?? "");

/** A booking of the batch failed while writing: the transaction is rolled back, and the others run again. */
class JobFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super("A booking of the batch failed while writing");
  }
}

/**
 * Writes each booking of a batch inside its transaction: a refusal is its answer; a failure while
 * writing aborts the transaction (JobFailed); a deadlock or serialisation failure runs it again.
 */
async function writeAll(tx: Db, batch: Job[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const shared: BatchReads = {};
  for (const [index, { job }] of batch.entries()) {
    const progress = { writing: false };
    try {
      outcomes.push({ ok: true, value: await writeBookingPg(tx, job, progress, shared) });
    } catch (error) {
      if (isRetryable(error)) throw error;
      // Refused by its rules before writing: the transaction is as it was.
      if (!progress.writing && error instanceof AppError) outcomes.push({ ok: false, error });
      else throw new JobFailed(index, error);
    }
  }
  return outcomes;
}

export function startPgWriter(db: Db, { logger }: { logger: Logger }): Writer {
  const pending: Job[] = [];
  let inFlight = 0;
  let scheduled = false;
  let closed = false;
  const idleWaiters: (() => void)[] = [];
  const recordOutcome = coalescing((outcomes: MailOutcome[]) => recordMailOutcomesPg(db, outcomes).then(() => outcomes.map(() => undefined)));

  async function commit(batch: Job[]): Promise<Outcome[]> {
    const keys = [...new Set(batch.flatMap(({ job }) => lockKeys(job)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return db.connection().execute(async (tx) => {
      // BEGIN and the locks in one round trip: a statement without parameters may hold two. The
      // keys are numbers of ours, never input.
      const locks = [`pg_advisory_xact_lock_shared(${WRITE_LOCK})`, ...keys.map((k) => `pg_advisory_xact_lock(${k.toString()}::bigint)`)];
      await sql.raw(`BEGIN; SELECT ${locks.join(", ")}`).execute(tx);
      try {
        const outcomes = await writeAll(tx, batch);
        await sql`COMMIT`.execute(tx);
        return outcomes;
      } catch (error) {
        await sql`ROLLBACK`.execute(tx).catch(() => undefined);
        throw error;
      }
    });
  }

  async function run(batch: Job[]): Promise<void> {
    let jobs = batch;
    for (let attempt = 1; jobs.length > 0;) {
      try {
        const outcomes = await commit(jobs);
        jobs.forEach((job, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
        return;
      } catch (error) {
        if (error instanceof JobFailed) {
          if (jobs.length > 1) logger.error({ err: error.error }, "a booking failed while writing; the rest of its batch runs again");
          jobs[error.index]!.reject(error.error);
          jobs = jobs.filter((_, i) => i !== error.index);
          continue;
        }
        if (isRetryable(error) && attempt++ < RETRIES) continue;
        // BEGIN, the locks or COMMIT failing: nothing of this batch was stored.
        if (jobs.length > 1) logger.error({ err: error }, "writer batch failed");
        for (const job of jobs) job.reject(error);
        return;
      }
    }
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

  const writeBooking = (job: BookingWrite): Promise<BookingResult> => {
    if (closed) return Promise.reject(new Error("The writer is closed"));
    return new Promise<BookingResult>((resolve, reject) => {
      pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };

  return {
    ready: async () => {
      if (closed) throw new Error("The writer is closed");
    },
    writeBooking,
    recordMailOutcome: (outcome) => (closed ? Promise.reject(new Error("The writer is closed")) : recordOutcome(outcome)),
    async close() {
      closed = true;
      // Lets the writes already handed over commit.
      if (pending.length === 0 && inFlight === 0 && !scheduled) return;
      await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
