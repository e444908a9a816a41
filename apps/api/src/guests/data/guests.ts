import { sql, type ExpressionBuilder } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { dialectOf } from "../../db/dialect.js";
import { codePrefix, matchesSearch, prefixMatch } from "../../db/repositories/search.js";
import type { BookingRow, Database, GuestRow } from "../../db/schema.js";

/**
 * R55's guest records (migration 028). A guest is found by the words of their bookings' names,
 * e-mails and phones, through the bookings' own search index (decision 010), so guests need no
 * index of their own; a "TR-…" search finds the guest of that booking.
 */
function searchFilter(db: DbOrTx, search: string | undefined) {
  const reference = codePrefix(search, "TR-");
  const match = reference ? null : prefixMatch(search);
  if (!reference && !match) return null;
  return (eb: ExpressionBuilder<Database, "guests">) =>
    eb(
      "guests.id",
      "in",
      db
        .selectFrom("bookings")
        .select("bookings.guest_id")
        .where((b) =>
          reference ? b.and([b("reference", ">=", reference.from), b("reference", "<", reference.to)]) : matchesSearch(dialectOf(db), "bookings_search", match!),
        )
        .where("bookings.guest_id", "is not", null),
    );
}

/**
 * One page of guests, the most recently seen first, and how many match. A search is counted in the
 * same statement as its page (a window count), so the bookings' index is searched once.
 */
export async function listGuests(
  db: DbOrTx,
  search: string | undefined,
  ids: readonly number[] | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: GuestRow[]; total: number }> {
  const filter = searchFilter(db, search);
  let rows = db.selectFrom("guests").selectAll();
  let count = db.selectFrom("guests").select((eb) => eb.fn.countAll<number>().as("n"));
  if (filter) {
    rows = rows.where(filter);
    count = count.where(filter);
  }
  if (ids) {
    rows = rows.where("guests.id", "in", ids);
    count = count.where("guests.id", "in", ids);
  }
  const offset = (page - 1) * pageSize;
  // Without a search the page is a range of `guests_seen` and the count the table's own.
  if (!filter)
    return {
      rows: await rows.orderBy("updated_at", "desc").orderBy("id", "desc").limit(pageSize).offset(offset).execute(),
      total: Number((await count.executeTakeFirstOrThrow()).n),
    };
  const found = await rows
    .select(sql<number>`count(*) over ()`.as("total"))
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  // Past the last page there is no row to carry the count.
  const total = found.length > 0 ? Number(found[0]!.total) : Number((await count.executeTakeFirstOrThrow()).n);
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}

export async function findGuest(db: DbOrTx, id: number): Promise<GuestRow | undefined> {
  return db.selectFrom("guests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateGuest(db: DbOrTx, id: number, changes: Partial<Pick<GuestRow, "notes" | "tags" | "updated_at">>): Promise<GuestRow | undefined> {
  return db.updateTable("guests").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

/** The bookings of these guests, newest visit first (through `bookings_guest`). */
export async function bookingsOfGuests(db: DbOrTx, ids: readonly number[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("bookings").selectAll().where("guest_id", "in", ids).orderBy("date", "desc").orderBy("time", "desc").orderBy("id", "desc").execute();
}

/** Decision 033: when staff cancelled each of these bookings (the latest `booking.cancel` record), by reference. */
export async function staffCancelTimes(db: DbOrTx, references: readonly string[]): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .selectFrom("audit_events")
    .select(["subject", (eb) => eb.fn.max("at").as("at")])
    .where("action", "=", "booking.cancel")
    .where(
      "subject",
      "in",
      references.map((r) => `Booking ${r}`),
    )
    .groupBy("subject")
    .execute();
  return new Map(rows.map((r) => [r.subject.replace(/^Booking /, ""), String(r.at)]));
}

/** R39: the guest records left with no booking (their bookings erased), removed; how many. */
export async function deleteGuestsWithoutBookings(db: DbOrTx, ids?: readonly number[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let q = db.deleteFrom("guests").where((eb) => eb.not(eb.exists(eb.selectFrom("bookings").select("bookings.id").whereRef("bookings.guest_id", "=", "guests.id"))));
  if (ids) q = q.where("guests.id", "in", ids);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}
