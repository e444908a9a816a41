import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../sha256.js";
import { type ListPage, type NewsletterListQuery, type NewsletterStats, type NewsletterSubscribe, type NewsletterSubscription } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import {
  deleteSubscription,
  findSubscription,
  findSubscriptionByConfirmHash,
  findSubscriptionByEmail,
  findSubscriptionByToken,
  insertSubscription,
  listSubscriptions,
  subscriptionCounts,
  updateSubscription,
} from "../data/newsletter-subscriptions.js";
import type { NewsletterSubscriptionRow } from "../../db/schema.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import { newsletterConfirmation, newsletterWelcome } from "../../mail/messages/newsletter.js";
import { enqueueMail } from "../../mail/outbox.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { tearoomContacts } from "../../site/services/site.js";

export function toSubscription(row: NewsletterSubscriptionRow): NewsletterSubscription {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isActive: row.is_active === 1,
    source: row.source,
    createdAt: row.created_at,
  };
}

/** Admin newsletters list: one page, newest first, searched by the start of words (decision 010). */
export async function listNewsletterSubscriptions(ctx: AppContext, q: NewsletterListQuery): Promise<ListPage<NewsletterSubscription>> {
  const { rows, total } = await listSubscriptions(ctx.db, q.search, q.page, q.pageSize);
  return { items: rows.map(toSubscription), total, page: q.page, pageSize: q.pageSize };
}

/** The newsletters screen's stats (spec: total, active, inactive), whatever the search. */
export async function newsletterStats(ctx: AppContext): Promise<NewsletterStats> {
  const { active, inactive } = await subscriptionCounts(ctx.db);
  return { total: active + inactive, active, inactive };
}

/** At most one confirmation e-mail per address in this time (R26: the form must not be a way to mail someone). */
export const CONFIRMATION_MAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long a confirmation link works. */
export const CONFIRMATION_LINK_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/** A token for a link: 256 random bits, base64url (43 characters). */
const newToken = () => randomBytes(32).toString("base64url");
// Confirmation tokens are kept only as their sha256 (sha256Hex): a copy of the database confirms nobody.
/** A token as links carry it; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * R16 as amended by R26 (double opt-in): the answer is the same whatever the address, so the
 * caller learns nothing from it. A new address is stored inactive and sent one confirmation
 * e-mail; an unconfirmed (or unsubscribed) one is sent a fresh link, at most once a day; an
 * active one is left alone and sent nothing. A filled honeypot stores and sends nothing.
 */
export async function subscribe(ctx: AppContext, data: NewsletterSubscribe): Promise<void> {
  if (data.website) {
    ctx.logger.info({ event: "honeypot", form: "newsletter" }, "honeypot filled; nothing stored");
    return;
  }
  const email = data.email.toLowerCase();
  const contacts = await tearoomContacts(ctx);
  const now = ctx.now();
  const nowIso = now.toISOString();
  await immediateTransaction(ctx.db, async (tx) => {
    const existing = await findSubscriptionByEmail(tx, email);
    if (existing?.is_active === 1) return;
    if (existing?.confirm_sent_at && now.getTime() - Date.parse(existing.confirm_sent_at) < CONFIRMATION_MAIL_INTERVAL_MS) return;
    const token = newToken();
    // An existing row keeps its names and source: a stranger's request changes nothing but the link.
    const row = existing
      ? await updateSubscription(tx, existing.id, { confirm_token_hash: sha256Hex(token), confirm_sent_at: nowIso })
      : await insertSubscription(tx, {
          email,
          first_name: data.firstName || null,
          last_name: data.lastName || null,
          is_active: 0,
          source: data.source,
          consent_at: null,
          unsubscribe_token: newToken(),
          created_at: nowIso,
          confirm_token_hash: sha256Hex(token),
          confirm_sent_at: nowIso,
        });
    if (row) await enqueueMail(tx, newsletterConfirmation({ email: row.email, firstName: row.first_name, confirmToken: token }, contacts));
  });
}

