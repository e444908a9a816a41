import type { CompiledQuery } from "kysely";
import type { Pool } from "pg";
import type { Db } from "../db/database.js";
import type { BookingWriteKeys, BookingWriteReads } from "../bookings/data/booking-write.js";
import { toBooking } from "../bookings/data/booking-row.js";
import { recordMailOutcomesPg, type MailOutcome } from "../db/repositories/outbox-delivery.js";
import { bookingLockKeys, insertStatement, lockStatement, readStatement, toReads, type StoredBooking } from "../db/pg/booking-write.js";
import { coalescing } from "../db/pg/coalesce.js";
import { createPgPool } from "../db/pg/pool.js";
import type { Logger } from "../logger.js";
import { newReference } from "../bookings/services/booking-reference.js";
import type { BookingResult, BookingWrite } from "../bookings/services/booking-write.js";
import { bookingWriteKeys, decideBookingWrite, type BookingWriteDecision } from "../bookings/services/booking-write-decision.js";
import { newManageToken } from "../bookings/services/manage-token.js";
import type { Writer } from "./writer.js";

/**
 * PostgreSQL's `Writer` (decision 021). The same group commit as SQLite's writer thread
 * (db/write-queue.ts, decision 005): the bookings that arrive together are written in one
 * transaction, and every caller is answered after the commit. There is no thread: pg's client does
 * not block the event loop.
 *
 * Locks: SQLite has one writer at a time; here a batch holds the write lock (`WRITE_LOCK`) shared,
 * so it never overlaps a read-then-write of `immediateTransaction` (which holds it exclusively),
 * plus an exclusive advisory lock for each thing its bookings check before they write: the day
 * (R44: capacity, garden spots and R29's warnings read the day's room), the client key and the e-mail
 * address (R23's limits), the voucher (R36) and the payment reference (R8). A batch takes only
 * bookings whose locks differ, so that none changes what another read (db/pg/booking-write.ts);
 * a booking sharing a lock with one already taken waits for the next batch. Batches that share no
 * lock run side by side, on this instance (up to MAX_IN_FLIGHT) and across instances; batches
 * that share one run one after the other, as on SQLite. Each batch takes all its locks in one
 * statement, in one global order, so two batches cannot deadlock; should PostgreSQL still report
 * a deadlock or a serialisation failure, the batch (rolled back whole) runs again.
 *
 * Round trips are what a booking costs here, so a batch is five statements whatever its size,
 * sent on a connection in pg's pipeline mode: BEGIN, its locks and the read together, then the
 * write and COMMIT. Two round trips: the rules run between them, on what was read, and a
 * booking refused by its rules is refused before the write. When the write fails, the batch is
 * rolled back: a reference drawn twice runs it again with new draws; any other error runs each
 * of its bookings alone, so that only the one at fault is answered with it. The outcome of an
 * e-mail attempt is an UPDATE of a row its instance has claimed (repositories/outbox-delivery.ts),
 * needing no lock: the outcomes that arrive together are written in one statement of their own
 * (db/pg/coalesce.ts).
 */

type Job = { job: BookingWrite; reads: BookingWriteKeys; keys: bigint[]; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: BookingResult } | { ok: false; error: unknown };

const MAX_BATCH = 64;
// Two: a batch is written while the next gathers; more only adds backends competing for the CPU.
const MAX_IN_FLIGHT = 2;
const RETRIES = 3;

/** The writer's own pool for `url` (see `startPgWriter`). */
export async function writerPool(url: string): Promise<Pool> {
  const pool = await createPgPool(url, MAX_IN_FLIGHT, { pipeline: true });
  // Its connections run only the batches' prepared statements, planned once: PostgreSQL would
  // otherwise plan the read each time. Sent first on each new connection, before any batch.
  pool.on("connect", (client) => void client.query("SET plan_cache_mode = force_generic_plan").catch(() => undefined));
  return pool;
}

/** Takes from `pending`, in order, the next batch: at most MAX_BATCH jobs, no two sharing a lock. */
function takeBatch(pending: Job[]): Job[] {
  const taken = new Set<bigint>();
  const batch: Job[] = [];
  const rest: Job[] = [];
  for (const job of pending) {
    if (batch.length < MAX_BATCH && job.keys.every((k) => !taken.has(k))) {
      batch.push(job);
      for (const k of job.keys) taken.add(k);
    } else rest.push(job);
  }
  pending.splice(0, pending.length, ...rest);
  return batch;
}

const codeOf = (err: unknown) => (err as { code?: string } | null)?.code ?? "";
/** A deadlock, a serialisation failure, or a reference drawn twice: the batch may simply run again. */
const isRetryable = (err: unknown) => ["40P01", "40001", "23505"].includes(codeOf(err));

/** The batch's write, once its rules have decided over what was read. */
interface BatchWrite {
  /** The statement storing the bookings that passed; null when none did. */
  statement: CompiledQuery<StoredBooking> | null;
  /** Each booking's outcome, in order, given what the statement answered. */
  outcomes(stored: readonly StoredBooking[]): Outcome[];
}

