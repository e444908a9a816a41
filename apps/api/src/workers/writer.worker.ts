import { parentPort, workerData } from "node:worker_threads";
import type { BookingWarning } from "@tearoom/domain";
import { openSqlite } from "../db/database.js";
import { recordMailOutcomePrepared } from "../db/repositories/outbox-delivery.js";
import { WriteQueue } from "../db/write-queue.js";
import { writeBooking } from "../bookings/services/booking-writes.js";
import type { WriterJob, WriterReply, WriterRequest } from "./writer.js";

// The writer thread (see writer.ts): its own connection to the database file, the jobs that
// arrive together grouped into one transaction, each answer posted once that transaction committed.
const port = parentPort!;
const sqlite = openSqlite((workerData as { databaseFile: string }).databaseFile);
const queue = new WriteQueue(sqlite);
port.postMessage({ ready: true } satisfies WriterReply);

function run(job: WriterJob): unknown {
  if (job.kind === "booking") return writeBooking(sqlite, job.booking);
  recordMailOutcomePrepared(sqlite, job.outcome);
  return null;
}

/** What crosses back for a refused or failed write: enough to rebuild the error the caller expects. */
function describe(error: unknown): Extract<WriterReply, { ok: false }>["error"] {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { statusCode, code, retryAfterSeconds, warnings } = error as {
    statusCode?: number;
    code?: string;
    retryAfterSeconds?: number;
    warnings?: BookingWarning[];
  };
  return {
    name: error.name,
    message: error.message,
    ...(statusCode ? { statusCode } : {}),
    ...(code ? { code } : {}),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    ...(warnings ? { warnings } : {}),
  };
}

port.on("message", (request: WriterRequest) => {
  if (request.type === "close") {
    void queue.idle().then(() => {
      sqlite.close();
      port.close();
    });
    return;
  }
  const { id, job } = request;
  queue
    .run(() => run(job))
    .then(
      (value) => port.postMessage({ id, ok: true, value } satisfies WriterReply),
      (error: unknown) => port.postMessage({ id, ok: false, error: describe(error) } satisfies WriterReply),
    );
});
