import { StorageUnavailableError, type StorageProblem } from "../errors.js";

/**
 * R41: the database errors that mean "nothing can be stored just now" rather than "this request
 * is wrong" or "the code is wrong". Each is answered 503 with Retry-After (never a 500), and each
 * goes away by itself once space, write access or the server is back: nothing here needs a restart.
 */

/** SQLite's result codes (better-sqlite3's `SqliteError.code`, kept across the writer thread, workers/writer.ts). */
function sqliteProblem(code: string): StorageProblem | null {
  if (code === "SQLITE_FULL") return "full disk";
  if (code.startsWith("SQLITE_READONLY")) return "read-only";
  // A file system remounted read-only answers EROFS to a write, which SQLite reports as SQLITE_IOERR_WRITE.
  if (code.startsWith("SQLITE_IOERR")) return "disk error";
  if (code.startsWith("SQLITE_CANTOPEN")) return "unreachable";
  // Another process (an operator's long write, a restore's check) held the lock past the busy
  // timeout: nothing was written, and trying again later will do. A 503, not a 500.
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  return null;
}

/** PostgreSQL's SQLSTATE codes (pg's `DatabaseError.code`). */
function postgresProblem(code: string): StorageProblem | null {
  if (code === "53100") return "full disk"; // disk_full
  if (code.startsWith("53")) return "out of resources"; // out of memory, too many connections
  if (code === "25006") return "read-only"; // read_only_sql_transaction: a standby, or default_transaction_read_only
  if (code === "58030") return "disk error"; // io_error
  // connection_exception, admin or crash shutdown, cannot_connect_now (starting up or in recovery)
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return "unreachable";
  return null;
}

/** Node's socket errors, as pg reports a server it cannot reach. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** pg's own errors for a lost or refused connection carry no code, only these words. */
const PG_CONNECTION_LOST = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** What kind of storage failure `err` is (or its cause), or null when it is anything else. */
export function storageProblem(err: unknown): StorageProblem | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      const problem = code.startsWith("SQLITE_") ? sqliteProblem(code) : NETWORK_CODES.has(code) ? "unreachable" : postgresProblem(code);
      if (problem) return problem;
    } else if (PG_CONNECTION_LOST.test(e.message)) return "unreachable";
  }
  return null;
}

const FAILURES_KEY = "storage.failures";

/** The part of the app's context counted in (`AppContext.cache`); the data layer imports no context. */
type Counted = { cache: Map<string, unknown> };

/**
 * `err` as the 503 it is answered with when it is a storage failure, else null. A failure is
 * counted in `ctx`, so that the health check writes its probe at once (http/health.ts).
 */
export function storageUnavailable(ctx: Counted, err: unknown): StorageUnavailableError | null {
  const problem = err instanceof StorageUnavailableError ? err.problem : storageProblem(err);
  if (!problem) return null;
  ctx.cache.set(FAILURES_KEY, storageFailures(ctx) + 1);
  return err instanceof StorageUnavailableError ? err : new StorageUnavailableError(problem, err);
}

/** How many storage failures requests have met since the start; the health check compares counts. */
export function storageFailures(ctx: Counted): number {
  return (ctx.cache.get(FAILURES_KEY) as number | undefined) ?? 0;
}
