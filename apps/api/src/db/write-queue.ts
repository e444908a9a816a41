import type SQLite from "better-sqlite3";
import type { Transaction } from "kysely";
import { immediateTransaction, type Db } from "./database.js";
import type { Database } from "./schema.js";

/**
 * Group commit for busy read-then-write work (bookings). Jobs that arrive while a transaction is
 * running wait and then run together in the next BEGIN IMMEDIATE … COMMIT, one after another,
 * each inside its own SAVEPOINT: every job still sees the ones before it (capacity checks stay
 * exact), a job that throws is rolled back alone, and a whole batch pays for one fsync
 * (synchronous=FULL) instead of one each. Nobody is answered before their batch has committed.
 */

type Job = { fn: (tx: Transaction<Database>) => Promise<unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void };

const MAX_BATCH = 64;

class WriteQueue {
  private pending: Job[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
  ) {}

  run<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      // Start on the next turn of the event loop, after the requests that arrived together
      // have all been read and queued: they then share one transaction.
      if (!this.running && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
        try {
          await immediateTransaction(this.db, async (tx) => {
            for (const job of batch) {
              // Savepoints on the raw handle: it is the connection the transaction runs on.
              this.sqlite.exec("SAVEPOINT job");
              try {
                const value = await job.fn(tx);
                this.sqlite.exec("RELEASE job");
                outcomes.push({ ok: true, value });
              } catch (error) {
                this.sqlite.exec("ROLLBACK TO job; RELEASE job");
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          // The commit itself failed: nothing of this batch was stored.
          for (const job of batch) job.reject(error);
          continue;
        }
        batch.forEach((job, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
      }
    } finally {
      this.running = false;
      if (this.pending.length > 0 && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    }
  }
}

const queues = new WeakMap<Db, WriteQueue>();

/**
 * Runs `fn` in a write transaction shared with other queued jobs (see above). `sqlite` is the raw
 * connection under `db`; inside `fn` it may be used for prepared statements in the transaction.
 */
export function groupedTransaction<T>(conn: { db: Db; sqlite: SQLite.Database }, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  let queue = queues.get(conn.db);
  if (!queue) {
    queue = new WriteQueue(conn.db, conn.sqlite);
    queues.set(conn.db, queue);
  }
  return queue.run(fn);
}
