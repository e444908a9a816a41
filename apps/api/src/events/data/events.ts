import { closureStays, RELEASED_STATUSES, type AreaClosureWindow, type Stay } from "@tearoom/domain";
import { sql, type Insertable, type Updateable } from "kysely";
import type { DbOrTx, Operand } from "../../db/database.js";
import type { EventRow, EventTable, SittingRow, SittingTable } from "../../db/schema.js";
import { bookingsWrittenElsewhere, dayStaysQuery } from "../../bookings/data/bookings.js";

// R53: events and their sittings (migration 031). A sitting's tickets sold are its `event`
// bookings that hold seats now: standing ones, and holds that have not lapsed.

/** Tickets sold or held at `nowIso` for the sitting `sittingId` (a correlated or a plain operand). */
const soldQuery = (db: DbOrTx, sittingId: Operand<number>, nowIso: Operand<string>) =>
  db
    .selectFrom("bookings")
    .select(sql<number>`coalesce(sum(guests), 0)`.as("sold"))
    .where("sitting_id", "=", sittingId)
    .where("status", "not in", RELEASED_STATUSES)
    .where((eb) => eb.or([eb("status", "!=", sql.lit("held")), eb("hold_expires_at", ">", nowIso)]));

/** What the booking write reads of a ticket order's sitting, inside its transaction. */
export interface SittingTickets {
  tickets: number;
  sold: number;
  date: string;
  time: string;
  perOrderLimit: number;
  salesCutoffMinutes: number;
}

/** The sitting's tickets and those sold at `nowIso`: read by the booking write on both databases. */
export const sittingTicketsQuery = (db: DbOrTx, sittingId: Operand<number>, nowIso: Operand<string>) =>
  db
    .selectFrom("sittings as s")
    .select([
      "s.tickets",
      "s.date",
      "s.time",
      "s.per_order_limit as perOrderLimit",
      "s.sales_cutoff_minutes as salesCutoffMinutes",
      (eb) => soldQuery(db, eb.ref("s.id"), nowIso).as("sold"),
    ])
    .where("s.id", "=", sittingId);

export type SittingWithSold = SittingRow & { sold: number };

/** The sittings of `eventIds` (all when absent) from `fromDate` on, each with its tickets sold at `nowIso`. */
export async function listSittings(db: DbOrTx, opts: { eventIds?: readonly number[]; fromDate?: string; nowIso: string }): Promise<SittingWithSold[]> {
  let q = db
    .selectFrom("sittings as s")
    .selectAll("s")
    .select((eb) => soldQuery(db, eb.ref("s.id"), opts.nowIso).as("sold"));
  if (opts.eventIds) {
    if (opts.eventIds.length === 0) return [];
    q = q.where("s.event_id", "in", opts.eventIds);
  }
  if (opts.fromDate) q = q.where("s.date", ">=", opts.fromDate);
  const rows = await q.orderBy("s.date").orderBy("s.time").orderBy("s.id").execute();
  return rows.map((r) => ({ ...r, sold: Number(r.sold ?? 0) }));
}

