import {
  bookingWarnings,
  capacityProblem,
  holdLimitProblem,
  requestDayStart,
  requestLimitProblem,
  type BookingType,
  type ClientRefusal,
  type LiveHolds,
  type SlotClaim,
} from "@tearoom/domain";
import { sql, type CompiledQuery, type RawBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { Db } from "../database.js";
import { bookingByPaymentReferenceQuery, liveHoldsQuery, requestsSinceQuery, slotOccupancyQuery, type OccupancyRow } from "../repositories/bookings.js";
import { bookingSettingsQuery } from "../repositories/booking-settings.js";
import { giftVoucherByCodeQuery } from "../repositories/gift-vouchers.js";
import { demoPaymentQuery } from "../repositories/payments.js";
import { ledgerOfVoucherCodeQuery } from "../repositories/voucher-ledger.js";
import type { BookingRow, BookingSettingRow, GiftVoucherRow, NewAuditEventRow, NewVoucherLedgerRow, VoucherLedgerRow } from "../schema.js";
import { TooManyRequestsError, ConflictError, WarningsError } from "../../errors.js";
import { outboxRow } from "../../mail/outbox.js";
import { bookingAuditRow } from "../../services/booking-audit.js";
import { bookingMails, newReference, SettingsChangedError, toBooking, type BookingResult, type BookingWrite } from "../../services/booking-writes.js";
import { newManageToken } from "../../services/manage-token.js";
import { coverOfClaim, reservationEntry } from "../../services/tea-voucher-claim.js";
import { PREPARE } from "./pool.js";
import { blank, statementShapes } from "./statement-shapes.js";
import { SETTINGS_STAMP } from "./settings-stamp.js";

/**
 * PostgreSQL's booking write (decision 021): the same steps and domain rules as SQLite's
 * `writeBooking` (services/booking-writes.ts), for a whole batch inside a transaction that holds
 * its locks (db/pg/writer.ts). Each statement has a fixed cost on the server, so a batch takes two
 * whatever its size: one reads everything the rules of all its bookings look at
 * (`readStatement`), one stores the bookings that pass with their manage links, e-mails, voucher
 * reservations and audit records (`planWrite`). The writer sends them; this module only builds
 * them and decides.
 *
 * The writer puts in one batch only bookings whose locks are all different, and everything a
 * booking's rules read is covered by its locks (the slot, the client, the e-mail address, the
 * payment, the voucher): no booking of a batch changes what another one read, so one read serves
 * them all. Every refusal is decided before the write, which stores nothing it would refuse.
 */

/** What one booking's rules read. */
interface Reads {
  i: number;
  existing: BookingRow | null;
  demo: boolean;
  requests: { n: number } | null;
  by_client: LiveHolds | null;
  by_email: LiveHolds | null;
  slot: OccupancyRow[];
  voucher: GiftVoucherRow | null;
  ledger: VoucherLedgerRow[] | null;
}

/** What the read shares between the bookings of its batch, on each of its rows. */
interface Shared {
  settings_stamp: string | null;
  settings: BookingSettingRow[] | null;
}

/** One booking's keys for the read: the recordset the read's correlated queries take them from. */
function readKeys(job: BookingWrite, i: number) {
  const { row, clientLimit, voucher } = job;
  const now = new Date(job.now);
  return {
    i,
    type: row.type,
    date: row.date,
    time: row.time,
    client_key: row.client_key,
    email: row.email,
    ref: row.payment_reference,
    voucher: voucher?.code ?? null,
    hold: clientLimit?.kind === "hold",
    request: clientLimit?.kind === "request",
    now: now.toISOString(),
    since: requestDayStart(now).toISOString(),
  };
}

/** The batch's reads: the statement reading everything its rules look at, a row for each booking, in order. */
export type BatchReads = Reads & Shared;

const readShapes = statementShapes<BatchReads>();

/** The statement reading everything the batch's rules look at (see above). */
export function readStatement(db: Db, jobs: readonly BookingWrite[]): CompiledQuery<BatchReads> {
  const withStamp = jobs.some((job) => job.settingsStamp !== undefined);
  const withSettings = jobs.some((job) => job.warn);
  return readShapes(`${withStamp}/${withSettings}`, () => compileRead(db, withStamp, withSettings), { keys: JSON.stringify(jobs.map(readKeys)) });
}

function compileRead(db: Db, withStamp: boolean, withSettings: boolean): CompiledQuery<BatchReads> {
  const j = (column: keyof ReturnType<typeof readKeys>) => sql.ref<string>(`j.${column}`);
  const when = (condition: RawBuilder<unknown>, value: RawBuilder<unknown>) => sql`CASE WHEN ${condition} THEN ${value} END`;
  return sql<BatchReads>`${PREPARE}SELECT j.i,
      ${withStamp ? SETTINGS_STAMP : sql`NULL`} AS settings_stamp,
      ${withSettings ? jsonArrayFrom(bookingSettingsQuery(db)) : sql`NULL`} AS settings,
      ${when(sql`j.ref IS NOT NULL`, jsonObjectFrom(bookingByPaymentReferenceQuery(db, j("ref"))))} AS existing,
      (j.ref IS NOT NULL AND EXISTS (${demoPaymentQuery(db, j("ref"))})) AS demo,
      ${when(sql`j.request AND j.client_key IS NOT NULL`, jsonObjectFrom(requestsSinceQuery(db, j("client_key"), j("since"))))} AS requests,
      ${when(sql`j.hold AND j.client_key IS NOT NULL`, jsonObjectFrom(liveHoldsQuery(db, "client", j("client_key"), j("now"))))} AS by_client,
      ${when(sql`j.hold`, jsonObjectFrom(liveHoldsQuery(db, "email", j("email"), j("now"))))} AS by_email,
      ${jsonArrayFrom(slotOccupancyQuery(db, j("type"), j("date"), j("time")))} AS slot,
      ${when(sql`j.voucher IS NOT NULL`, jsonObjectFrom(giftVoucherByCodeQuery(db, j("voucher"))))} AS voucher,
      ${when(sql`j.voucher IS NOT NULL`, jsonArrayFrom(ledgerOfVoucherCodeQuery(db, j("voucher"))))} AS ledger
    FROM jsonb_to_recordset(${blank("keys")}::jsonb) AS j(i int, type text, date text, time text, client_key text,
      email text, ref text, voucher text, hold boolean, request boolean, now text, since text)
    ORDER BY j.i`.compile(db);
}

/** R23: as services/booking-writes.ts `clientRefusal`, from what the read counted. */
function clientRefusal(reads: Reads, job: BookingWrite, now: Date): ClientRefusal | null {
  const { row } = job;
  const { kind, phone } = job.clientLimit!;
  if (kind === "request") return reads.requests ? requestLimitProblem(reads.requests.n, now, phone) : null;
  const byClient = reads.by_client ? holdLimitProblem(reads.by_client, row.guests, now, phone) : null;
  return byClient ?? holdLimitProblem(reads.by_email!, row.guests, now, phone);
}

/** A booking that passed its rules, with what goes in with it. */
interface Accepted {
  row: Omit<BookingRow, "id">;
  manageLinkHash: string | null;
  mails: ReturnType<typeof outboxRow>[];
  ledger: NewVoucherLedgerRow | null;
  audit: NewAuditEventRow | null;
  result: Omit<BookingResult, "booking">;
}

/**
 * The rules of one booking over what was read: its answer (the booking already made for its
 * payment), its refusal (thrown), or what to store.
 */
function decide(job: BookingWrite, reads: Reads & Shared): BookingResult | Accepted {
  const { row: values, spot } = job;
  const now = new Date(job.now);
  if (reads.existing) return { booking: toBooking(reads.existing, reads.demo), overCapacity: false, warnings: [] };
  if (job.settingsStamp !== undefined && job.settingsStamp !== reads.settings_stamp) throw new SettingsChangedError();
  if (job.clientLimit) {
    const refusal = clientRefusal(reads, job, now);
    if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
  }
  const claim: SlotClaim = { type: values.type as BookingType, date: values.date, time: values.time, guests: values.guests };
  const problem = capacityProblem(reads.slot, job.perSlot, spot, claim, now);
  if (problem && job.refuseOverCapacity) throw new ConflictError(problem);
  const settings = Object.fromEntries((reads.settings ?? []).map((r) => [r.setting_key, r.setting_value]));
  const warnings = job.warn ? bookingWarnings({ settings, claim, others: reads.slot, spot, now }) : [];
  if (warnings.length > 0 && !job.warn?.accept) throw new WarningsError(warnings);
  const holdExpiresAt = values.hold_expires_at;
  const voucher = job.voucher && holdExpiresAt ? coverOfClaim(reads.voucher ?? undefined, reads.ledger ?? [], job.voucher, values.guests, job.now) : null;

  // A reference already taken fails the write with a unique violation, and the batch runs again with new draws.
  const reference = newReference();
  // The e-mails and the audit record are written with the booking, so they are made from it
  // before it has its id (which they do not show).
  const draft = { ...values, id: 0, reference };
  const link = job.notify ? newManageToken() : null;
  return {
    row: { ...values, reference },
    manageLinkHash: link?.hash ?? null,
    mails: job.notify && link ? bookingMails(toBooking(draft, reads.demo), job.notify, spot, now, link.token).map((m) => outboxRow(m, values.created_at)) : [],
    ledger: voucher && holdExpiresAt ? reservationEntry(voucher.voucherId, voucher.cover, { reference, holdExpiresAt }, job.now) : null,
    audit: job.audit ? bookingAuditRow({ at: values.created_at, actor: job.audit.actor, action: "booking.create", before: null, after: draft }) : null,
    result: {
      overCapacity: problem !== null,
      warnings,
      ...(voucher && job.voucher ? { voucher: { voucherId: voucher.voucherId, code: job.voucher.code, cover: voucher.cover } } : {}),
    },
  };
}

/** The companions stored beside the bookings, by table, and the name of each one's CTE. */
const COMPANIONS = { outbox: "o", voucher_ledger: "l", audit_events: "a" } as const;
type Companion = keyof typeof COMPANIONS;

/** What the write answers of each booking it stored: the rest of the row is what it was given. */
type StoredBooking = Pick<BookingRow, "id" | "reference">;

const insertShapes = statementShapes<StoredBooking>();

/**
 * The statement storing the accepted bookings and their companions, each table's rows as one
 * JSON parameter spread over its columns by jsonb_populate_recordset; it answers each stored
 * booking's id (the only column the database chooses) by its reference.
 * Its shape is the tables it stores and their columns.
 */
function insertStatement(db: Db, accepted: readonly Accepted[]): CompiledQuery<StoredBooking> {
  const companions = <T>(pick: (a: Accepted) => T | null) => accepted.flatMap((a) => pick(a) ?? []);
  const rows: Record<"bookings" | Companion, readonly object[]> = {
    bookings: accepted.map((a) => a.row),
    outbox: accepted.flatMap((a) => a.mails),
    voucher_ledger: companions((a) => a.ledger),
    audit_events: companions((a) => a.audit),
  };
  const links = companions((a) => (a.manageLinkHash ? { reference: a.row.reference, token_hash: a.manageLinkHash, created_at: a.row.created_at } : null));
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
  const parts: RawBuilder<unknown>[] = [sql`b AS (${insert(bookings!)} RETURNING id, reference)`];
  if (withLinks)
    parts.push(sql`m AS (INSERT INTO manage_links (token_hash, booking_id, created_at)
      SELECT l.token_hash, b.id, l.created_at FROM jsonb_to_recordset(${blank("links")}::jsonb) AS l(reference text, token_hash text, created_at text)
      JOIN b ON b.reference = l.reference)`);
  for (const c of companions) parts.push(sql`${sql.raw(COMPANIONS[c.table as Companion])} AS (${insert(c)})`);
  return sql<StoredBooking>`${PREPARE}WITH ${sql.join(parts)} SELECT id, reference FROM b`.compile(db);
}

export type Outcome = { ok: true; value: BookingResult } | { ok: false; error: unknown };

/** The batch's write, once its rules have decided over what was read. */
export interface BatchWrite {
  /** The statement storing the bookings that passed; null when none did. */
  statement: CompiledQuery<StoredBooking> | null;
  /** Each booking's outcome, in order, given what the statement answered. */
  outcomes(stored: readonly StoredBooking[]): Outcome[];
}

/**
 * Applies each booking's rules to what `readStatement` read (`reads`, a row for each, in order):
 * a refusal is its booking's outcome, and the write stores only the bookings that passed.
 */
export function planWrite(db: Db, jobs: readonly BookingWrite[], reads: readonly BatchReads[]): BatchWrite {
  const decided = jobs.map((job, i): { ok: true; value: BookingResult | Accepted } | { ok: false; error: unknown } => {
    try {
      return { ok: true, value: decide(job, reads[i]!) };
    } catch (error) {
      return { ok: false, error };
    }
  });
  const accepted = decided.flatMap((d) => (d.ok && "row" in d.value ? [d.value] : []));
  return {
    statement: accepted.length > 0 ? insertStatement(db, accepted) : null,
    outcomes(stored) {
      const ids = new Map(stored.map((row) => [row.reference, row.id]));
      return decided.map((d, i): Outcome => {
        if (!d.ok || !("row" in d.value)) return d as Outcome;
        const row = { ...d.value.row, id: ids.get(d.value.row.reference)! };
        return { ok: true, value: { booking: toBooking(row, reads[i]!.demo), ...d.value.result } };
      });
    },
  };
}
