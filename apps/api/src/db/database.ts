import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  SqliteDialect,
  DataTypeNode,
  OperationNodeTransformer,
  type KyselyPlugin,
  sql,
  type Expression,
  type Migration,
  type MigrationProvider,
  type Transaction,
} from "kysely";
import { isPostgres, WRITE_LOCK } from "./dialect.js";
import type { Database } from "./schema.js";
import * as m001 from "./migrations/001-initial.js";
import * as m002 from "./migrations/002-payments.js";
import * as m003 from "./migrations/003-outbox-content.js";
import * as m004 from "./migrations/004-client-address.js";
import * as m005 from "./migrations/005-newsletter-opt-in.js";
import * as m006 from "./migrations/006-admin-lists.js";
import * as m007 from "./migrations/007-booking-lifecycle.js";
import * as m008 from "./migrations/008-voucher-amount-items.js";
import * as m009 from "./migrations/009-staff-roles-audit.js";
import * as m010 from "./migrations/010-voucher-ledger.js";
import * as m013 from "./migrations/013-booking-reminders.js";
import * as m014 from "./migrations/014-privacy.js";
import * as m015 from "./migrations/015-refunds.js";
import * as m016 from "./migrations/016-manage-links.js";
import * as m017 from "./migrations/017-shared-rate-limits.js";
import * as m018 from "./migrations/018-voucher-ledger-by-booking.js";
import * as m019 from "./migrations/019-ascii-search-fold.js";
import * as m020 from "./migrations/020-service-health.js";
import * as m021 from "./migrations/021-areas.js";
import * as m022 from "./migrations/022-table-labels.js";
import * as m023 from "./migrations/023-area-closures.js";
import * as m024 from "./migrations/024-calendar-sequence.js";
import * as m025 from "./migrations/025-voucher-sources-and-delivery.js";
import * as m026 from "./migrations/026-booking-policies.js";
import * as m027 from "./migrations/027-payment-links.js";
import * as m028 from "./migrations/028-guests.js";
import * as m029 from "./migrations/029-newsletter-campaigns-and-calendar-feeds.js";
import * as m030 from "./migrations/030-waitlist.js";
import * as m031 from "./migrations/031-events.js";
import * as m032 from "./migrations/032-report-indexes.js";
import * as m034 from "./migrations/034-waitlist-sittings.js";

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/**
 * A value for a query builder, or an expression giving it: PostgreSQL's booking write passes a
 * column of its batch (`sql.ref`) where a single read passes the value (db/pg/booking-write.ts).
 */
export type Operand<T> = T | Expression<T>;