export async function findSitting(db: DbOrTx, id: number): Promise<SittingRow | undefined> {
  return db.selectFrom("sittings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Tickets of the sitting in bookings that are not cancelled or declined (held ones, lapsed or not, included). */
export async function ticketsBooked(db: DbOrTx, sittingId: number, nowIso: string): Promise<number> {
  const row = await soldQuery(db, sittingId, nowIso).executeTakeFirst();
  return Number(row?.sold ?? 0);
}

export async function listEvents(db: DbOrTx, opts: { publishedOnly: boolean }): Promise<EventRow[]> {
  let q = db.selectFrom("events").selectAll();
  if (opts.publishedOnly) q = q.where("published", "=", 1);
  return q.orderBy("id").execute();
}

export async function findEvent(db: DbOrTx, id: number): Promise<EventRow | undefined> {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findEventBySlug(db: DbOrTx, slug: string): Promise<EventRow | undefined> {
  return db.selectFrom("events").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function insertEvent(db: DbOrTx, row: Insertable<EventTable>): Promise<EventRow> {
  return db.insertInto("events").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateEvent(db: DbOrTx, id: number, changes: Updateable<EventTable>): Promise<EventRow | undefined> {
  return db.updateTable("events").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

// A sitting's seats are part of the room's day (dayAreaClosuresQuery): availability's kept day
// (listDayStaysPrepared) is trusted only until the next change of bookings, so changing a
// sitting counts as one.

export async function insertSitting(db: DbOrTx, row: Insertable<SittingTable>): Promise<SittingRow> {
  const stored = await db.insertInto("sittings").values(row).returningAll().executeTakeFirstOrThrow();
  bookingsWrittenElsewhere();
  return stored;
}

export async function updateSitting(db: DbOrTx, id: number, changes: Updateable<SittingTable>): Promise<SittingRow | undefined> {
  const stored = await db.updateTable("sittings").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
  bookingsWrittenElsewhere();
  return stored;
}

/**
 * Removes a sitting that holds no tickets now: the orders left with it (cancelled, declined or
 * lapsed holds) keep their rows, unlinked from it.
 */
export async function deleteSitting(db: DbOrTx, id: number, nowIso: string): Promise<void> {
  await db.updateTable("bookings").set({ sitting_id: null }).where("sitting_id", "=", id).execute();
  // Its waiting list (R52) ends with it: no tickets will free.
  await db
    .updateTable("waitlist_entries")
    .set({ status: "ended", updated_at: nowIso })
    .where("sitting_id", "=", id)
    .where("status", "in", ["waiting", "offered", "lapsed"])
    .execute();
  await db.updateTable("waitlist_entries").set({ sitting_id: null }).where("sitting_id", "=", id).execute();
  await db.deleteFrom("sittings").where("id", "=", id).execute();
  bookingsWrittenElsewhere();
}

/**
 * The day's stays as the room counts them (bookings, closed parts, sittings) without the sitting
 * `exceptSittingId`: what a sitting being added or changed must fit beside.
 */
export async function dayStaysBesideSitting(db: DbOrTx, date: string, exceptSittingId: number | null): Promise<Stay[]> {
  const [stays, closed, sittings] = await Promise.all([
    dayStaysQuery(db, date).execute() as Promise<Stay[]>,
    db.selectFrom("area_closures").select(["area_id as areaId", "start_time as startTime", "end_time as endTime"]).where("date", "=", date).execute(),
    db
      .selectFrom("sittings")
      .select(["id", "area_id as areaId", "time as startTime", "end_time as endTime", "closes_area", "tickets"])
      .where("date", "=", date)
      .execute(),
  ]);
  const windows: AreaClosureWindow[] = [
    ...closed,
    ...sittings.filter((s) => s.id !== exceptSittingId).map((s) => ({ ...s, seats: s.closes_area === 1 ? null : s.tickets })),
  ];
  return [...stays, ...closureStays(windows)];
}

/** What a ticket order's e-mails and pages say of its sitting: the event's name, the sitting's minutes and question. */
export async function sittingLabel(db: DbOrTx, sittingId: number): Promise<{ name: string; slug: string; minutes: number; question: string | null } | undefined> {
  return db
    .selectFrom("sittings as s")
    .innerJoin("events as e", "e.id", "s.event_id")
    .select(["e.name", "e.slug", "s.minutes", "s.question"])
    .where("s.id", "=", sittingId)
    .executeTakeFirst();
}

/** R52 with R53: what the waiting list's pass reads of a sitting whose tickets entries wait for, inside its transaction. */
export async function sittingForWaitlist(db: DbOrTx, sittingId: number, nowIso: string) {
  const row = await db
    .selectFrom("sittings as s")
    .innerJoin("events as e", "e.id", "s.event_id")
    .select([
      "s.id",
      "s.tickets",
      "s.date",
      "s.time",
      "s.minutes",
      "s.area_id as areaId",
      "s.per_order_limit as perOrderLimit",
      "s.sales_cutoff_minutes as salesCutoffMinutes",
      "e.name as eventName",
      "e.price_pence as pricePence",
      "e.published",
      (eb) => soldQuery(db, eb.ref("s.id"), nowIso).as("sold"),
    ])
    .where("s.id", "=", sittingId)
    .executeTakeFirst();
  return row ? { ...row, sold: Number(row.sold ?? 0) } : undefined;
}
