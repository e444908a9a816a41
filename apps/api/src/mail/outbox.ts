import type SQLite from "better-sqlite3";
import type { DbOrTx } from "../db/database.js";
import type { OutboxRow } from "../db/schema.js";
import { render, type MailContent } from "./layout.js";
import type { DeliverableMail } from "./transports.js";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  /** The HTML document's title. */
  title: string;
  /** What the message says; its text and HTML bodies are rendered from it when it is sent. */
  content: MailContent;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** How a message's content is kept in the outbox (a third of the size of its two rendered bodies). */
const storedContent = (mail: OutgoingMail) => JSON.stringify({ title: mail.title, content: mail.content });

/** An outbox row as the transport sends it: the bodies rendered from the stored content. */
export function deliverableMail(row: OutboxRow): DeliverableMail {
  const bodies = row.content_json
    ? (() => {
        const { title, content } = JSON.parse(row.content_json) as { title: string; content: MailContent };
        return render(title, content);
      })()
    : { text: row.text_body ?? "", html: row.html_body ?? "" };
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    ...bodies,
    attachments: JSON.parse(row.attachments_json || "[]") as DeliverableMail["attachments"],
  };
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
      content_json: storedContent(mail),
      text_body: null,
      html_body: null,
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
      `INSERT INTO outbox (kind, to_address, subject, content_json, attachments_json, status, attempts, next_attempt_at, last_error, created_at, sent_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, NULL, ?, NULL)`,
    );
    insertStatements.set(sqlite, statement);
  }
  statement.run(mail.kind, mail.to, mail.subject, storedContent(mail), JSON.stringify(mail.attachments ?? []), now, now);
}
