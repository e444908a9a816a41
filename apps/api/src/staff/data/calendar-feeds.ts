import type { DbOrTx } from "../../db/database.js";
import type { CalendarFeedRow } from "../../db/schema.js";

/** Issue 34: staff accounts' calendar feeds, each kept as the SHA-256 of its token (migration 029). */

export async function insertCalendarFeed(db: DbOrTx, row: { staff_user_id: number; token_hash: string; created_at: string }): Promise<CalendarFeedRow> {
  return db.insertInto("calendar_feeds").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listCalendarFeeds(db: DbOrTx, staffUserId: number): Promise<CalendarFeedRow[]> {
  return db.selectFrom("calendar_feeds").selectAll().where("staff_user_id", "=", staffUserId).orderBy("id").execute();
}

/** Removes one of the account's feeds; false when it has no such feed. */
export async function deleteCalendarFeed(db: DbOrTx, staffUserId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("calendar_feeds").where("id", "=", id).where("staff_user_id", "=", staffUserId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCalendarFeedByHash(db: DbOrTx, tokenHash: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Confirmed bookings from `from` to `to` (London dates), with their area's name: what the feed shows. */
export async function confirmedBookingsBetween(db: DbOrTx, from: string, to: string) {
  return db
    .selectFrom("bookings as b")
    .leftJoin("areas as a", "a.id", "b.area_id")
    .select([
      "b.reference",
      "b.type",
      "b.name",
      "b.date",
      "b.time",
      "b.guests",
      "b.stay_minutes",
      "b.table_label",
      "b.special_requests",
      "b.dietary_requirements",
      "b.staff_notes",
      "b.calendar_sequence",
      "a.name as area_name",
    ])
    .where("b.status", "=", "confirmed")
    .where("b.erased_at", "is", null)
    .where("b.date", ">=", from)
    .where("b.date", "<=", to)
    .orderBy("b.date")
    .orderBy("b.time")
    .orderBy("b.id")
    .limit(5000)
    .execute();
}
