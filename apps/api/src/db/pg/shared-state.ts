import type SQLite from "better-sqlite3";

/**
 * What a PostgreSQL context puts where a SQLite one keeps process-local state (decision 021).
 */

/**
 * Caches of rows that every instance may change (settings, prices): kept by a SQLite server,
 * which is the only writer of its file, but never by an instance that shares its database, where
 * another instance's change would go unseen. Everything else the services keep in the context
 * (the payment provider, callbacks, the garden spots that change only with a new seed) is kept.
 */
const SHARED_ROWS = new Set(["booking-settings", "pricing-items"]);

export class InstanceCache extends Map<string, unknown> {
  override set(key: string, value: unknown): this {
    if (SHARED_ROWS.has(key)) return this;
    return super.set(key, value);
  }
}

/**
 * `ctx.sqlite` on PostgreSQL: there is no raw SQLite handle, and whatever reaches for one is a
 * path not yet given a PostgreSQL implementation, which should fail loudly, never quietly.
 */
export function noSqliteHandle(): SQLite.Database {
  return new Proxy({} as SQLite.Database, {
    get(_target, property) {
      if (property === "then") return undefined;
      throw new Error(`ctx.sqlite.${String(property)}: there is no SQLite handle on PostgreSQL`);
    },
  });
}
