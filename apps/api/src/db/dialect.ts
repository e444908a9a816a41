import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

/**
 * Which database a deployment runs on (decision 021): SQLite in one process (the default), or
 * PostgreSQL when several instances share one database. What differs between the two is decided
 * in src/db/, from the connection itself, so services stay one set of code.
 */
export type DialectName = "sqlite" | "postgres";

type HasExecutor = Pick<Kysely<unknown>, "getExecutor">;

/** The dialect a Kysely instance or transaction speaks. */
export function dialectOf(db: HasExecutor): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export const isPostgres = (db: HasExecutor): boolean => dialectOf(db) === "postgres";

/** `haystack` contains `needle` as it is (no pattern characters): SQLite's instr, PostgreSQL's strpos. */
export function containsText(db: HasExecutor, haystack: RawBuilder<unknown>, needle: string): RawBuilder<boolean> {
  return isPostgres(db) ? sql<boolean>`strpos(${haystack}, ${needle}) > 0` : sql<boolean>`instr(${haystack}, ${needle}) > 0`;
}

/**
 * The one lock every read-then-write transaction takes on PostgreSQL (`pg_advisory_xact_lock`),
 * as BEGIN IMMEDIATE takes SQLite's write lock: writers that check before they write (capacity,
 * client limits, voucher balances, refunds, payment fulfilment) run one at a time across every
 * instance, and each reads what the one before committed. Plain reads take no lock.
 */
export const WRITE_LOCK = 0x7ea_0001;
/** Held while an instance seeds a database, so that of several starting at once one seeds. */
export const SEED_LOCK = 0x7ea_0002;
