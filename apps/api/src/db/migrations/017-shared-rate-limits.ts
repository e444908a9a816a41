import { sql, type Kysely } from "kysely";
import { onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// Decision 021: instances sharing a PostgreSQL database share their rate limits (R5, R23's wrong
// voucher codes, R25's sign-in throttles), or a client could multiply its budget by the number of
// instances behind the load balancer. One row per limit and client key: the count in the current
// fixed window and when that window ends (milliseconds since the epoch, on the tearoom's clock).
// A SQLite server is the only process, and keeps its limits in memory: the table is PostgreSQL's.

export async function up(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`CREATE TABLE rate_limits (
    bucket text NOT NULL,
    key text NOT NULL,
    count integer NOT NULL,
    reset_at bigint NOT NULL,
    PRIMARY KEY (bucket, key)
  )`.execute(db);
  // The sweep of ended windows reads this index, not the table.
  await sql`CREATE INDEX rate_limits_reset ON rate_limits (reset_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`DROP TABLE rate_limits`.execute(db);
}
