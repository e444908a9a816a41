import { sql, type Kysely } from "kysely";
import { autoId, onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// The outbox keeps each message as its content (JSON) and renders the text and HTML bodies when
// it is sent: a booking's two e-mails then take about a quarter of the bytes, which is most of what
// a booking's commit writes. Messages queued before this keep their rendered bodies, so the body
// columns become optional. SQLite cannot drop NOT NULL in place, hence the copy.
/** The outbox table under `name`: with content and optional bodies (`up`), or bodies only (`down`). */
function createOutbox(db: Kysely<any>, name: string, withContent: boolean) {
  let table = db.schema
    .createTable(name)
    .addColumn("id", "integer", autoId(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull());
  table = withContent
    ? table.addColumn("content_json", "text").addColumn("text_body", "text").addColumn("html_body", "text")
    : table.addColumn("text_body", "text", (c) => c.notNull()).addColumn("html_body", "text", (c) => c.notNull());
  return table
    .addColumn("attachments_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
}

async function replaceOutbox(db: Kysely<any>, name: string): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.alterTable(name).renameTo("outbox").execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

const KEPT = "id, kind, to_address, subject, attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at";

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL changes the columns in place.
  if (onPostgres(db)) {
    await sql`ALTER TABLE outbox ADD COLUMN content_json text, ALTER COLUMN text_body DROP NOT NULL, ALTER COLUMN html_body DROP NOT NULL`.execute(db);
    return;
  }
  await createOutbox(db, "outbox_next", true);
  await sql`INSERT INTO outbox_next (${sql.raw(KEPT)}, text_body, html_body) SELECT ${sql.raw(KEPT)}, text_body, html_body FROM outbox`.execute(db);
  await replaceOutbox(db, "outbox_next");
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to rendered bodies only: messages stored as content are kept with empty bodies rather
  // than dropped.
  if (onPostgres(db)) {
    await sql`UPDATE outbox SET text_body = COALESCE(text_body, ''), html_body = COALESCE(html_body, '')`.execute(db);
    await sql`ALTER TABLE outbox DROP COLUMN content_json, ALTER COLUMN text_body SET NOT NULL, ALTER COLUMN html_body SET NOT NULL`.execute(db);
    return;
  }
  await createOutbox(db, "outbox_prev", false);
  await sql`INSERT INTO outbox_prev (${sql.raw(KEPT)}, text_body, html_body) SELECT ${sql.raw(KEPT)}, COALESCE(text_body, ''), COALESCE(html_body, '') FROM outbox`.execute(
    db,
  );
  await replaceOutbox(db, "outbox_prev");
}