/**
 * Applies each booking's rules (bookings/services/booking-write-decision.ts) to its row of the batch read:
 * a refusal is its booking's outcome, and the write stores only the bookings that passed. No
 * booking of a batch changes what another read (its locks differ), so one read serves them all.
 */
function decideBatch(db: Db, jobs: readonly BookingWrite[], reads: readonly BookingWriteReads[]): BatchWrite {
  const decided = jobs.map((job, i): { ok: true; value: BookingWriteDecision } | { ok: false; error: unknown } => {
    try {
      // A reference already taken fails the write with a unique violation, and the batch runs again with new draws.
      return { ok: true, value: decideBookingWrite(job, reads[i]!, { reference: newReference(), manageLink: newManageToken() }) };
    } catch (error) {
      return { ok: false, error };
    }
  });
  const plans = decided.flatMap((d) => (d.ok && d.value.kind === "store" ? [d.value.plan] : []));
  return {
    statement: plans.length > 0 ? insertStatement(db, plans) : null,
    outcomes(stored) {
      const ids = new Map(stored.map((row) => [row.reference, row]));
      return decided.map((d, i): Outcome => {
        if (!d.ok) return d;
        if (d.value.kind === "answered") return { ok: true, value: d.value.result };
        const { id, guest_id } = ids.get(d.value.plan.row.reference)!;
        const row = { ...d.value.plan.row, id, guest_id };
        return { ok: true, value: { booking: toBooking(row, reads[i]!.demo), ...d.value.result } };
      });
    },
  };
}

/**
 * The writer of a PostgreSQL instance. `pool` is its own, in pg's pipeline mode, with a connection
 * for each batch in flight (`writerPool`): as SQLite's writer thread, it writes on connections of its own.
 */
export function startPgWriter(db: Db, { pool, logger }: { pool: Pool; logger: Logger }): Writer {
  const pending: Job[] = [];
  let inFlight = 0;
  let jobsInFlight = 0;
  let scheduled = false;
  let closed = false;
  const idleWaiters: (() => void)[] = [];
  const recordOutcome = coalescing((outcomes: MailOutcome[]) => recordMailOutcomesPg(db, outcomes).then(() => outcomes.map(() => undefined)));

  async function commit(batch: Job[]): Promise<Outcome[]> {
    const jobs = batch.map((j) => j.job);
    const keys = [...new Set(batch.flatMap((job) => job.keys))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const client = await pool.connect();
    // Sends a statement at once, behind those not yet answered (the pool's pipeline mode); its rows.
    const send = <R>(query: CompiledQuery<R> | string): Promise<R[]> =>
      (typeof query === "string" ? client.query(query) : client.query(query.sql, [...query.parameters])).then((r) => r.rows as R[]);
    let broken: unknown;
    try {
      // BEGIN, the locks and the read go together, unanswered: PostgreSQL runs the read once the
      // locks are held. Answers come in order, so a failure to take the locks is the first to
      // reject (the read then fails too). The statements are prepared (db/pg/pool.ts).
      const [, , reads] = await Promise.all([
        send("BEGIN"),
        send(lockStatement(db, keys)),
        send(
          readStatement(
            db,
            batch.map((j) => j.reads),
          ),
        ),
      ]);
      const write = decideBatch(db, jobs, reads.map(toReads));
      // The write goes with COMMIT: after a failed write, COMMIT only ends the (rolled back) transaction.
      const [stored] = await Promise.all([write.statement ? send(write.statement) : [], send("COMMIT")]);
      return write.outcomes(stored);
    } catch (error) {
      await send("ROLLBACK").catch((failed: unknown) => (broken = failed));
      throw error;
    } finally {
      // A connection that cannot even roll back is closed rather than handed to the next batch.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  async function run(jobs: Job[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await commit(jobs);
        jobs.forEach((job, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
        return;
      } catch (error) {
        if (isRetryable(error) && attempt < RETRIES) continue;
        if (jobs.length > 1) {
          // Nothing of the batch was stored: each booking alone, so that only the one at fault fails.
          logger.error({ err: error }, "a batch of bookings failed to write; its bookings run one by one");
          for (const job of jobs) await run([job]);
          return;
        }
        jobs[0]!.reject(error);
        return;
      }
    }
  }

  const pump = () => {
    while (pending.length > 0 && inFlight < MAX_IN_FLIGHT) {
      const batch = takeBatch(pending);
      inFlight++;
      jobsInFlight += batch.length;
      void run(batch).finally(() => {
        inFlight--;
        jobsInFlight -= batch.length;
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
      const reads = bookingWriteKeys(job);
      pending.push({ job, reads, keys: bookingLockKeys(reads), resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };

  return {
    ready: async () => {
      if (closed) throw new Error("The writer is closed");
    },
    writeBooking,
    recordMailOutcome: (outcome) => (closed ? Promise.reject(new Error("The writer is closed")) : recordOutcome(outcome)),
    queueDepth: () => pending.length + jobsInFlight,
    async close() {
      closed = true;
      // Lets the writes already handed over commit.
      if (pending.length > 0 || inFlight > 0 || scheduled) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      await pool.end();
    },
  };
}
