import type SQLite from "better-sqlite3";
import { migrate, openDatabase, type Db } from "./db/database.js";
import { bookingsWrittenElsewhere } from "./db/repositories/bookings.js";
import type { Env } from "./env.js";
import { createLogger, type Logger } from "./logger.js";
import { seed } from "./services/seed.js";
import { startWriter, type Writer } from "./workers/writer.js";

/** Everything a service needs, passed in rather than imported, so tests build their own. */
export interface AppContext {
  env: Env;
  db: Db;
  /** The raw connection under `db`, for prepared statements on hot paths. */
  sqlite: SQLite.Database;
  /** Stores new bookings and e-mail outcomes on a thread of its own (workers/writer.ts). */
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

export interface ContextOptions {
  now?: () => Date;
  logger?: Logger;
}

/** Opens the database, applies migrations and seeds a fresh database (R19). */
export async function createAppContext(env: Env, opts: ContextOptions = {}): Promise<AppContext> {
  const { db, sqlite } = openDatabase(env.databaseFile);
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL, undefined, { pretty: env.LOG_FORMAT === "pretty" });
  const ctx: AppContext = {
    env,
    db,
    sqlite,
    writer: startWriter(env.databaseFile, { onBookingsCommitted: bookingsWrittenElsewhere, logger }),
    now: opts.now ?? (() => new Date()),
    logger,
    cache: new Map(),
    tasks: new Set(),
    staffReady: Promise.resolve(),
    close: async () => {
      await Promise.allSettled([...ctx.tasks]);
      await ctx.writer.close();
      await db.destroy();
    },
  };
  try {
    await migrate(db);
    await seed(ctx);
  } catch (err) {
    await ctx.close();
    throw err;
  }
  return ctx;
}
