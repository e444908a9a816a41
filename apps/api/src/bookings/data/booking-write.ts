import type { AreaClosureWindow, LiveHolds, Stay } from "@tearoom/domain";
import type SQLite from "better-sqlite3";
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Compilable } from "kysely";
import { prepared } from "../../db/database.js";
import type { AreaRow, BookingRow, Database, GiftVoucherRow, NewAuditEventRow, NewOutboxRow, NewVoucherLedgerRow, VoucherLedgerRow } from "../../db/schema.js";
import { blank, statementShapes } from "../../db/statement-shapes.js";
import { bookingByPaymentReferenceQuery, insertBookingPrepared, liveHoldsQuery, requestsSinceQuery, windowStaysQuery } from "./bookings.js";
import { areasQuery, dayAreaClosuresQuery } from "./areas.js";
import { bookingSettingsQuery } from "./booking-settings.js";
import { giftVoucherByCodeQuery } from "../../vouchers/data/gift-vouchers.js";
import { demoPaymentQuery } from "../../payments/data/payments.js";
import { ledgerOfVoucherCodeQuery } from "../../vouchers/data/voucher-ledger.js";
import { sittingTicketsQuery, type SittingTickets } from "../../events/data/events.js";

/**
 * The booking write's reads and writes, as the stores give them to the one set of rules that
 * decides (bookings/services/booking-write-decision.ts): what to read for a booking (`BookingWriteKeys`),
 * what was read (`BookingWriteReads`), and what the rules decided to store (`BookingWritePlan`).
 * SQLite's store is below; PostgreSQL's, for a batch in two statements, is db/pg/booking-write.ts.
 * Both build each read from the same query (repositories/*Query), so a read has one shape.
 */

/** What one booking's rules look at, named by what they read it by. */
export interface BookingWriteKeys {
  type: string;
  date: string;
  time: string;
  /** R23: the client's requests today (with `request`) or live holds (with `hold`) are counted by it. */
  clientKey: string | null;
  email: string;
  /** R8: the booking already made for this payment is the answer. */
  paymentReference: string | null;
  /** R36: the voucher paying part of a hold, and its ledger. */
  voucherCode: string | null;
  hold: boolean;
  request: boolean;
  /** R29: the settings, for a staff booking's warnings. */
  settings: boolean;
  /** Decision 021: the stamp of the settings, which PostgreSQL compares with the booking's (SQLite has no need). */
  stamp: boolean;
  /** R44: the part of the day whose stays can share a step with this one ("HH:mm", `to` excluded). */
  stays: { from: string; to: string };
  /** R53: the sitting a ticket order is for, whose tickets left are counted; null for other bookings. */
  sittingId: number | null;
  /** ISO instants: now (live holds), and the start of the requests' day. */
  now: string;
  since: string;
}

/** What one booking's rules read, inside its write transaction. */
export interface BookingWriteReads {
  existing: BookingRow | null;
  /** The demo provider took `existing`'s payment (R22). */
  demo: boolean;
  /** The client's requests since `since`; null when not counted. */
  requests: number | null;
  holdsByClient: LiveHolds | null;
  holdsByEmail: LiveHolds | null;
  /** R44: the day's seats held now that can share a step with this one, whatever their type (every type shares the room's seats), summed by start, area and stay. */
  day: Stay[];
  /** R44: the areas, as stored now. */
  areas: AreaRow[];
  /** R45: the day's closed parts of areas. */
  closures: AreaClosureWindow[];
  /** Every booking setting as key → value; null when not asked for. */
  settings: Record<string, string> | null;
  /** The stamp of the stored settings (db/pg/settings-stamp.ts); null where it is not read (SQLite). */
  settingsStamp: string | null;
  voucher: GiftVoucherRow | null;
  ledger: VoucherLedgerRow[];
  /** R53: a ticket order's sitting, with the tickets sold or held now; null for other bookings (or no such sitting). */
  sitting: SittingTickets | null;
}

/** What the rules decided to store for one booking: the row and what goes in with it. */
export interface BookingWritePlan {
  row: Omit<BookingRow, "id">;
  /** R37: the hash of the guest's manage link, stored with the booking's id. */
  manageLinkHash: string | null;
  mails: NewOutboxRow[];
  /** R36: the voucher part reserved for the hold. */
  ledger: NewVoucherLedgerRow | null;
  /** R40: the record of a staff-made booking. */
  audit: NewAuditEventRow | null;
}

// SQLite's store. Kysely compiles each read once, with blanks for its values; better-sqlite3 then
// runs it as a prepared statement on the writer thread's connection, which has no Kysely of its own.
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const shapes = statementShapes<unknown>();

function readAll<R>(
  sqlite: SQLite.Database,
  shape: string,
  build: (db: Kysely<Database>) => Compilable<R>,
  values: Readonly<Record<string, unknown>> = {},
): R[] {
  const query = shapes(shape, () => build(compiler).compile(), values);
  return prepared<unknown[], R>(sqlite, query.sql).all(...query.parameters);
}
const readFirst = <R>(...args: Parameters<typeof readAll<R>>): R | null => readAll<R>(...args)[0] ?? null;

