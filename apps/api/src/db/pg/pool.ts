import { createHash } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import type { CustomTypesConfig, Pool, PoolClient } from "pg";
import { SEED_LOCK } from "../dialect.js";
import type { Database } from "../schema.js";

/**
 * Type parsers for the pool: SQLite answers counts and sums as numbers, pg as strings (bigint,
 * numeric). Every count and sum here is far below 2^53, so they are read as numbers, and services
 * see what they see on SQLite. Dates and times are stored as ISO text on both, so no timestamp
 * type ever reaches a service.
 */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Marks a statement (as its first words) to be prepared by name once per connection and run
 * again from there. PostgreSQL plans an unnamed statement each time it runs, which for the booking
 * write's statements cost more than running them (decision 021). A marked statement's text must
 * come in few shapes: each connection keeps each shape it prepared.
 */
export const PREPARE = sql.raw("/* prepare */ ");
const PREPARE_MARK = "/* prepare */ ";

const names = new Map<string, string>();
const statementName = (text: string): string => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `tearoom_${createHash("sha1").update(text).digest("hex")}`));
  return name;
};

/** Runs the statements marked with PREPARE on `client` by name (pg prepares a name on first use). */
function prepareMarkedStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) =>
    typeof config === "string" && config.startsWith(PREPARE_MARK)
      ? query({ name: statementName(config), text: config, values }, callback)
      : query(config, values, callback)) as PoolClient["query"];
}

/**
 * A pool for `url` with the parsers above. `pg` is loaded here, when a deployment asks for
 * PostgreSQL, so a SQLite start never pays for it. With `pipeline`, each connection sends a
 * statement as soon as it is given one, behind those not yet answered (pg's pipeline mode): the
 * booking writer's, which send a transaction's statements two at a time (workers/pg-writer.ts).
 */
export async function createPgPool(url: string, max = 10, { pipeline = false } = {}): Promise<Pool> {
  const { default: pg } = await import("pg");
  const types: CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: "text" | "binary") => {
      if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as "text");
    }) as CustomTypesConfig["getTypeParser"],
  };
  const pool = new pg.Pool({ connectionString: url, max, types, pipeline });
  // An idle client losing its connection (a restarted database) must not end the process.
  pool.on("error", () => undefined);
  pool.on("connect", prepareMarkedStatements);
  return pool;
}

/** Kysely over a pool for `url` (decision 021). */
export async function openPostgres(url: string, poolSize = 10): Promise<Kysely<Database>> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: await createPgPool(url, poolSize) }) });
}

/**
 * Runs `fn` holding SEED_LOCK, a session lock on one reserved connection while `fn` works on the
 * pool: of several instances starting together, one seeds and the others then find it done.
 */
export async function whileHoldingSeedLock(db: Kysely<Database>, fn: () => Promise<void>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(SEED_LOCK)})`.execute(conn);
    try {
      await fn();
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(SEED_LOCK)})`.execute(conn);
    }
  });
}
