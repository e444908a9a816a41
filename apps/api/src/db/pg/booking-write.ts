import { hash } from "node:crypto";
import type { AreaClosureWindow, LiveHolds, Stay } from "@tearoom/domain";
import { sql, type CompiledQuery, type RawBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { Db } from "../database.js";
import { WRITE_LOCK } from "../dialect.js";
import type { BookingWriteKeys, BookingWritePlan, BookingWriteReads } from "../../bookings/data/booking-write.js";
import { bookingByPaymentReferenceQuery, liveHoldsQuery, requestsSinceQuery, windowStaysQuery } from "../../bookings/data/bookings.js";
import { areasQuery, dayAreaClosuresQuery } from "../../bookings/data/areas.js";
import { bookingSettingsQuery } from "../../bookings/data/booking-settings.js";
import { giftVoucherByCodeQuery } from "../../vouchers/data/gift-vouchers.js";
import { demoPaymentQuery } from "../../payments/data/payments.js";
import { ledgerOfVoucherCodeQuery } from "../../vouchers/data/voucher-ledger.js";
import { sittingTicketsQuery, type SittingTickets } from "../../events/data/events.js";
import type { AreaRow, BookingRow, BookingSettingRow, GiftVoucherRow, VoucherLedgerRow } from "../schema.js";
import { blank, statementShapes } from "../statement-shapes.js";
import { PREPARE } from "./pool.js";
import { SETTINGS_STAMP } from "./settings-stamp.js";

/**
 * PostgreSQL's booking store (decision 021): the statements of a batch of booking writes
 * (workers/pg-writer.ts sends them), SQL only. Each statement has a fixed cost on the server, so
 * a batch takes three whatever its size: one takes its locks (`lockStatement`), one reads
 * everything the rules of all its bookings look at (`readStatement`), one stores what the rules
 * decided (`insertStatement`). The reads are the same queries SQLite's store runs one by one
 * (bookings/data/booking-write.ts).
 */

/** A 64-bit advisory lock key for a named thing. */
const lockKey = (name: string): bigint => hash("sha256", name, "buffer").readBigInt64BE(0);

/**
 * The things a booking's rules read, as lock keys: the day (R44: every booking of a day shares
 * the room's seats, so capacity, garden spots and R29's warnings read the whole day), the client key and the e-mail address (R23's limits), the payment
 * reference (R8) and the voucher (R36).
 */
export function bookingLockKeys(keys: BookingWriteKeys): bigint[] {
  const names = [`day:${keys.date}`];
  if ((keys.hold || keys.request) && keys.clientKey) names.push(`client:${keys.clientKey}`);
  if (keys.hold) names.push(`email:${keys.email.toLowerCase()}`);
  if (keys.paymentReference) names.push(`payment:${keys.paymentReference}`);
  if (keys.voucherCode) names.push(`voucher:${keys.voucherCode}`);
  // R53: a sitting's tickets (its day's lock already covers it; named so the rule does not depend on it).
  if (keys.sittingId !== null) names.push(`sitting:${keys.sittingId}`);
  return names.map(lockKey);
}

const lockShapes = statementShapes<unknown>();

/** Takes the write lock shared and `keys` (sorted) exclusively, in that order, till the transaction ends. */
export const lockStatement = (db: Db, keys: readonly bigint[]) =>
  lockShapes(
    "locks",
    () =>
      sql`${PREPARE}SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK}::bigint),
        (SELECT count(pg_advisory_xact_lock(k)) FROM unnest(${blank("keys")}::bigint[]) AS k)`.compile(db),
    { keys: keys.map(String) },
  );

/** One booking's row of the batch read, as PostgreSQL answers it. */
interface ReadRow {
  i: number;
  settings_stamp: string | null;
  settings: BookingSettingRow[] | null;
  existing: BookingRow | null;
  demo: boolean;
  requests: { n: number } | null;
  by_client: LiveHolds | null;
  by_email: LiveHolds | null;
  day: Stay[];
  areas: AreaRow[];
  closures: AreaClosureWindow[];
  voucher: GiftVoucherRow | null;
  ledger: VoucherLedgerRow[] | null;
  sitting: SittingTickets | null;
}

const readShapes = statementShapes<ReadRow>();

/** The statement reading what the rules of each booking of a batch look at: a row for each, in order. */
export function readStatement(db: Db, batch: readonly BookingWriteKeys[]): CompiledQuery<ReadRow> {
  const withStamp = batch.some((keys) => keys.stamp);
  const withSettings = batch.some((keys) => keys.settings);
  const recordset = batch.map((k, i) => ({
    i,
    type: k.type,
    date: k.date,
    time: k.time,
    client_key: k.clientKey,
    email: k.email,
    ref: k.paymentReference,
    voucher: k.voucherCode,
    hold: k.hold,
    request: k.request,
    now: k.now,
    since: k.since,
    stays_from: k.stays.from,
    stays_to: k.stays.to,
    sitting: k.sittingId,
  }));
  return readShapes(`${withStamp}/${withSettings}`, () => compileRead(db, withStamp, withSettings), { keys: JSON.stringify(recordset) });
}

function compileRead(db: Db, withStamp: boolean, withSettings: boolean): CompiledQuery<ReadRow> {
  const j = (column: string) => sql.ref<string>(`j.${column}`);
  const when = (condition: RawBuilder<unknown>, value: RawBuilder<unknown>) => sql`CASE WHEN ${condition} THEN ${value} END`;
  return sql<ReadRow>`${PREPARE}SELECT j.i,
      ${withStamp ? SETTINGS_STAMP : sql`NULL`} AS settings_stamp,
      ${withSettings ? jsonArrayFrom(bookingSettingsQuery(db)) : sql`NULL`} AS settings,
      ${when(sql`j.ref IS NOT NULL`, jsonObjectFrom(bookingByPaymentReferenceQuery(db, j("ref"))))} AS existing,
      (j.ref IS NOT NULL AND EXISTS (${demoPaymentQuery(db, j("ref"))})) AS demo,
      ${when(sql`j.request AND j.client_key IS NOT NULL`, jsonObjectFrom(requestsSinceQuery(db, j("client_key"), j("since"))))} AS requests,
      ${when(sql`j.hold AND j.client_key IS NOT NULL`, jsonObjectFrom(liveHoldsQuery(db, "client", j("client_key"), j("now"))))} AS by_client,
      ${when(sql`j.hold`, jsonObjectFrom(liveHoldsQuery(db, "email", j("email"), j("now"))))} AS by_email,
      ${jsonArrayFrom(windowStaysQuery(db, j("date"), j("stays_from"), j("stays_to"), j("now")))} AS day,
      ${jsonArrayFrom(areasQuery(db))} AS areas,
      ${jsonArrayFrom(dayAreaClosuresQuery(db, j("date")))} AS closures,
      ${when(sql`j.voucher IS NOT NULL`, jsonObjectFrom(giftVoucherByCodeQuery(db, j("voucher"))))} AS voucher,
      ${when(sql`j.voucher IS NOT NULL`, jsonArrayFrom(ledgerOfVoucherCodeQuery(db, j("voucher"))))} AS ledger,
      ${when(sql`j.sitting IS NOT NULL`, jsonObjectFrom(sittingTicketsQuery(db, sql.ref<number>("j.sitting"), j("now"))))} AS sitting
    FROM jsonb_to_recordset(${blank("keys")}::jsonb) AS j(i int, type text, date text, time text, client_key text,
      email text, ref text, voucher text, hold boolean, request boolean, now text, since text, stays_from text, stays_to text, sitting int)
    ORDER BY j.i`.compile(db);
}

/** One row of the batch read as the rules take it. */
export function toReads(row: ReadRow): BookingWriteReads {
  return {
    existing: row.existing,
    demo: row.demo,
    requests: row.requests?.n ?? null,
    holdsByClient: row.by_client,
    holdsByEmail: row.by_email,
    day: row.day,
    areas: row.areas,
    closures: row.closures,
    settings: row.settings ? Object.fromEntries(row.settings.map((r) => [r.setting_key, r.setting_value])) : null,
    settingsStamp: row.settings_stamp,
    voucher: row.voucher,
    ledger: row.ledger ?? [],
    // json numbers come back as numbers; a bigint sum as text on some drivers, so it is made a number.
    sitting: row.sitting ? { ...row.sitting, sold: Number(row.sitting.sold) } : null,
  };
}

/** The companions stored beside the bookings, by table, and the name of each one's CTE. */
const COMPANIONS = { outbox: "o", voucher_ledger: "l", audit_events: "a" } as const;
type Companion = keyof typeof COMPANIONS;

/** What the write answers of each booking it stored: the rest of the row is what it was given. */
export type StoredBooking = Pick<BookingRow, "id" | "reference" | "guest_id">;

const insertShapes = statementShapes<StoredBooking>();

/**
 * The statement storing the bookings the rules accepted and their companions, each table's rows
 * as one JSON parameter spread over its columns by jsonb_populate_recordset; it answers each
 * stored booking's id and guest (the columns the database chooses) by its reference. Its shape is the
 * tables it stores and their columns. A reference already taken fails it with a unique violation.
 */
export function insertStatement(db: Db, plans: readonly BookingWritePlan[]): CompiledQuery<StoredBooking> {
  const companions = <T>(pick: (p: BookingWritePlan) => T | null) => plans.flatMap((p) => pick(p) ?? []);
  const rows: Record<"bookings" | Companion, readonly object[]> = {
    bookings: plans.map((p) => p.row),
    outbox: plans.flatMap((p) => p.mails),
    voucher_ledger: companions((p) => p.ledger),
    audit_events: companions((p) => p.audit),
  };
  const links = companions((p) => (p.manageLinkHash ? { reference: p.row.reference, token_hash: p.manageLinkHash, created_at: p.row.created_at } : null));
  // The bookings first (there is always one), then the companions there are.
  const tables: Stored[] = Object.entries(rows)
    .filter(([, stored]) => stored.length > 0)
    .map(([table, stored]) => ({ table, columns: [...new Set(stored.flatMap((r) => Object.keys(r)))] }));
  const values = { links: JSON.stringify(links), ...Object.fromEntries(tables.map(({ table }) => [table, JSON.stringify(rows[table as keyof typeof rows])])) };
  return insertShapes(JSON.stringify([links.length > 0, tables]), () => compileInsert(db, tables, links.length > 0), values);
}

type Stored = { table: string; columns: readonly string[] };

function compileInsert(db: Db, [bookings, ...companions]: readonly Stored[], withLinks: boolean): CompiledQuery<StoredBooking> {
  const insert = ({ table, columns }: Stored) =>
    sql`INSERT INTO ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c)))})
      SELECT ${sql.join(columns.map((c) => sql.id("r", c)))} FROM jsonb_populate_recordset(NULL::${sql.id(table)}, ${blank(table)}::jsonb) AS r`;
  const parts: RawBuilder<unknown>[] = [sql`b AS (${insert(bookings!)} RETURNING id, reference, guest_id)`];
  if (withLinks)
    parts.push(sql`m AS (INSERT INTO manage_links (token_hash, booking_id, created_at)
      SELECT l.token_hash, b.id, l.created_at FROM jsonb_to_recordset(${blank("links")}::jsonb) AS l(reference text, token_hash text, created_at text)
      JOIN b ON b.reference = l.reference)`);
  for (const c of companions) parts.push(sql`${sql.raw(COMPANIONS[c.table as Companion])} AS (${insert(c)})`);
  return sql<StoredBooking>`${PREPARE}WITH ${sql.join(parts)} SELECT id, reference, guest_id FROM b`.compile(db);
}
