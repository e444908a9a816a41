import type { DbOrTx } from "../../db/database.js";
import type { WaitlistEntryRow, WaitlistEntryTable } from "../../db/schema.js";
import type { Insertable, Updateable } from "kysely";

// R52: the waiting list's rows (migration 030). Every query here is by an index: date and status,
// e-mail and date, or a token's hash.

/** Entries that may still be offered seats or hold an offer. */
export const OPEN_STATUSES = ["waiting", "offered"] as const;

export async function insertEntry(db: DbOrTx, row: Insertable<WaitlistEntryTable>): Promise<WaitlistEntryRow> {
  return db.insertInto("waitlist_entries").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(db: DbOrTx, id: number, changes: Updateable<WaitlistEntryTable>): Promise<WaitlistEntryRow | undefined> {
  return db.updateTable("waitlist_entries").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function findEntryById(db: DbOrTx, id: number): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom("waitlist_entries").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findEntryByLeaveHash(db: DbOrTx, hash: string): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom("waitlist_entries").selectAll().where("leave_token_hash", "=", hash).executeTakeFirst();
}

export async function findEntryByOfferHash(db: DbOrTx, hash: string): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom("waitlist_entries").selectAll().where("offer_token_hash", "=", hash).executeTakeFirst();
}

/** Every entry of a day, oldest first. */
export async function listEntriesOnDate(db: DbOrTx, date: string): Promise<WaitlistEntryRow[]> {
  return db.selectFrom("waitlist_entries").selectAll().where("date", "=", date).orderBy("created_at").orderBy("id").execute();
}

/** R23: how many entries an address has made for a day (left ones count: joining again is a new entry). */
export async function countEntriesForEmail(db: DbOrTx, email: string, date: string): Promise<number> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("email", "=", email)
    .where("date", "=", date)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The dates from `today` on that have entries waiting or holding an offer. */
export async function datesWithOpenEntries(db: DbOrTx, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom("waitlist_entries")
    .select("date")
    .distinct()
    .where("status", "in", OPEN_STATUSES)
    .where("date", ">=", today)
    .orderBy("date")
    .execute();
  return rows.map((r) => r.date);
}

/** Entries of days before `today` still open end (R52: entries end after their date). */
export async function endPastEntries(db: DbOrTx, today: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable("waitlist_entries")
    .set({ status: "ended", updated_at: nowIso })
    .where("date", "<", today)
    .where("status", "in", [...OPEN_STATUSES, "lapsed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
