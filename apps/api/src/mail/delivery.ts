import type { Db } from "../db/database.js";
import { claimDueMail, type MailOutcome } from "../db/repositories/outbox-delivery.js";
import { deliverableMail } from "./outbox.js";
import type { MailTransport } from "./transports.js";

export interface MailDeliveryDeps {
  db: Db;
  /** Writes the outcome of an attempt (the server hands it to its writer thread, workers/writer.ts). */
  record: (outcome: MailOutcome) => Promise<void>;
  transport: MailTransport;
  from: string;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How many requests the instance has received so far: a backlog gives way to them (`startMailDelivery`). */
  requestsReceived?: () => number;
}

/** After this many failed attempts (about two days of back-off) a message is left as `failed` for staff to see. */
export const MAX_MAIL_ATTEMPTS = 12;

/** Back-off before attempt n+1 after n failures: 30 s, 1 min, 2 min … capped at 6 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60_000);
}

/**
 * Sends every message that is due, oldest first. A failed send is only a mark on the outbox row
 * (attempts, last error, next try): the booking or voucher that caused it is never touched (R17).
 */
export async function deliverDueMail(deps: MailDeliveryDeps, limit = 25): Promise<{ sent: number; failed: number }> {
  const now = deps.now ?? (() => new Date());
  const due = await claimDueMail(deps.db, now().toISOString(), limit);
  let sent = 0;
  let failed = 0;
  // Each outcome is handed over as soon as it is known, and the next message is sent meanwhile:
  // the writer may store several in one statement. The pass ends once all are stored.
  const recorded: Promise<void>[] = [];
  const record = (outcome: MailOutcome) => {
    const stored = deps.record(outcome);
    stored.catch(() => undefined);
    recorded.push(stored);
  };
  for (const row of due) {
    try {
      // Rendered inside the try: a message that cannot be rendered fails like a refused send.
      await deps.transport.send(deliverableMail(row), deps.from);
      record({ id: row.id, sent: true, at: now().toISOString() });
      sent++;
    } catch (err) {
      failed++;
      const attempts = row.attempts + 1;
      const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      record({ id: row.id, sent: false, error: message, nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)).toISOString(), giveUp });
      (giveUp ? deps.log?.error : deps.log?.warn)?.call(
        deps.log,
        { outboxId: row.id, kind: row.kind, attempts, err: message },
        giveUp ? "e-mail delivery gave up" : "e-mail delivery failed, will retry",
      );
    }
  }
  await Promise.all(recorded);
  return { sent, failed };
}

export interface MailDelivery {
  /** Deliver now rather than at the next tick (after a payment, so the e-mail is not kept waiting). */
  kick(): void;
  /** Resolves when no delivery pass is running; for tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Messages per delivery pass; a full pass is followed at once by the next, so a backlog drains without waiting for the timer. */
const PASS_SIZE = 25;

/**
 * Runs deliverDueMail every `intervalMs`, one pass at a time. A full pass is followed at once by
 * the next, so a backlog drains without waiting for the timer, unless requests came in during it:
 * then the guests come first, and a backlog drains a pass each `intervalMs` until they are served.
 */
export function startMailDelivery(deps: MailDeliveryDeps, intervalMs = 5_000): MailDelivery {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const received = deps.requestsReceived?.();
    running = deliverDueMail(deps, PASS_SIZE)
      .then(({ sent, failed }) => {
        // A full pass means more may be due (a closure cancelling a day's bookings queues many at once).
        if (sent + failed >= PASS_SIZE && deps.requestsReceived?.() === received) again = true;
      })
      .catch((err: unknown) => deps.log?.error({ err: err instanceof Error ? err.message : String(err) }, "e-mail delivery pass failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };

  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return {
    kick: pass,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      deps.transport.close?.();
    },
  };
}
