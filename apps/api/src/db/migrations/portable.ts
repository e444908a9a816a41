import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Frozen in time, as the migrations that use it: never import application code here.
//
// The migrations run on SQLite and on PostgreSQL (decision 021). They differ only where the two
// must: these helpers name those places.

export const onPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An `integer` primary key numbered by the database: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function autoId(db: Kysely<any>): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db) ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}

/** SQLite's `real` is 8 bytes; PostgreSQL's is 4, so there it is `double precision`. */
export const realType = (db: Kysely<any>) => (onPostgres(db) ? "double precision" : "real");
