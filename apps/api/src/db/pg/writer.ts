import { sql } from "kysely";
import type { Db } from "../database.js";
import { lockedTransaction } from "../database.js";
import { recordMailOutcome } from "../repositories/outbox-delivery.js";
import type { Logger } from "../../logger.js";
import type { Writer, WriterJob } from "../../workers/writer.js";
import { writeBookingPg } from "./booking-write.js";

/**
 * PostgreSQL's `Writer` (decision 021). The same group commit as SQLite's writer thread
 * (db/write-queue.ts, decision 005): the jobs that arrive together run in one transaction, each
 * in its own savepoint, and every caller is answered after the commit. The transaction takes the
 * write lock first (`lockedTransaction`), so a batch on one instance and a batch or a staff write
 * on another run one after the other, as SQLite's BEGIN IMMEDIATE makes them. There is no thread:
 * pg's client does not block the event loop. One batch at a time per instance.
 */

type Job = { job: WriterJob; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 64;

export function startPgWriter(db: Db, { logger }: { logger: Logger }): Writer {
  let pending: Job[] = [];
  let running: Promise<void> | null = null;
  let scheduled = false;
  let closed = false;

  const runJob = (tx: Db, job: WriterJob): Promise<unknown> =>
    job.kind === "booking" ? writeBookingPg(tx, job.booking) : recordMailOutcome(tx, job.outcome).then(() => null);

  async function commit(batch: Job[]): Promise<Outcome[]> {
    return lockedTransaction(db, async (tx) => {
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
          await sql`ROLLBACK TO SAVEPOINT job`.execute(tx);
          await sql`RELEASE SAVEPOINT job`.execute(tx);
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    });
  }

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.splice(0, MAX_BATCH);
      let outcomes: Outcome[];
      try {
        outcomes = await commit(batch);
      } catch (error) {
        // A lone job's own refusal, or BEGIN/COMMIT failing: nothing of this batch was stored.
        if (batch.length > 1) logger.error({ err: error }, "writer batch failed");
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    }
  }

  const schedule = () => {
    if (scheduled || running) return;
    scheduled = true;
    // The next turn of the event loop: the requests that arrived together share one transaction.
    setImmediate(() => {
      scheduled = false;
      running = drain().finally(() => {
        running = null;
        if (pending.length > 0) schedule();
      });
    });
  };

  const write = <T>(job: WriterJob): Promise<T> => {
    if (closed) return Promise.reject(new Error("The writer is closed"));
    return new Promise<T>((resolve, reject) => {
      pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };

  const idle = async () => {
    while (scheduled || running || pending.length > 0) {
      if (running) await running;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  };

  return {
    ready: async () => {
      if (closed) throw new Error("The writer is closed");
    },
    writeBooking: (booking) => write({ kind: "booking", booking }),
    recordMailOutcome: (outcome) => write({ kind: "mail-outcome", outcome }),
    async close() {
      closed = true;
      await idle();
      pending = [];
    },
  };
}
