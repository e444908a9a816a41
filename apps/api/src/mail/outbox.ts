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
