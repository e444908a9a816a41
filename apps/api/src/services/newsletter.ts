import { randomBytes } from "node:crypto";
import { NewsletterSubscribeSchema, type NewsletterSubscribe, type NewsletterSubscription } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { immediateTransaction } from "../db/database.js";
import {
  deleteSubscription,
  findSubscriptionByEmail,
  findSubscriptionByToken,
  insertSubscription,
  listSubscriptions,
  updateSubscription,
} from "../db/repositories/newsletter-subscriptions.js";
import type { NewsletterSubscriptionRow } from "../db/schema.js";
import { NotFoundError } from "../errors.js";
import { newsletterWelcome } from "../mail/messages/newsletter.js";
import { enqueueMail } from "../mail/outbox.js";
import { tearoomContacts } from "./site.js";

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

export async function listNewsletterSubscriptions(ctx: AppContext, search?: string): Promise<NewsletterSubscription[]> {
  return (await listSubscriptions(ctx.db, search)).map(toSubscription);
}

/**
 * R16: subscribes for real, with the consent time. Subscribing twice does not duplicate: an
 * active address is left as it is (`created: false`); an inactive one is reactivated and welcomed
 * again (`created: true`, like a new one).
 */
export async function subscribe(ctx: AppContext, input: NewsletterSubscribe): Promise<{ created: boolean }> {
  const data = NewsletterSubscribeSchema.parse(input);
  if (data.website) {
    ctx.logger.info({ event: "honeypot", form: "newsletter" }, "honeypot filled; nothing stored");
    return { created: true };
  }
  const email = data.email.toLowerCase();
  const contacts = await tearoomContacts(ctx);
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    const existing = await findSubscriptionByEmail(tx, email);
    if (existing?.is_active === 1) return { created: false };
    let row: NewsletterSubscriptionRow | undefined;
    if (existing) {
      row = await updateSubscription(tx, existing.id, {
        is_active: 1,
        consent_at: now,
        source: data.source,
        first_name: data.firstName || existing.first_name,
        last_name: data.lastName || existing.last_name,
      });
    } else {
      row = await insertSubscription(tx, {
        email,
        first_name: data.firstName || null,
        last_name: data.lastName || null,
        is_active: 1,
        source: data.source,
        consent_at: now,
        unsubscribe_token: randomBytes(24).toString("base64url"),
        created_at: now,
      });
    }
    if (row) await enqueueMail(tx, newsletterWelcome({ email: row.email, firstName: row.first_name, unsubscribeToken: row.unsubscribe_token }, contacts));
    return { created: true };
  });
}

/** The unsubscribe link (R16): idempotent and bound to the token. False when the token is unknown. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await findSubscriptionByToken(ctx.db, token);
  if (!row) return false;
  if (row.is_active === 1) await updateSubscription(ctx.db, row.id, { is_active: 0 });
  return true;
}

export async function setSubscriptionStatus(ctx: AppContext, id: number, isActive: boolean): Promise<NewsletterSubscription> {
  const row = await updateSubscription(ctx.db, id, { is_active: isActive ? 1 : 0 });
  if (!row) throw new NotFoundError(`Newsletter subscription ${id} not found`);
  return toSubscription(row);
}

export async function removeSubscription(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteSubscription(ctx.db, id))) throw new NotFoundError(`Newsletter subscription ${id} not found`);
}