/**
 * The areas, read again only when another connection has committed since (`PRAGMA data_version`
 * changes then, never for this connection's own writes): staff change areas on the server's main
 * connection, and this writer reads them for every booking.
 */
const keptAreas = new WeakMap<SQLite.Database, { version: number; rows: AreaRow[] }>();
function areasOf(sqlite: SQLite.Database): AreaRow[] {
  const version = sqlite.pragma("data_version", { simple: true }) as number;
  const kept = keptAreas.get(sqlite);
  if (kept?.version === version) return kept.rows;
  const rows = readAll<AreaRow>(sqlite, "areas", areasQuery);
  keptAreas.set(sqlite, { version, rows });
  return rows;
}

/** Reads what one booking's rules look at: call it inside the write transaction that stores it. */
export function readForBookingWrite(sqlite: SQLite.Database, keys: BookingWriteKeys): BookingWriteReads {
  const { paymentReference: ref, clientKey, voucherCode: code } = keys;
  const holds = (by: "client" | "email", value: string) =>
    readFirst<LiveHolds>(sqlite, `holds:${by}`, (db) => liveHoldsQuery(db, by, blank("value"), blank("now")), { value, now: keys.now });
  return {
    existing: ref ? readFirst(sqlite, "existing", (db) => bookingByPaymentReferenceQuery(db, blank("ref")), { ref }) : null,
    demo: ref ? readFirst(sqlite, "demo", (db) => demoPaymentQuery(db, blank("ref")), { ref }) !== null : false,
    requests:
      keys.request && clientKey
        ? readFirst<{ n: number }>(sqlite, "requests", (db) => requestsSinceQuery(db, blank("client"), blank("since")), {
            client: clientKey,
            since: keys.since,
          })!.n
        : null,
    holdsByClient: keys.hold && clientKey ? holds("client", clientKey) : null,
    holdsByEmail: keys.hold ? holds("email", keys.email) : null,
    // Only this server writes the status column, always with a BookingStatus.
    day: readAll<Stay>(sqlite, "day", (db) => windowStaysQuery(db, blank("date"), blank("from"), blank("to"), blank("now")), {
      date: keys.date,
      from: keys.stays.from,
      to: keys.stays.to,
      now: keys.now,
    }),
    areas: areasOf(sqlite),
    closures: readAll<AreaClosureWindow>(sqlite, "closures", (db) => dayAreaClosuresQuery(db, blank("date")), { date: keys.date }),
    settings: keys.settings ? Object.fromEntries(readAll(sqlite, "settings", bookingSettingsQuery).map((r) => [r.setting_key, r.setting_value])) : null,
    settingsStamp: null,
    voucher: code ? readFirst(sqlite, "voucher", (db) => giftVoucherByCodeQuery(db, blank("code")), { code }) : null,
    ledger: code ? readAll(sqlite, "ledger", (db) => ledgerOfVoucherCodeQuery(db, blank("code")), { code }) : [],
    sitting:
      keys.sittingId === null
        ? null
        : readFirst<SittingTickets>(sqlite, "sitting", (db) => sittingTicketsQuery(db, blank("sitting") as unknown as number, blank("now")), {
            sitting: keys.sittingId,
            now: keys.now,
          }),
  };
}

/** Columns in a fixed order, so one statement text serves every row of a table. */
function insert(sqlite: SQLite.Database, table: keyof Database, row: object): void {
  const columns = Object.keys(row).sort();
  prepared<[object], unknown>(sqlite, `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`).run(row);
}

/**
 * Stores what the rules decided for one booking and returns its row: call it inside the write
 * transaction its reads ran in. A reference already taken throws SQLite's unique violation.
 */
export function storeBookingWrite(sqlite: SQLite.Database, plan: BookingWritePlan): BookingRow {
  const inserted = insertBookingPrepared(sqlite, plan.row);
  // RETURNING answers the row before SQLite's trigger linked its guest (migration 028).
  const row = { ...inserted, guest_id: prepared<[number], { guest_id: number | null }>(sqlite, "SELECT guest_id FROM bookings WHERE id = ?").get(inserted.id)!.guest_id };
  if (plan.manageLinkHash) insert(sqlite, "manage_links", { token_hash: plan.manageLinkHash, booking_id: row.id, created_at: row.created_at });
  for (const mail of plan.mails) insert(sqlite, "outbox", mail);
  if (plan.ledger) insert(sqlite, "voucher_ledger", plan.ledger);
  if (plan.audit) insert(sqlite, "audit_events", plan.audit);
  return row;
}

/** Whether `err` is SQLite's refusal of a booking reference drawn twice. */
export const isReferenceTaken = (err: unknown): boolean =>
  err instanceof Error && (err as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" && err.message.includes("bookings.reference");
