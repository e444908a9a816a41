import { Worker } from "node:worker_threads";
import type { MailOutcome } from "../db/repositories/outbox-delivery.js";
import type { BookingWarning } from "@tearoom/domain";
import { AppError, ConflictError, TooManyRequestsError, WarningsError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { BookingResult, BookingWrite } from "../bookings/services/booking-write.js";

/**
 * The writes that come in streams (new bookings, and the outcome of each e-mail sent) are made by
 * a thread of their own with its own connection to the database file. With synchronous=FULL
 * each commit waits for the disk, and better-sqlite3 waits on the thread that calls it: on the
 * request thread that stalled every visitor, about a fifth of its time under a booking rush.
 * Here the request thread checks and prices a booking, hands it over as plain data and answers
 * when the writer posts back after its transaction committed. The writer groups what arrives
 * together into one transaction (db/write-queue.ts). The request thread's own, rarer writes
 * (staff edits, payments) take SQLite's write lock in turn with it.
 */

export type WriterJob = { kind: "booking"; booking: BookingWrite } | { kind: "mail-outcome"; outcome: MailOutcome };
export type WriterRequest = { type: "write"; id: number; job: WriterJob } | { type: "close" };
export type WriterReply =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; statusCode?: number; code?: string; retryAfterSeconds?: number; warnings?: BookingWarning[] };
    };

export interface Writer {
  /** Starts the thread now rather than on the first write; resolves once it has opened the database. */
  ready(): Promise<void>;
  /** Stores the booking; resolves once it is committed, rejects with the errors `writeBooking` throws (ConflictError, WarningsError, TooManyRequestsError). */
  writeBooking(booking: BookingWrite): Promise<BookingResult>;
  /** Records how an attempt to send an outbox message went; resolves once committed. */
  recordMailOutcome(outcome: MailOutcome): Promise<void>;
  /** The writes handed over and not yet answered (the metrics' writer queue depth). */
  queueDepth(): number;
  /** Lets the writes already handed over commit, then stops the thread. */
  close(): Promise<void>;
}

export interface WriterOptions {
  /** Called for every booking answer, after its transaction committed and before its caller hears of it. */
  onBookingsCommitted: () => void;
  logger: Logger;
}

const fromSources = import.meta.url.endsWith(".ts");

/**
 * The part of node:worker_threads' Worker used here. The admin app type-checks this file through
 * the router types without Node's event typings, in which Worker has no `on`: hence this shape.
 */
interface WriterThread {
  on(event: "message", listener: (reply: WriterReply) => void): unknown;
  on(event: "error", listener: (err: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  once(event: "exit", listener: (code: number) => void): unknown;
  postMessage(request: WriterRequest): void;
  ref(): void;
  unref(): void;
}

function spawn(databaseFile: string): WriterThread {
  const file = new URL(`./writer.worker.${fromSources ? "ts" : "js"}`, import.meta.url);
  const options = { workerData: { databaseFile } };
  // Running the TypeScript sources (tests, `pnpm dev`): tsx compiles the worker as it loads it.
  // tsx is resolved here, beside this file: an eval'd worker would look for it from the working directory.
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const load = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = fromSources ? new Worker(load, { ...options, eval: true }) : new Worker(file, options);
  return worker as unknown as WriterThread;
}

/** The error the caller would have got had the write run on its own thread. */
function revive({ name, message, statusCode, code, retryAfterSeconds, warnings }: Extract<WriterReply, { ok: false }>["error"]): Error {
  if (statusCode === 409 && warnings) return new WarningsError(warnings);
  if (statusCode === 409) return new ConflictError(message);
  if (statusCode === 429) return new TooManyRequestsError(message, retryAfterSeconds ?? 60);
  if (statusCode) return new AppError(statusCode as AppError["statusCode"], message);
  return Object.assign(new Error(message), { name, ...(code ? { code } : {}) });
}

type Caller = { kind: WriterJob["kind"]; resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The writer for `databaseFile`; its thread starts on `ready()` or the first write. One per database. */
export function startWriter(databaseFile: string, { onBookingsCommitted, logger }: WriterOptions): Writer {
  let worker: WriterThread | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, Caller>();

  const start = (): WriterThread => {
    const w = spawn(databaseFile);
    let markReady: () => void;
    started = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      w.once("exit", (code) => reject(new Error(`The writer could not start (exit code ${code})`)));
    });
    started.catch(() => undefined); // only ready() callers hear of it
    w.on("message", (reply: WriterReply) => {
      if ("ready" in reply) {
        // Held in the event loop only while it starts or a write is outstanding, so the writer
        // never keeps a finished process alive.
        if (waiting.size === 0) w.unref();
        return markReady();
      }
      const caller = waiting.get(reply.id);
      if (!caller) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) w.unref();
      if (caller.kind === "booking") onBookingsCommitted();
      if (reply.ok) caller.resolve(reply.value);
      else caller.reject(revive(reply.error));
    });
    w.on("error", (err) => logger.error({ err }, "writer thread failed"));
    w.on("exit", (code) => {
      if (worker === w) {
        worker = null;
        started = null;
      }
      if (waiting.size === 0) return;
      // A transaction still open died with its connection (rolled back); the callers get an error.
      onBookingsCommitted();
      const lost = new Error(`The writer stopped (exit code ${code}) before answering`);
      for (const caller of waiting.values()) caller.reject(lost);
      waiting.clear();
    });
    return w;
  };

  const write = <T>(job: WriterJob): Promise<T> => {
    if (closed) return Promise.reject(new Error("The writer is closed"));
    const w = (worker ??= start());
    w.ref();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { kind: job.kind, resolve: resolve as (value: unknown) => void, reject });
      w.postMessage({ type: "write", id, job } satisfies WriterRequest);
    });
  };

  return {
    async ready() {
      if (closed) throw new Error("The writer is closed");
      worker ??= start();
      await started;
    },
    writeBooking: (booking) => write({ kind: "booking", booking }),
    recordMailOutcome: (outcome) => write({ kind: "mail-outcome", outcome }),
    queueDepth: () => waiting.size,
    async close() {
      closed = true;
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once("exit", () => resolve()));
      w.ref();
      w.postMessage({ type: "close" } satisfies WriterRequest);
      await exited;
    },
  };
}
