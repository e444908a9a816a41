import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// The outbox keeps each message as its content (JSON) and renders the text and HTML bodies when
// it is sent: a booking's two e-mails then take about a quarter of the bytes, which is most of what
// a booking's commit writes. Messages queued before this keep their rendered bodies, so the body
// columns become optional. SQLite cannot drop NOT NULL in place, hence the copy.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox_next")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("content_json", "text")
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    .addColumn("attachments_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  const columns = sql.raw("id, kind, to_address, subject, text_body, html_body, attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at");
  await sql`INSERT INTO outbox_next (${columns}) SELECT ${columns} FROM outbox`.execute(db);
  await db.schema.dropTable("outbox").execute();
  await db.schema.alterTable("outbox_next").renameTo("outbox").execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to rendered bodies only: messages stored as content lose their bodies' NOT NULL values,
  // so they are kept with empty bodies rather than dropped.
  await db.schema
    .createTable("outbox_prev")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("attachments_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await sql`INSERT INTO outbox_prev (id, kind, to_address, subject, text_body, html_body, attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at)
    SELECT id, kind, to_address, subject, COALESCE(text_body, ''), COALESCE(html_body, ''), attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at FROM outbox`.execute(db);
  await db.schema.dropTable("outbox").execute();
  await db.schema.alterTable("outbox_prev").renameTo("outbox").execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
}
