import type { DbOrTx } from "../db/database.js";
import type { Insertable } from "kysely";
import type { OutboxRow, OutboxTable } from "../db/schema.js";
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
  /** Where a reply goes when it should not come to the sender: the guest, on the staff's notifications. */
  replyTo?: string;
  /** Extra header fields of this message, e.g. List-Unsubscribe (RFC 8058) on marketing e-mail. */
  headers?: Record<string, string>;
}

/** What is kept in content_json: the content, and the message's own header fields when it has any. */
interface StoredContent {
  title: string;
  content: MailContent;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** How a message's content is kept in the outbox (about a quarter of the size of its two rendered bodies). */
const storedContent = (mail: OutgoingMail) =>
  JSON.stringify({
    title: mail.title,
    content: mail.content,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  } satisfies StoredContent);

/** The bodies and header fields of an outbox row: rendered from its content, or as stored by older versions. */
function bodies(row: OutboxRow): Pick<DeliverableMail, "text" | "html" | "replyTo" | "headers"> {
  if (!row.content_json) return { text: row.text_body ?? "", html: row.html_body ?? "" };
  const { title, content, replyTo, headers } = JSON.parse(row.content_json) as StoredContent;
  return { ...render(title, content), ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) };
}

/** An outbox row as the transport sends it. */
export function deliverableMail(row: OutboxRow): DeliverableMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    ...bodies(row),
    attachments: JSON.parse(row.attachments_json || "[]") as DeliverableMail["attachments"],
  };
}

/**
 * Queues an e-mail by writing it to the outbox table (R17); the delivery worker sends it later
 * and retries. Pass the transaction that writes the booking or enquiry, so both land or neither.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail, now = new Date().toISOString()): Promise<void> {
  // R49: a booking staff took by phone may have no e-mail address; nothing is sent to it.
  if (!hasAddress(mail)) return;
  await db.insertInto("outbox").values(outboxRow(mail, now)).execute();
}

/** Whether `mail` has somewhere to go: a phone booking's guest may have no e-mail address (R49). */
export function hasAddress(mail: Pick<OutgoingMail, "to">): boolean {
  return mail.to.trim() !== "";
}

/** The outbox row that queues `mail` at `now` (for a write that inserts it with others, db/pg/booking-write.ts). */
export function outboxRow(mail: OutgoingMail, now: string) {
  return {
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
  } satisfies Insertable<OutboxTable>;
}
