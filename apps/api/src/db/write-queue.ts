import type SQLite from "better-sqlite3";

/**
 * Group commit for busy read-then-write work (bookings). Jobs that arrive while a transaction is
 * running wait and then run together in the next BEGIN IMMEDIATE … COMMIT, one after another,
 * each inside its own SAVEPOINT: every job still sees the ones before it (capacity checks stay
 * exact), a job that throws is rolled back alone, and a whole batch pays for one fsync
 * (synchronous=FULL) instead of one each. Nobody is answered before their batch has committed.
 * Jobs are synchronous statements on `sqlite`, so a batch never yields to other work mid-way.
 */

type Job = { fn: () => unknown; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 64;

export class WriteQueue {
  private pending: Job[] = [];
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly sqlite: SQLite.Database) {}

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      // Start on the next turn of the event loop, after the requests that arrived together
      // have all been read and queued: they then share one transaction.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.drain());
      }
    });
  }

  /** Resolves once every job queued so far has been committed (or refused). */
  idle(): Promise<void> {
    if (!this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private drain(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      let outcomes: Outcome[];
      try {
        outcomes = this.commit(batch);
      } catch (error) {
        // BEGIN or COMMIT failed: nothing of this batch was stored.
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    }
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private commit(batch: Job[]): Outcome[] {
    const outcomes: Outcome[] = [];
    // Left open by a batch whose ROLLBACK failed (an I/O error): BEGIN would otherwise fail for ever.
    if (this.sqlite.inTransaction) this.sqlite.exec("ROLLBACK");
    this.sqlite.exec("BEGIN IMMEDIATE");
    try {
      for (const job of batch) {
        this.sqlite.exec("SAVEPOINT job");
        try {
          outcomes.push({ ok: true, value: job.fn() });
          this.sqlite.exec("RELEASE job");
        } catch (error) {
          // A full disk or an I/O error may make SQLite roll back the whole transaction, not only
          // the statement (R41): then nothing of the batch is stored, and every job hears of that
          // error (with its SQLite code), not of the savepoint that is gone.
          if (!this.sqlite.inTransaction) throw error;
          this.sqlite.exec("ROLLBACK TO job; RELEASE job");
          outcomes.push({ ok: false, error });
        }
      }
      this.sqlite.exec("COMMIT");
    } catch (error) {
      try {
        if (this.sqlite.inTransaction) this.sqlite.exec("ROLLBACK");
      } catch {
        // The caller hears of the first error; the next batch rolls back again before it begins.
      }
      throw error;
    }
    return outcomes;
  }
}
