import type SQLite from "better-sqlite3";
import type { DbOrTx } from "../db/database.js";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * Queues an e-mail by writing it to the outbox table (R17); the delivery worker sends it later
 * and retries. Pass the transaction that writes the booking or enquiry, so both land or neither.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("outbox")
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments_json: JSON.stringify(mail.attachments ?? []),
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

const insertStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * `enqueueMail` as a prepared statement on the raw connection, for the booking write path (many
 * per second). Call it only inside a write transaction on that connection (groupedTransaction),
 * so the message is stored with the booking or not at all.
 */
export function enqueueMailPrepared(sqlite: SQLite.Database, mail: OutgoingMail, now: string): void {
  let statement = insertStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `INSERT INTO outbox (kind, to_address, subject, text_body, html_body, attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, NULL, ?, NULL)`,
    );
    insertStatements.set(sqlite, statement);
  }
  statement.run(mail.kind, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.attachments ?? []), now, now);
}
