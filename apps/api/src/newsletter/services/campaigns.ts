import { campaignStatus, type Campaign, type CampaignChange, type CampaignDraft, type CampaignPreview } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import type { NewsletterCampaignRow } from "../../db/schema.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import { render } from "../../mail/layout.js";
import { newsletterCampaignMail, newsletterTestMail } from "../../mail/messages/newsletter.js";
import { enqueueMail, outboxRow } from "../../mail/outbox.js";
import { recordAudit } from "../../staff/services/audit.js";
import type { StaffSession } from "../../staff/services/auth.js";
import { findStaffUserById } from "../../staff/data/staff.js";
import { tearoomContacts } from "../../site/services/site.js";
import {
  addRecipients,
  campaignCounts,
  claimSend,
  findCampaign,
  insertCampaign,
  listCampaigns,
  markSendStarted,
  pendingSends,
  queuedSince,
  queueSendMail,
  updateDraft,
  type CampaignCounts,
} from "../data/newsletter-campaigns.js";

/**
 * R56: at most this many newsletter messages are queued in any minute, across instances and
 * restarts (counted from the sends queued in the last 60 seconds). A small tearoom's list goes
 * out within the hour, and a mail provider sees a steady trickle rather than a burst.
 */
export const NEWSLETTER_MAILS_PER_MINUTE = 60;

export const ALREADY_SENT_MESSAGE = "This newsletter has already been sent; write a new one to send again.";
export const NOT_A_DRAFT_MESSAGE = "This newsletter has been sent, so it can no longer be changed.";
export const NO_STAFF_EMAIL_MESSAGE = "Your account has no e-mail address, so there is nowhere to send the test. The owner can add one under Staff accounts.";

const NO_COUNTS: CampaignCounts = { recipients: 0, queued: 0, skipped: 0, sent: 0, lastSentAt: null };

function toCampaign(row: NewsletterCampaignRow, counts: CampaignCounts = NO_COUNTS): Campaign {
  const status = campaignStatus({ sendStartedAt: row.send_started_at, ...counts });
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status,
    recipients: counts.recipients,
    queued: counts.queued,
    sent: counts.sent,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sendStartedAt: row.send_started_at,
    sentBy: row.sent_by,
    sentAt: status === "sent" ? (counts.lastSentAt ?? row.send_started_at) : null,
  };
}

async function existing(ctx: AppContext, id: number): Promise<NewsletterCampaignRow> {
  const row = await findCampaign(ctx.db, id);
  if (!row) throw new NotFoundError(`Newsletter ${id} not found`);
  return row;
}

async function withCounts(ctx: AppContext, row: NewsletterCampaignRow): Promise<Campaign> {
  return toCampaign(row, (await campaignCounts(ctx.db, [row.id])).get(row.id));
}

export async function createCampaign(ctx: AppContext, by: StaffSession, draft: CampaignDraft): Promise<Campaign> {
  const row = await insertCampaign(ctx.db, { subject: draft.subject, body: draft.body, created_by: by.username, created_at: ctx.now().toISOString() });
  return toCampaign(row);
}

export async function listAllCampaigns(ctx: AppContext): Promise<Campaign[]> {
  const rows = await listCampaigns(ctx.db);
  const counts = await campaignCounts(
    ctx.db,
    rows.filter((r) => r.send_started_at).map((r) => r.id),
  );
  return rows.map((r) => toCampaign(r, counts.get(r.id)));
}

export async function getCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  return withCounts(ctx, await existing(ctx, id));
}

/** A draft's subject or body; a campaign whose send started cannot change (409). */
export async function changeDraft(ctx: AppContext, id: number, change: CampaignChange): Promise<Campaign> {
  await existing(ctx, id);
  const row = await updateDraft(ctx.db, id, { ...change, updated_at: ctx.now().toISOString() });
  if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
  return toCampaign(row);
}

/** What a subscriber would read, both parts, for the compose screen's preview. */
export async function previewCampaign(ctx: AppContext, draft: CampaignDraft): Promise<CampaignPreview> {
  const mail = newsletterCampaignMail(draft, { email: "", firstName: null, unsubscribeToken: "preview" }, await tearoomContacts(ctx));
  return { subject: mail.subject, ...render(mail.title, mail.content) };
}

/** The test to the signed-in staff member's own address; 409 when their account has none. */
export async function sendCampaignTest(ctx: AppContext, by: StaffSession, id: number): Promise<{ to: string }> {
  const campaign = await existing(ctx, id);
  const user = await findStaffUserById(ctx.db, by.userId);
  if (!user?.email) throw new ConflictError(NO_STAFF_EMAIL_MESSAGE);
  await enqueueMail(ctx.db, newsletterTestMail(campaign, user.email, await tearoomContacts(ctx)), ctx.now().toISOString());
  return { to: user.email };
}

/**
 * Starts the send: in one transaction the campaign is marked sent (a second send finds it so: 409)
 * and every active subscriber gets a pending send. Their messages are queued by
 * `queueNewsletterMail` at the bounded rate; nothing is e-mailed here.
 */
export async function sendCampaign(ctx: AppContext, by: StaffSession, id: number): Promise<{ recipients: number }> {
  await existing(ctx, id);
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    if (!(await markSendStarted(tx, id, now, by.username))) throw new ConflictError(ALREADY_SENT_MESSAGE);
    const recipients = await addRecipients(tx, id);
    await recordAudit(tx, { at: now, actor: by.username, action: "newsletter.send", subject: `Newsletter ${id}`, before: null, after: { recipients } });
    return { recipients };
  });
}

/**
 * Queues the pending newsletter messages the rate allows (NEWSLETTER_MAILS_PER_MINUTE), each in
 * its own transaction with its send's claim: a restart between two finds the first queued and the
 * second pending, so nobody is e-mailed twice and nobody is skipped. The rate is counted again
 * inside each claim's transaction (which runs one at a time across instances), so passes racing
 * on two instances share the minute's room. A subscriber who unsubscribed after the send started
 * is skipped. Returns how many were queued.
 */
export async function queueNewsletterMail(ctx: AppContext, perMinute = NEWSLETTER_MAILS_PER_MINUTE): Promise<number> {
  const now = ctx.now();
  const since = new Date(now.getTime() - 60_000).toISOString();
  const room = perMinute - (await queuedSince(ctx.db, since));
  if (room <= 0) return 0;
  const due = await pendingSends(ctx.db, room);
  if (due.length === 0) return 0;
  const contacts = await tearoomContacts(ctx);
  const at = now.toISOString();
  let queued = 0;
  let full = false;
  for (const send of due) {
    const subscribed = send.is_active === 1 && send.email !== null && send.unsubscribe_token !== null;
    await immediateTransaction(ctx.db, async (tx) => {
      if (subscribed && (await queuedSince(tx, since)) >= perMinute) {
        full = true;
        return;
      }
      if (!(await claimSend(tx, send.id, subscribed ? "queued" : "skipped", at))) return;
      if (!subscribed) return;
      const mail = newsletterCampaignMail(send, { email: send.email!, firstName: send.first_name, unsubscribeToken: send.unsubscribe_token! }, contacts);
      await queueSendMail(tx, send.id, outboxRow(mail, at));
      queued++;
    });
    if (full) break;
  }
  return queued;
}
