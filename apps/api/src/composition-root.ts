import { migrate, openDatabase } from "./db/database.js";
import { bookingsWrittenElsewhere } from "./bookings/data/bookings.js";
import type { AppContext } from "./context.js";
import type { Env } from "./env.js";
import { createLogger, type Logger } from "./logger.js";
import { seed } from "./services/seed.js";
import { startWriter } from "./workers/writer.js";

/**
 * The composition root: the one place that builds the application's parts (database, writer,
 * logger, clock) and wires them into the AppContext every service receives. Nothing imports it
 * but the entry points (server.ts, cli.ts, scripts) and tests.
 */

export interface ContextOptions {
  now?: () => Date;
  logger?: Logger;
}

/** Opens the database, applies migrations and seeds a fresh database (R19). */
export async function createAppContext(env: Env, opts: ContextOptions = {}): Promise<AppContext> {
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL, undefined, { pretty: env.LOG_FORMAT === "pretty" });
  if (env.postgresUrl) return createPostgresContext(env, env.postgresUrl, opts, logger);
  const { db } = openDatabase(env.databaseFile);
  const writer = startWriter(env.databaseFile, { onBookingsCommitted: bookingsWrittenElsewhere, logger });
  const ctx = assemble(env, opts, logger, { db, dialect: "sqlite", writer, cache: new Map() });
  return prepared(ctx, async () => {
    await migrate(db);
    await seed(ctx);
  });
}

/** The context around a database and its writer, whichever the dialect. */
function assemble(env: Env, opts: ContextOptions, logger: Logger, parts: Pick<AppContext, "db" | "dialect" | "writer" | "cache">): AppContext {
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
  const [{ openPostgres, whileHoldingSeedLock }, { startPgWriter, writerPool }, { InstanceCache }] = await Promise.all([
    import("./db/pg/pool.js"),
    import("./workers/pg-writer.js"),
    import("./db/pg/shared-state.js"),
  ]);
  const db = await openPostgres(url);
  const ctx = assemble(env, opts, logger, {
    db,
    dialect: "postgres",
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
