import type SQLite from "better-sqlite3";
import { migrate, openDatabase, type Db } from "./db/database.js";
import type { DialectName } from "./db/dialect.js";
import { bookingsWrittenElsewhere } from "./db/repositories/bookings.js";
import type { Env } from "./env.js";
import { createLogger, type Logger } from "./logger.js";
import { seed } from "./services/seed.js";
import { startWriter, type Writer } from "./workers/writer.js";

/** Everything a service needs, passed in rather than imported, so tests build their own. */
export interface AppContext {
  env: Env;
  db: Db;
  /** SQLite, or PostgreSQL shared by several instances (decision 021). */
  dialect: DialectName;
  /**
   * The raw connection under `db`, for prepared statements on hot paths. On PostgreSQL there is
   * none: a stand-in that refuses every use (db/pg/shared-state.ts).
   */
  sqlite: SQLite.Database;
  /**
   * Stores new bookings and e-mail outcomes on a thread of its own (workers/writer.ts); on
   * PostgreSQL, in group commits on the pool (db/pg/writer.ts).
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

export interface ContextOptions {
  now?: () => Date;
  logger?: Logger;
}

/** Opens the database, applies migrations and seeds a fresh database (R19). */
export async function createAppContext(env: Env, opts: ContextOptions = {}): Promise<AppContext> {
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL, undefined, { pretty: env.LOG_FORMAT === "pretty" });
  if (env.postgresUrl) return createPostgresContext(env, env.postgresUrl, opts, logger);
  const { db, sqlite } = openDatabase(env.databaseFile);
  const writer = startWriter(env.databaseFile, { onBookingsCommitted: bookingsWrittenElsewhere, logger });
  const ctx = assemble(env, opts, logger, { db, dialect: "sqlite", sqlite, writer, cache: new Map() });
  return prepared(ctx, async () => {
    await migrate(db);
    await seed(ctx);
  });
}

/** The context around a database and its writer, whichever the dialect. */
function assemble(env: Env, opts: ContextOptions, logger: Logger, parts: Pick<AppContext, "db" | "dialect" | "sqlite" | "writer" | "cache">): AppContext {
  const ctx: AppContext = {
    env,
    ...parts,
    now: opts.now ?? (() => new Date()),
    logger,
    tasks: new Set(),
    staffReady: Promise.resolve(),
    close: async () => {
      await Promise.allSettled([...ctx.tasks]);
      await ctx.writer.close();
      await ctx.db.destroy();
    },
  };
  return ctx;
}

/** Migrates and seeds through `prepare`; a failure closes the context before it is thrown. */
async function prepared(ctx: AppContext, prepare: () => Promise<void>): Promise<AppContext> {
  try {
    await prepare();
  } catch (err) {
    await ctx.close();
    throw err;
  }
  return ctx;
}

/**
 * The context of one of several instances sharing a PostgreSQL database (decision 021): a pool,
 * the pg writer, no cache of rows other instances change. Migrations run under Kysely's own
 * advisory lock, and the seed under SEED_LOCK, so instances starting together do each once.
 */
async function createPostgresContext(env: Env, url: string, opts: ContextOptions, logger: Logger): Promise<AppContext> {
  const [{ openPostgres, whileHoldingSeedLock }, { startPgWriter, writerPool }, { InstanceCache, noSqliteHandle }] = await Promise.all([
    import("./db/pg/pool.js"),
    import("./db/pg/writer.js"),
    import("./db/pg/shared-state.js"),
  ]);
  const db = await openPostgres(url);
  const ctx = assemble(env, opts, logger, {
    db,
    dialect: "postgres",
    sqlite: noSqliteHandle(),
    writer: startPgWriter(db, { pool: await writerPool(url), logger }),
    cache: new InstanceCache(),
  });
  return prepared(ctx, async () => {
    await migrate(db);
    await whileHoldingSeedLock(db, async () => {
      await seed(ctx);
      await ctx.staffReady;
    });
  });
}
