import type { Db } from "./db/database.js";
import type { DialectName } from "./db/dialect.js";
import type { Env } from "./env.js";
import type { Logger } from "./logger.js";
import type { Writer } from "./workers/writer.js";

/** Everything a service needs, passed in rather than imported, so tests build their own (composition-root.ts builds it). */
export interface AppContext {
  env: Env;
  db: Db;
  /** SQLite, or PostgreSQL shared by several instances (decision 021). */
  dialect: DialectName;
  /**
   * Stores new bookings and e-mail outcomes on a thread of its own (workers/writer.ts); on
   * PostgreSQL, in group commits on the pool (workers/pg-writer.ts).
   */
  writer: Writer;
  /** The current instant; tests move it to check expiry and "today" (R12). */
  now: () => Date;
  logger: Logger;
  /** Small caches owned by the services (e.g. booking settings), invalidated on writes. */
  cache: Map<string, unknown>;
  /** Work started in the background (e.g. a password check after start-up); awaited on close. */
  tasks: Set<Promise<unknown>>;
  /**
   * Settles once the staff accounts are as configured (R2, R22). A production start checks them
   * while it already serves the public site; every sign-in and session check waits for this.
   */
  staffReady: Promise<void>;
  close(): Promise<void>;
}
