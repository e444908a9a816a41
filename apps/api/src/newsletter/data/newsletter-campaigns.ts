import { sql, type Insertable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { NewsletterCampaignRow, OutboxTable } from "../../db/schema.js";

/** R56: campaigns and their sends; one `newsletter_sends` row per campaign and subscriber (migration 029). */

export async function insertCampaign(db: DbOrTx, row: { subject: string; body: string; created_by: string; created_at: string }): Promise<NewsletterCampaignRow> {
  return db
    .insertInto("newsletter_campaigns")
    .values({ ...row, updated_at: row.created_at, send_started_at: null, sent_by: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCampaign(db: DbOrTx, id: number): Promise<NewsletterCampaignRow | undefined> {
  return db.selectFrom("newsletter_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Newest first; a tearoom writes a few a year, so the list is not paged. */
export async function listCampaigns(db: DbOrTx): Promise<NewsletterCampaignRow[]> {
  return db.selectFrom("newsletter_campaigns").selectAll().orderBy("id", "desc").limit(500).execute();
}

/** Changes a draft; undefined when it is no longer one (its send started) or does not exist. */
export async function updateDraft(
  db: DbOrTx,
  id: number,
  changes: { subject?: string; body?: string; updated_at: string },
): Promise<NewsletterCampaignRow | undefined> {
  return db.updateTable("newsletter_campaigns").set(changes).where("id", "=", id).where("send_started_at", "is", null).returningAll().executeTakeFirst();
}

/** Marks the send started; false when it already was (the second of two sends). */
export async function markSendStarted(db: DbOrTx, id: number, at: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_campaigns")
    .set({ send_started_at: at, sent_by: by })
    .where("id", "=", id)
    .where("send_started_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One pending send per active (confirmed) subscriber; an existing one is left as it is. Returns the campaign's recipients. */
export async function addRecipients(db: DbOrTx, campaignId: number): Promise<number> {
  await db
    .insertInto("newsletter_sends")
    .columns(["campaign_id", "subscriber_id", "status"])
    .expression(
      db
        .selectFrom("newsletter_subscriptions")
        .select([sql<number>`${campaignId}`.as("campaign_id"), "id", sql<string>`'pending'`.as("status")])
        .where("is_active", "=", 1),
    )
    .onConflict((oc) => oc.columns(["campaign_id", "subscriber_id"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("newsletter_sends")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("campaign_id", "=", campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CampaignCounts {
  recipients: number;
  queued: number;
  skipped: number;
  sent: number;
  lastSentAt: string | null;
}

/** Per campaign: its recipients, those queued or skipped, and those the outbox has sent. */
export async function campaignCounts(db: DbOrTx, ids: number[]): Promise<Map<number, CampaignCounts>> {
  const counts = new Map<number, CampaignCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom("newsletter_sends as s")
    .leftJoin("outbox as o", "o.id", "s.outbox_id")
    .select((eb) => [
      "s.campaign_id",
      eb.fn.countAll<number>().as("recipients"),
      sql<number>`sum(case when s.status = 'queued' then 1 else 0 end)`.as("queued"),
      sql<number>`sum(case when s.status = 'skipped' then 1 else 0 end)`.as("skipped"),
      sql<number>`sum(case when o.status = 'sent' then 1 else 0 end)`.as("sent"),
      eb.fn.max("o.sent_at").as("last_sent_at"),
    ])
    .where("s.campaign_id", "in", ids)
    .groupBy("s.campaign_id")
    .execute();
  for (const r of rows) {
    counts.set(Number(r.campaign_id), {
      recipients: Number(r.recipients),
      queued: Number(r.queued),
      skipped: Number(r.skipped),
      sent: Number(r.sent),
      lastSentAt: r.last_sent_at ?? null,
    });
  }
  return counts;
}

/** How many campaign messages were queued since `since`: the rate bound's count, whichever instance queued them. */
export async function queuedSince(db: DbOrTx, since: string): Promise<number> {
  const row = await db
    .selectFrom("newsletter_sends")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("queued_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next sends to queue, oldest first, with what their message needs. */
export async function pendingSends(db: DbOrTx, limit: number) {
  return db
    .selectFrom("newsletter_sends as s")
    .innerJoin("newsletter_campaigns as c", "c.id", "s.campaign_id")
    .leftJoin("newsletter_subscriptions as n", "n.id", "s.subscriber_id")
    .select(["s.id", "s.campaign_id", "c.subject", "c.body", "n.email", "n.first_name", "n.is_active", "n.unsubscribe_token"])
    .where("s.status", "=", "pending")
    .orderBy("s.id")
    .limit(limit)
    .execute();
}

/**
 * Claims a pending send; false when another pass (or instance) already did. The caller writes its
 * outbox message in the same transaction, so a send is either pending or queued with its message.
 */
export async function claimSend(db: DbOrTx, id: number, status: "queued" | "skipped", at: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_sends")
    .set({ status, queued_at: status === "queued" ? at : null })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes a campaign message to the outbox and ties it to its send. */
export async function queueSendMail(db: DbOrTx, sendId: number, row: Insertable<OutboxTable>): Promise<void> {
  const { id } = await db.insertInto("outbox").values(row).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("newsletter_sends").set({ outbox_id: Number(id) }).where("id", "=", sendId).execute();
}
