import { closureStays, RELEASED_STATUSES, type AreaClosureWindow, type Stay } from "@tearoom/domain";
import { dayAreaClosuresQuery } from "./areas.js";
import type SQLite from "better-sqlite3";
import { sql, type ExpressionBuilder } from "kysely";
import { prepared, rawConnection, type Db, type DbOrTx, type Operand } from "../../db/database.js";
import type { BookingRow, BookingUpdate, Database } from "../../db/schema.js";
import { dialectOf } from "../../db/dialect.js";
import { codePrefix, matchesSearch, prefixMatch } from "../../db/repositories/search.js";


/**
 * Counts writes to bookings; every write function below bumps it once its statement has run. The
 * day's stays cache (listDayStaysPrepared) is only trusted for the count it was filled at. All
 * writes to the table go through this module, and this server is the database's only writer (R18);
 * its writer thread (workers/writer.ts) reports its commits through `bookingsWrittenElsewhere`.
 */
let bookingsWrites = 0;
function written<T>(value: T): T {
  bookingsWrites++;
  return value;
}

/**
 * For writes made on another connection of this server (the writer thread): call it once
 * they have committed, so the occupancy cache below is not trusted past them.
 */
export function bookingsWrittenElsewhere(): void {
  bookingsWrites++;
}

export async function findBookingById(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The query of `findBookingByPaymentReference`, also read by the booking write (bookings/data/booking-write.ts). */
export const bookingByPaymentReferenceQuery = (db: DbOrTx, paymentReference: Operand<string>) =>
  db.selectFrom("bookings").selectAll().where("payment_reference", "=", paymentReference);

export async function findBookingByPaymentReference(db: DbOrTx, paymentReference: string): Promise<BookingRow | undefined> {
  return bookingByPaymentReferenceQuery(db, paymentReference).executeTakeFirst();
}

/** A booking's claim on the room (R44), selected in the shape the domain's room rules read. */
export type StayRow = Stay & { id: number };

/**
 * The standing bookings of a day, whatever their type (held rows included; the domain decides if
 * they count): every type shares the room's seats, so each check reads the whole day (bookings_date).
 * The booking write reads it too (bookings/data/booking-write.ts, db/pg/booking-write.ts).
 */
export const dayStaysQuery = (db: DbOrTx, date: Operand<string>) =>
  db
    .selectFrom("bookings")
    .select([
      "id",
      "type",
      "time",
      "guests",
      "status",
      "hold_expires_at as holdExpiresAt",
      "garden_spot_id as gardenSpotId",
      "area_id as areaId",
      "stay_minutes as minutes",
    ])
    .where("date", "=", date)
    .where("status", "not in", RELEASED_STATUSES)
    // R53: event tickets sit inside their sitting's seats, which the room counts (dayAreaClosuresQuery).
    .where("type", "!=", sql.lit("event"));

/**
 * What the booking write reads of its day (bookings_date index): the stays holding seats at `nowIso`
 * that can share a step with a stay from `from` to `to` ("HH:mm"; `from` already moved back by the
 * longest stay of a type), those starting in the window and any with a stay of its own (a walk-in's,
 * which may be longer), summed by what the room counts them by. A busy day's bookings are read as a
 * few rows, not one row each, for every booking made.
 */
export const windowStaysQuery = (db: DbOrTx, date: Operand<string>, from: Operand<string>, to: Operand<string>, nowIso: Operand<string>) => {
  const held = () =>
    db
      .selectFrom("bookings")
      .select([
        "type",
        "time",
        sql<number>`sum(guests)`.as("guests"),
        // Every row summed holds its seats now (below), as a standing booking does.
        sql<string>`'confirmed'`.as("status"),
        "garden_spot_id as gardenSpotId",
        "area_id as areaId",
        "stay_minutes as minutes",
      ])
      .where("date", "=", date)
      .where("status", "not in", RELEASED_STATUSES)
      .where("type", "!=", sql.lit("event"))
      .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", nowIso)]))
      .groupBy(["type", "time", "garden_spot_id", "area_id", "stay_minutes"]);
  // Two parts, so each is an index range: the window (bookings_date) and the stays of their own (bookings_own_stay).
  return held()
    .where("time", ">=", from)
    .where("time", "<", to)
    .where("stay_minutes", "is", null)
    .unionAll(held().where("stay_minutes", "is not", null));
};

/**
 * The day's stays (`dayStaysQuery`), less the booking `excludeId` when it is the one being changed,
 * and its closed parts of areas (R45) as the room counts them.
 */
export async function listDayStays(db: DbOrTx, date: string, excludeId?: number): Promise<Stay[]> {
  let query = dayStaysQuery(db, date);
  if (excludeId !== undefined) query = query.where("id", "!=", excludeId);
  // Only this server writes the type and status columns, always with a BookingType and BookingStatus.
  const [stays, closed] = await Promise.all([query.execute() as Promise<StayRow[]>, dayAreaClosuresQuery(db, date).execute()]);
  return closed.length ? [...stays, ...closureStays(closed)] : stays;
}

// R53: a day's sittings take their tickets' seats (or the whole area) as its closures do (dayAreaClosuresQuery).
const DAY_CLOSED =
  "SELECT area_id AS areaId, start_time AS startTime, end_time AS endTime, NULL AS seats FROM area_closures WHERE date = ? UNION ALL SELECT area_id, time, end_time, CASE WHEN closes_area = 1 THEN NULL ELSE tickets END FROM sittings WHERE date = ?";
const DAY_STAYS =
  "SELECT id, type, time, guests, status, hold_expires_at AS holdExpiresAt, garden_spot_id AS gardenSpotId, area_id AS areaId, stay_minutes AS minutes FROM bookings WHERE date = ? AND status NOT IN ('declined', 'cancelled') AND type != 'event'";

/**
 * Availability is read on every booking page view and between bookings nothing changes: the rows
 * of a date are kept until the next write to bookings (`bookingsWrites`). Holds that lapse need
 * no write: callers judge each row against the clock (domain `occupiesSeats`).
 */
const stayCaches = new WeakMap<SQLite.Database, Map<string, { writes: number; rows: readonly Stay[] }>>();

/**
 * The same read as `listDayStays` as a prepared statement on the raw connection, for the
 * availability endpoint (read on every booking page view), kept between writes (above).
 */
export function listDayStaysPrepared(sqlite: SQLite.Database, date: string): readonly Stay[] {
  const read = (): Stay[] => {
    const stays = prepared<[string], StayRow>(sqlite, DAY_STAYS).all(date);
    const closed = prepared<[string, string], AreaClosureWindow>(sqlite, DAY_CLOSED).all(date, date);
    return closed.length ? [...stays, ...closureStays(closed)] : stays;
  };
  // Inside an open transaction the rows may not be committed yet: read them, never keep them.
  if (sqlite.inTransaction) return read();
  let cache = stayCaches.get(sqlite);
  if (!cache) {
    cache = new Map();
    stayCaches.set(sqlite, cache);
  }
  const kept = cache.get(date);
  if (kept && kept.writes === bookingsWrites) return kept.rows;
  const rows = Object.freeze(read());
  if (cache.size >= 2_000) cache.clear();
  cache.set(date, { writes: bookingsWrites, rows });
  return rows;
}

// The booking write's reads (R8, R23, the room), as Kysely queries: SQLite's store runs each as a
// prepared statement, PostgreSQL's makes them for a whole batch in one (bookings/data/booking-write.ts).

/**
 * A client's or e-mail address's (whatever its letter case) holds that have not lapsed at `nowIso`
 * (R23), on the partial indexes of held rows (migration 004).
 */
export const liveHoldsQuery = (db: DbOrTx, by: "client" | "email", value: Operand<string>, nowIso: Operand<string>) =>
  db
    .selectFrom("bookings")
    .select([sql<number>`count(*)`.as("holds"), sql<number>`coalesce(sum(guests), 0)`.as("seats"), sql<string | null>`min(hold_expires_at)`.as("firstLapse")])
    // A literal, so that a statement prepared once can use the partial indexes of held rows.
    .where("status", "=", sql.lit("held"))
    .where(by === "client" ? sql<boolean>`client_key = ${value}` : sql<boolean>`lower(email) = lower(${value})`)
    .where("hold_expires_at", ">", nowIso);

/**
 * How many booking requests (Secret Garden bookings included) a client has made since `sinceIso`
 * (R23), whatever became of them: its public bookings that were never a payment hold. A hold
 * keeps its hold_expires_at until it is paid, and its payment reference after.
 */
export const requestsSinceQuery = (db: DbOrTx, clientKey: Operand<string>, sinceIso: Operand<string>) =>
  db
    .selectFrom("bookings")
    .select(sql<number>`count(*)`.as("n"))
    .where("client_key", "=", clientKey)
    .where("created_at", ">=", sinceIso)
    // Both null, said so that neither column's index is a way in: left to itself, SQLite's planner
    // would read every row without a payment reference rather than this client's (bookings_client_created).
    .where(sql<string | null>`coalesce(hold_expires_at, payment_reference)`, "is", null);

/**
 * The day's stays the availability endpoint reads: on SQLite the prepared statement kept between
 * writes (`listDayStaysPrepared`); on PostgreSQL another instance may have written since, so the
 * rows are read each time.
 */
export function listDayStaysForAvailability(db: Db, date: string): readonly Stay[] | Promise<readonly Stay[]> {
  const sqlite = rawConnection(db);
  return sqlite ? listDayStaysPrepared(sqlite, date) : listDayStays(db, date);
}

const BOOKING_COLUMNS = [
  "reference",
  "type",
  "status",
  "name",
  "email",
  "phone",
  "date",
  "time",
  "guests",
  "tea_type",
  "dining_preference",
  "hamper_type",
  "dietary_requirements",
  "garden_spot_id",
  "include_wine",
  "special_requests",
  "staff_notes",
  "amount_pence",
  "payment_reference",
  "hold_expires_at",
  "source",
  "created_at",
  "updated_at",
  "client_key",
  "area_id",
  "stay_minutes",
  "table_label",
  // A walk-in is stored arrived, with no reminder to send (R44).
  "arrival",
  "reminder_sent_at",
  "calendar_sequence",
  "sitting_id",
] as const;
const INSERT_BOOKING = `INSERT INTO bookings (${BOOKING_COLUMNS.join(", ")}) VALUES (${BOOKING_COLUMNS.map((c) => `@${c}`).join(", ")}) RETURNING *`;

/**
 * Inserts a booking and returns its row, as a prepared statement on the raw connection (the
 * booking write path). Only inside a write transaction on that connection (db/write-queue.ts).
 */
export function insertBookingPrepared(sqlite: SQLite.Database, row: Omit<BookingRow, "id">): BookingRow {
  return written(prepared<[Omit<BookingRow, "id">], BookingRow>(sqlite, INSERT_BOOKING).get(row)!);
}

/** Inserts a booking in the caller's transaction (R52: a waiting-list offer's held seats) and returns its row. */
export async function insertBooking(db: DbOrTx, row: Omit<BookingRow, "id" | "calendar_sequence">): Promise<BookingRow> {
  return written(await db.insertInto("bookings").values(row).returningAll().executeTakeFirstOrThrow());
}

export async function updateBooking(db: DbOrTx, id: number, changes: BookingUpdate): Promise<BookingRow | undefined> {
  return written(await db.updateTable("bookings").set(changes).where("id", "=", id).returningAll().executeTakeFirst());
}

/** R51: raises a booking's calendar SEQUENCE by one inside the caller's transaction; the new value. */
export async function raiseCalendarSequence(db: DbOrTx, id: number): Promise<number> {
  const row = written(
    await db
      .updateTable("bookings")
      .set((eb) => ({ calendar_sequence: eb("calendar_sequence", "+", 1) }))
      .where("id", "=", id)
      .returning("calendar_sequence")
      .executeTakeFirstOrThrow(),
  );
  return row.calendar_sequence;
}

/** Moves a booking from one of `from` to `to` by payment reference; the updated row, or undefined if none moved. */
export async function transitionBookingByPaymentReference(
  db: DbOrTx,
  paymentReference: string,
  from: readonly string[],
  changes: BookingUpdate,
): Promise<BookingRow | undefined> {
  return written(
    await db
      .updateTable("bookings")
      .set(changes)
      .where("payment_reference", "=", paymentReference)
      .where("status", "in", from as string[])
      .returningAll()
      .executeTakeFirst(),
  );
}

export interface BookingListFilters {
  search?: string | undefined;
  type?: string | undefined;
  date?: string | undefined;
  /** Only bookings on or after this date (yyyy-MM-dd). */
  fromDate?: string | undefined;
  status?: string | undefined;
  includeCancelled?: boolean | undefined;
  /** ISO instant: held rows whose hold lapsed before it are left out. */
  nowIso: string;
}

function applyFilters(db: DbOrTx, f: BookingListFilters) {
  return (eb: ExpressionBuilder<Database, "bookings">) => {
    const parts = [];
    const reference = codePrefix(f.search, "TR-");
    const match = reference ? null : prefixMatch(f.search);
    if (reference) parts.push(eb("reference", ">=", reference.from), eb("reference", "<", reference.to));
    if (match) parts.push(matchesSearch(dialectOf(db), "bookings_search", match));
    if (f.type) parts.push(eb("type", "=", f.type));
    if (f.date) parts.push(eb("date", "=", f.date));
    if (f.fromDate) parts.push(eb("date", ">=", f.fromDate));
    if (f.status) parts.push(eb("status", "=", f.status));
    else if (!f.includeCancelled) parts.push(eb("status", "not in", RELEASED_STATUSES));
    // A lapsed hold is a payment that never happened: not a reservation to show.
    parts.push(eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", f.nowIso)]));
    return eb.and(parts);
  };
}

/** One page of bookings by date and time; `knownTotal` (from `countFromStatus`) saves counting the rows. */
export async function listBookings(
  db: DbOrTx,
  f: BookingListFilters,
  page: number,
  pageSize: number,
  knownTotal: number | null = null,
): Promise<{ rows: BookingRow[]; total: number }> {
  const where = applyFilters(db, f);
  const rows = await db
    .selectFrom("bookings")
    .selectAll()
    .where(where)
    .orderBy("date")
    .orderBy("time")
    .orderBy("id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  if (knownTotal !== null) return { rows, total: knownTotal };
  const count = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(where)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export interface BookingStatsRow {
  total: number;
  today: number;
  upcoming: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  upcomingGuests: number;
}

/**
 * Bookings counted by status. `all` is SQLite's count of the whole table, which it reads from the
 * table's b-tree without visiting rows; only the statuses other than confirmed (a small share of
 * ten years of bookings) are counted through the status index (migration 006), and confirmed is
 * what is left. Stepping through 300,000 index entries took 25 to 30 ms, enough to hold up every
 * public request behind it.
 */
export async function bookingCounts(db: DbOrTx, nowIso: string): Promise<BookingCounts> {
  // One count per query: a plain count over an index range is SQLite's fast path, where a
  // GROUP BY with a sum over the same ranges took twenty times as long.
  const count = async (status: string, liveAfter?: string) => {
    let query = db
      .selectFrom("bookings")
      .select(sql<number>`count(*)`.as("n"))
      .where("status", "=", status);
    if (liveAfter) query = query.where("hold_expires_at", ">", liveAfter);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const all = Number(
    (
      await db
        .selectFrom("bookings")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const [held, liveHeld, pending, declined, cancelled] = [
    await count("held"),
    await count("held", nowIso),
    await count("pending"),
    await count("declined"),
    await count("cancelled"),
  ];
  return { all, held, liveHeld, pending, declined, cancelled, confirmed: all - held - pending - declined - cancelled };
}

export interface BookingCounts {
  all: number;
  held: number;
  /** Holds that have not lapsed at `nowIso`. */
  liveHeld: number;
  pending: number;
  confirmed: number;
  declined: number;
  cancelled: number;
}

/**
 * How many rows `listBookings` would count for a filter on status alone, from `bookingCounts`;
 * null when other filters apply and the rows must be counted.
 */
export function countFromStatus(
  counts: BookingCounts,
  f: Pick<BookingListFilters, "search" | "type" | "date" | "fromDate" | "status" | "includeCancelled">,
): number | null {
  if (f.search?.trim() || f.type || f.date || f.fromDate) return null;
  const standing = counts.confirmed + counts.pending + counts.liveHeld;
  switch (f.status) {
    case undefined:
    case "":
      return f.includeCancelled ? standing + counts.declined + counts.cancelled : standing;
    case "held":
      return counts.liveHeld;
    case "pending":
    case "confirmed":
    case "declined":
    case "cancelled":
      return counts[f.status];
    default:
      return 0;
  }
}

/** Counts over reservations that stand (not cancelled, no lapsed holds), plus the cancelled count. */
export async function bookingStats(db: DbOrTx, today: string, nowIso: string, counts?: BookingCounts): Promise<BookingStatsRow> {
  const c = counts ?? (await bookingCounts(db, nowIso));
  // Today's and upcoming reservations: a range of dates in a covering index (migration 006).
  const ahead = await db
    .selectFrom("bookings")
    .select([
      sql<number>`count(*)`.as("upcoming"),
      sql<number>`coalesce(sum(CASE WHEN date = ${today} THEN 1 ELSE 0 END), 0)`.as("today"),
      sql<number>`coalesce(sum(guests), 0)`.as("guests"),
    ])
    .where("date", ">=", today)
    .where(sql<boolean>`(status NOT IN ('declined', 'cancelled', 'held') OR (status = 'held' AND hold_expires_at > ${nowIso}))`)
    .executeTakeFirstOrThrow();
  return {
    total: c.confirmed + c.pending + c.liveHeld,
    today: Number(ahead.today),
    upcoming: Number(ahead.upcoming),
    pending: c.pending,
    confirmed: c.confirmed,
    cancelled: c.cancelled,
    upcomingGuests: Number(ahead.guests),
  };
}

/** The bookings standing on any date from `from` to `to` (both included), in date and time order (R45's range closure). */
export async function listStandingBetween(db: DbOrTx, from: string, to: string, nowIso: string): Promise<BookingRow[]> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("status", "not in", RELEASED_STATUSES)
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", nowIso)]))
    .orderBy("date")
    .orderBy("time")
    .orderBy("id")
    .execute();
}

/**
 * The bookings that stand on a date, every type, in time order: not declined or cancelled, and
 * holds only until they lapse. A range of one date in an index that starts with the date
 * (bookings_day_status, migration 006), so ten years of rows cost nothing (decision 010).
 */
export async function listStandingOnDate(db: DbOrTx, date: string, nowIso: string): Promise<BookingRow[]> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("date", "=", date)
    .where("status", "not in", RELEASED_STATUSES)
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", nowIso)]))
    .orderBy("time")
    .orderBy("id")
    .execute();
}
