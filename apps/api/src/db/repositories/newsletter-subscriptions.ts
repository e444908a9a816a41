import { sql } from "kysely";
import type { DbOrTx } from "../database.js";
import type { NewsletterSubscriptionRow } from "../schema.js";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Subscriptions, newest first; `search` matches e-mail, first or last name, case-insensitively. */
export async function listSubscriptions(db: DbOrTx, search?: string): Promise<NewsletterSubscriptionRow[]> {
  let query = db.selectFrom("newsletter_subscriptions").selectAll();
  const q = search?.trim().toLowerCase();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    query = query.where(
      sql<boolean>`(lower(email) LIKE ${like} ESCAPE '\\' OR lower(coalesce(first_name, '')) LIKE ${like} ESCAPE '\\' OR lower(coalesce(last_name, '')) LIKE ${like} ESCAPE '\\')`,
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findSubscription(db: DbOrTx, id: number): Promise<NewsletterSubscriptionRow | undefined> {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findSubscriptionByEmail(db: DbOrTx, email: string): Promise<NewsletterSubscriptionRow | undefined> {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findSubscriptionByToken(db: DbOrTx, token: string): Promise<NewsletterSubscriptionRow | undefined> {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("unsubscribe_token", "=", token).executeTakeFirst();
}

export async function findSubscriptionByConfirmHash(db: DbOrTx, hash: string): Promise<NewsletterSubscriptionRow | undefined> {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("confirm_token_hash", "=", hash).executeTakeFirst();
}

export async function insertSubscription(
  db: DbOrTx,
  row: Omit<NewsletterSubscriptionRow, "id">,
): Promise<NewsletterSubscriptionRow> {
  return db.insertInto("newsletter_subscriptions").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<NewsletterSubscriptionRow, "is_active" | "first_name" | "last_name" | "source" | "consent_at" | "confirm_token_hash" | "confirm_sent_at">>,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db.updateTable("newsletter_subscriptions").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteSubscription(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom("newsletter_subscriptions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
