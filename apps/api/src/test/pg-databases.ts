import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import type { AppContext } from "../context.js";
import { rawConnection } from "../db/database.js";
import { pgSyncHandle } from "./pg-sync.js";

/**
 * The API suite on PostgreSQL (decision 021): with TEST_DATABASE_URL set (`pnpm test:pg`), every
 * test server gets a database of its own, copied from a template the global setup migrated once
 * (src/test/pg-global-setup.ts): CREATE DATABASE … TEMPLATE takes milliseconds, so tests stay as
 * independent as with a SQLite file each.
 */

export const TEMPLATE_DATABASE = "tearoom_test_template";

/** The server's URL for the suite's PostgreSQL, or undefined: the suite runs on SQLite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** Runs on PostgreSQL (for `describe.skipIf` / `it.skipIf` of tests that are about SQLite itself). */
export const onPostgres = (): boolean => testDatabaseUrl() !== undefined;

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (query: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: withDatabase(testDatabaseUrl()!, "postgres") });
  await client.connect();
  try {
    return await fn((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** A context as tests see it: with a synchronous handle on its database (`TestDatabase.attach`). */
export type TestContext = AppContext & { sqlite: SQLite.Database };

export interface TestDatabase {
  /** DATABASE_URL for the server, and MAIL_DIR when .eml files must go to the test's folder. */
  env: Record<string, string>;
  /**
   * The context with `sqlite`, a synchronous handle tests look into the database through: the raw
   * connection on SQLite, a stand-in on PostgreSQL (src/test/pg-sync.ts).
   */
  attach(ctx: AppContext): TestContext;
  dispose(): Promise<void>;
}

/** A database for one test server: a SQLite file in `dir`, or a fresh PostgreSQL database. */
export async function testDatabase(dir: string, file = "test.sqlite"): Promise<TestDatabase> {
  const server = testDatabaseUrl();
  if (!server)
    return { env: { DATABASE_URL: join(dir, file) }, attach: (ctx) => Object.assign(ctx, { sqlite: rawConnection(ctx.db)! }), dispose: async () => undefined };
  const name = `tearoom_test_${randomBytes(6).toString("hex")}`;
  await admin((query) => query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = withDatabase(server, name);
  let handle: ReturnType<typeof pgSyncHandle> | null = null;
  return {
    env: { DATABASE_URL: url, MAIL_DIR: join(dir, "outbox") },
    attach(ctx) {
      handle = pgSyncHandle(url);
      return Object.assign(ctx, { sqlite: handle });
    },
    async dispose() {
      handle?.close();
      await admin((query) => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The global setup's work: a fresh, migrated template (no seed: each server seeds as it starts). */
export async function createTemplate(): Promise<void> {
  const server = testDatabaseUrl()!;
  await admin(async (query) => {
    await query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await query(`CREATE DATABASE ${TEMPLATE_DATABASE} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`);
  });
  const [{ openPostgres }, { migrate }] = await Promise.all([import("../db/pg/pool.js"), import("../db/database.js")]);
  const db = await openPostgres(withDatabase(server, TEMPLATE_DATABASE), 1);
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}
