import { sql, type Kysely } from "kysely";
import { autoId, onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// Double opt-in for the newsletter (R16 as amended by R26): a subscription stays inactive until
// its confirm link is used, and its consent time is the moment of confirmation. So a row can now
// exist without consent (consent_at NULL), and it keeps the hash of its confirmation token and
// when the last confirmation e-mail went out (one per address per day at most). Existing active
// subscribers consented under the old flow and stay as they are. SQLite cannot drop NOT NULL in
// place, hence the copy.

const KEPT = ["id", "email", "first_name", "last_name", "is_active", "source", "consent_at", "unsubscribe_token", "created_at"];

/** The table under `name`: with the opt-in columns and consent optional (`up`), or as before (`down`). */
async function createSubscriptions(db: Kysely<any>, name: string, optIn: boolean): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => (optIn ? c : c.notNull()))
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull());
  if (optIn) table = table.addColumn("confirm_token_hash", "text", (c) => c.unique()).addColumn("confirm_sent_at", "text");
  await table.execute();
}

/** Refuses to copy a table that has columns this migration does not know of: they would be lost. */
async function expectColumns(db: Kysely<any>, known: string[]): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('newsletter_subscriptions')`.execute(db);
  const unknown = rows.map((r) => r.name).filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`newsletter_subscriptions has columns 005-newsletter-opt-in does not copy: ${unknown.join(", ")}`);
}

async function replaceSubscriptions(db: Kysely<any>, name: string): Promise<void> {
  // Ids of deleted subscriptions are never handed out again: the new table continues the old counter.
  await sql`DELETE FROM sqlite_sequence WHERE name = ${name}`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${name}, seq FROM sqlite_sequence WHERE name = 'newsletter_subscriptions'`.execute(db);
  await db.schema.dropTable("newsletter_subscriptions").execute();
  await db.schema.alterTable(name).renameTo("newsletter_subscriptions").execute();
}

const columns = (names: string[]) => sql.raw(names.join(", "));

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL changes the columns in place.
  if (onPostgres(db)) {
    await sql`ALTER TABLE newsletter_subscriptions ALTER COLUMN consent_at DROP NOT NULL,
      ADD COLUMN confirm_token_hash text UNIQUE, ADD COLUMN confirm_sent_at text`.execute(db);
    return;
  }
  await expectColumns(db, KEPT);
  await createSubscriptions(db, "newsletter_subscriptions_next", true);
  await sql`INSERT INTO newsletter_subscriptions_next (${columns(KEPT)}) SELECT ${columns(KEPT)} FROM newsletter_subscriptions`.execute(db);
  await replaceSubscriptions(db, "newsletter_subscriptions_next");
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to consent on every row: a request never confirmed stays inactive, with its request time
  // in consent_at (the old schema has no empty value for it).
  if (onPostgres(db)) {
    await sql`UPDATE newsletter_subscriptions SET consent_at = created_at WHERE consent_at IS NULL`.execute(db);
    await sql`ALTER TABLE newsletter_subscriptions ALTER COLUMN consent_at SET NOT NULL, DROP COLUMN confirm_token_hash, DROP COLUMN confirm_sent_at`.execute(
      db,
    );
    return;
  }
  await expectColumns(db, [...KEPT, "confirm_token_hash", "confirm_sent_at"]);
  await createSubscriptions(db, "newsletter_subscriptions_prev", false);
  const copied = KEPT.filter((c) => c !== "consent_at");
  await sql`INSERT INTO newsletter_subscriptions_prev (${columns(copied)}, consent_at)
    SELECT ${columns(copied)}, COALESCE(consent_at, created_at) FROM newsletter_subscriptions`.execute(db);
  await replaceSubscriptions(db, "newsletter_subscriptions_prev");
}