/** Migrations in order; bundled statically so the built server needs no migration folder. */
export const migrations: Record<string, Migration> = {
  "001-initial": m001,
  "002-payments": m002,
  "003-outbox-content": m003,
  "004-client-address": m004,
  "005-newsletter-opt-in": m005,
  "006-admin-lists": m006,
  "007-booking-lifecycle": m007,
  "008-voucher-amount-items": m008,
  "009-staff-roles-audit": m009,
  "010-voucher-ledger": m010,
  "013-booking-reminders": m013,
  "014-privacy": m014,
  "015-refunds": m015,
  "016-manage-links": m016,
  "017-shared-rate-limits": m017,
  "018-voucher-ledger-by-booking": m018,
  "019-ascii-search-fold": m019,
  "020-service-health": m020,
  "021-areas": m021,
  "022-table-labels": m022,
  "023-area-closures": m023,
  "024-calendar-sequence": m024,
  "025-voucher-sources-and-delivery": m025,
  "026-booking-policies": m026,
  "027-payment-links": m027,
  "028-guests": m028,
  "029-newsletter-campaigns-and-calendar-feeds": m029,
  "030-waitlist": m030,
  "031-events": m031,
  "032-report-indexes": m032,
  "034-waitlist-sittings": m034,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Opens the SQLite file with settings chosen for not losing bookings: WAL with synchronous=FULL
 * (better-sqlite3's WAL default of NORMAL can drop the last commits on power loss), a busy timeout
 * for a second process, and foreign keys on.
 */
export function openDatabase(file: string): { db: Db; sqlite: SQLite.Database } {
  const sqlite = openSqlite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  rawConnections.set(db, sqlite);
  return { db, sqlite };
}

/** The raw connection under each SQLite Kysely opened here: for the prepared reads of hot paths, kept inside src/db/. */
const rawConnections = new WeakMap<Db, SQLite.Database>();

/** The raw connection under `db`; null on PostgreSQL, which has none. */
export const rawConnection = (db: Db): SQLite.Database | null => rawConnections.get(db) ?? null;

/** The raw connection with the settings above; the writer thread (workers/writer.ts) opens its own this way. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    createPrivately(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // R42: deleted and overwritten content (an erased guest's name) is zeroed, not left in free space.
  sqlite.pragma("secure_delete = ON");
  return sqlite;
}

/**
 * R27: guests' details are readable by the server's user only. SQLite gives the WAL and
 * shared-memory files the database file's mode, so setting it on the file covers all three.
 * R41: the file is created here only when it does not exist ("wx"), and an existing one is only
 * chmod-ed by name. Opening and closing a descriptor of a file the process already has open
 * through SQLite (the writer thread's connection beside the main one) drops every POSIX lock the
 * process holds on it; another client closing the file then takes it as unused and deletes the
 * WAL the server is still writing into, and a kill -9 loses what was acknowledged since.
 */
function createPrivately(file: string): void {
  try {
    writeFileSync(file, "", { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  chmodSync(file, 0o600);
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * `sql` prepared once per connection and reused: for the hot paths that run on the raw handle
 * (availability, the booking write path), where building a query each time costs more than it.
 */
export function prepared<P extends unknown[], R>(sqlite: SQLite.Database, sql: string): SQLite.Statement<P, R> {
  let byText = statements.get(sqlite);
  if (!byText) {
    byText = new Map();
    statements.set(sqlite, byText);
  }
  let statement = byText.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    byText.set(sql, statement);
  }
  return statement as SQLite.Statement<P, R>;
}

/**
 * PostgreSQL's `integer` is 4 bytes, SQLite's 8: a column the migrations declare `integer` is a
 * `bigint` there, so every number SQLite can store (an id of 2^31 a client sends, say) is a
 * value PostgreSQL can compare, not an error. The pool reads bigints as numbers (db/pg/pool.ts).
 */
class WideIntegers implements KyselyPlugin {
  private readonly transformer = new (class extends OperationNodeTransformer {
    protected override transformDataType(node: DataTypeNode): DataTypeNode {
      return node.dataType === "integer" ? DataTypeNode.create("bigint") : node;
    }
  })();
  transformQuery: KyselyPlugin["transformQuery"] = ({ node }) => this.transformer.transformNode(node);
  transformResult: KyselyPlugin["transformResult"] = async ({ result }) => result;
}

/**
 * Applies every pending migration; throws with the failing migration's error. On PostgreSQL,
 * Kysely's migrator runs them in one transaction under an advisory lock of its own, so of several
 * instances starting at once one migrates and the others find the work done.
 */
export async function migrate(db: Db): Promise<void> {
  const target = isPostgres(db) ? db.withPlugin(new WideIntegers()) : db;
  const { error, results } = await new Migrator({ db: target, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
}

/**
 * Runs `fn` inside BEGIN IMMEDIATE: the write lock is taken before the first read, so a
 * read-then-write (a capacity check) cannot race another writer. Kysely's own transaction
 * sends a plain BEGIN (DEFERRED), which lets two writers both read "room left".
 */
export async function immediateTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return lockedTransaction(db, fn);
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      // The reserved connection behaves as the transaction: every query below runs on it.
      const result = await fn(conn as unknown as Transaction<Database>);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

/**
 * PostgreSQL's BEGIN IMMEDIATE (decision 021): a transaction whose first statement takes the
 * write lock (`WRITE_LOCK`, an advisory lock released at commit or rollback), so every
 * read-then-write runs one at a time across all instances and reads what the last one committed.
 */
export async function lockedTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)})`.execute(tx);
    return fn(tx);
  });
}