/** The unconfirmed subscription a confirmation link belongs to, if the link is still good. Reads only. */
async function pendingByToken(ctx: AppContext, db: DbOrTx, token: string): Promise<NewsletterSubscriptionRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await findSubscriptionByConfirmHash(db, sha256Hex(token));
  if (!row || row.is_active === 1 || !row.confirm_sent_at) return undefined;
  return ctx.now().getTime() - Date.parse(row.confirm_sent_at) <= CONFIRMATION_LINK_VALID_MS ? row : undefined;
}

/** For the confirmation page (a GET, which never changes anything): is this link good? */
export async function isConfirmationPending(ctx: AppContext, token: string): Promise<boolean> {
  return (await pendingByToken(ctx, ctx.db, token)) !== undefined;
}

/**
 * The button on the confirmation page: the subscription becomes active, with the consent time of
 * now, and the subscriber is welcomed with the unsubscribe link. False for an unknown, used or
 * expired link.
 */
export async function confirmSubscription(ctx: AppContext, token: string): Promise<boolean> {
  const contacts = await tearoomContacts(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const pending = await pendingByToken(ctx, tx, token);
    if (!pending) return false;
    const row = await updateSubscription(tx, pending.id, {
      is_active: 1,
      consent_at: ctx.now().toISOString(),
      confirm_token_hash: null,
      confirm_sent_at: null,
    });
    if (!row) return false;
    await enqueueMail(tx, newsletterWelcome({ email: row.email, firstName: row.first_name, unsubscribeToken: row.unsubscribe_token }, contacts));
    return true;
  });
}

/** For the unsubscribe page (a GET, which never changes anything): is this an unsubscribe link of ours? */
export async function isUnsubscribeLink(ctx: AppContext, token: string): Promise<boolean> {
  return TOKEN.test(token) && (await findSubscriptionByToken(ctx.db, token)) !== undefined;
}

/** The button on the unsubscribe page (R16, R39): idempotent and bound to the token. False when the token is unknown. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const row = await findSubscriptionByToken(ctx.db, token);
  if (!row) return false;
  // A pending confirmation link dies with it: unsubscribing means no newsletter, whichever link is used later.
  if (row.is_active === 1 || row.confirm_token_hash) await updateSubscription(ctx.db, row.id, { is_active: 0, confirm_token_hash: null });
  return true;
}

export const NOT_CONFIRMED_MESSAGE =
  "This address has not confirmed its subscription yet, so it cannot be switched on. It becomes active when its owner uses the link in our confirmation e-mail.";

/**
 * Staff switch a subscription on or off. R16 as amended: an address that never confirmed stays
 * inactive until its owner does; only a subscription that once had consent can be switched back on.
 */
export async function setSubscriptionStatus(ctx: AppContext, id: number, isActive: boolean, actor: Actor): Promise<NewsletterSubscription> {
  const row = await immediateTransaction(ctx.db, async (tx) => {
    const current = await findSubscription(tx, id);
    if (!current) throw new NotFoundError(`Newsletter subscription ${id} not found`);
    if (isActive && current.is_active === 0 && current.consent_at === null) throw new ConflictError(NOT_CONFIRMED_MESSAGE);
    const updated = await updateSubscription(tx, id, { is_active: isActive ? 1 : 0 });
    // The record names subscribers by id only: it keeps nobody's address (R39 erases people, not the record).
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor,
      action: "newsletter.status",
      subject: `Subscriber ${id}`,
      before: { isActive: current.is_active === 1 },
      after: { isActive },
    });
    return updated;
  });
  if (!row) throw new NotFoundError(`Newsletter subscription ${id} not found`);
  return toSubscription(row);
}

export async function removeSubscription(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  await immediateTransaction(ctx.db, async (tx) => {
    const current = await findSubscription(tx, id);
    if (!current || !(await deleteSubscription(tx, id))) throw new NotFoundError(`Newsletter subscription ${id} not found`);
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor,
      action: "newsletter.delete",
      subject: `Subscriber ${id}`,
      before: { isActive: current.is_active === 1, source: current.source },
      after: null,
    });
  });
}
