import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { NewsletterSubscriptionRow } from "../../db/schema.js";
import { dialectOf } from "../../db/dialect.js";
import { matchesSearch, prefixMatch } from "../../db/repositories/search.js";

/** One page of subscriptions, newest first; `search`: words starting a word of the e-mail, first or last name (decision 010). */
export async function listSubscriptions(
  db: DbOrTx,
  search: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: NewsletterSubscriptionRow[]; total: number }> {
  const match = prefixMatch(search);
  let rowsQuery = db.selectFrom("newsletter_subscriptions").selectAll();
  let countQuery = db.selectFrom("newsletter_subscriptions").select((eb) => eb.fn.countAll<number>().as("n"));
  if (match) {
    rowsQuery = rowsQuery.where(matchesSearch(dialectOf(db), "newsletter_subscriptions_search", match));
    countQuery = countQuery.where(matchesSearch(dialectOf(db), "newsletter_subscriptions_search", match));
  }
  const rows = await rowsQuery
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number((await countQuery.executeTakeFirstOrThrow()).n) };
}

/** Subscriptions counted as active and inactive: the table's own count, and the inactive ones from an index (migration 006). */
export async function subscriptionCounts(db: DbOrTx): Promise<{ active: number; inactive: number }> {
  const n = sql<number>`count(*)`.as("n");
  const all = Number((await db.selectFrom("newsletter_subscriptions").select(n).executeTakeFirstOrThrow()).n);
  const inactive = Number((await db.selectFrom("newsletter_subscriptions").select(n).where("is_active", "=", 0).executeTakeFirstOrThrow()).n);
  return { active: all - inactive, inactive };
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

export async function insertSubscription(db: DbOrTx, row: Omit<NewsletterSubscriptionRow, "id">): Promise<NewsletterSubscriptionRow> {
  return db.insertInto("newsletter_subscriptions").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  changes: Partial<
    Pick<NewsletterSubscriptionRow, "is_active" | "first_name" | "last_name" | "source" | "consent_at" | "confirm_token_hash" | "confirm_sent_at">
  >,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db.updateTable("newsletter_subscriptions").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteSubscription(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom("newsletter_subscriptions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
