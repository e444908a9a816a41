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
import { sql, type RawBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { DbOrTx } from "../database.js";
import { bookingByPaymentReferenceQuery, liveHoldsQuery, requestsSinceQuery, slotOccupancyQuery, type OccupancyRow } from "../repositories/bookings.js";
import { bookingSettingsQuery } from "../repositories/booking-settings.js";
import { giftVoucherByCodeQuery } from "../repositories/gift-vouchers.js";
import { demoPaymentQuery } from "../repositories/payments.js";
import { ledgerOfVoucherCodeQuery } from "../repositories/voucher-ledger.js";
import type { BookingRow, BookingSettingRow, GiftVoucherRow, NewVoucherLedgerRow, VoucherLedgerRow } from "../schema.js";
import { TooManyRequestsError, ConflictError, WarningsError } from "../../errors.js";
import { outboxRow, type OutgoingMail } from "../../mail/outbox.js";
import { auditBooking } from "../../services/booking-audit.js";
import { bookingMails, newReference, SettingsChangedError, toBooking, type BookingResult, type BookingWrite } from "../../services/booking-writes.js";
import { newManageToken } from "../../services/manage-token.js";
import { coverOfClaim, reservationEntry } from "../../services/tea-voucher-claim.js";
import { SETTINGS_STAMP } from "./settings-stamp.js";

/**
 * PostgreSQL's booking write (decision 021): the same steps and domain rules as SQLite's
 * `writeBooking` (services/booking-writes.ts), inside a transaction that holds the booking's locks
 * (db/pg/writer.ts). Each statement is a round trip to the server, so the write takes two: one
 * reads everything the rules look at, one stores the booking with its manage link, e-mails and
 * voucher reservation. Every refusal comes before the second: a refused booking wrote nothing.
 */

/** What one booking's rules read, in one statement. */
interface Reads {
  settings_stamp: string | null;
  existing: BookingRow | null;
  demo: boolean;
  requests: { n: number } | null;
  by_client: LiveHolds | null;
  by_email: LiveHolds | null;
  slot: OccupancyRow[];
  settings: BookingSettingRow[] | null;
  voucher: GiftVoucherRow | null;
  ledger: VoucherLedgerRow[] | null;
}

async function read(tx: DbOrTx, job: BookingWrite, now: Date, withStamp: boolean): Promise<Reads> {
  const { row } = job;
  const nowIso = now.toISOString();
  const column = (name: keyof Reads, value: RawBuilder<unknown> | null) => sql`${value ?? sql`NULL`} AS ${sql.id(name)}`;
  const ref = row.payment_reference;
  const limit = job.clientLimit?.kind;
  const { rows } = await sql<Reads>`SELECT ${sql.join([
    column("settings_stamp", withStamp ? SETTINGS_STAMP : null),
    column("existing", ref ? jsonObjectFrom(bookingByPaymentReferenceQuery(tx, ref)) : null),
    column("demo", ref ? sql`EXISTS (${demoPaymentQuery(tx, ref)})` : sql`false`),
    column(
      "requests",
      limit === "request" && row.client_key ? jsonObjectFrom(requestsSinceQuery(tx, row.client_key, requestDayStart(now).toISOString())) : null,
    ),
    column("by_client", limit === "hold" && row.client_key ? jsonObjectFrom(liveHoldsQuery(tx, "client", row.client_key, nowIso)) : null),
    column("by_email", limit === "hold" ? jsonObjectFrom(liveHoldsQuery(tx, "email", row.email, nowIso)) : null),
    column("slot", jsonArrayFrom(slotOccupancyQuery(tx, row.type, row.date, row.time))),
    column("settings", job.warn ? jsonArrayFrom(bookingSettingsQuery(tx)) : null),
    column("voucher", job.voucher ? jsonObjectFrom(giftVoucherByCodeQuery(tx, job.voucher.code)) : null),
    column("ledger", job.voucher ? jsonArrayFrom(ledgerOfVoucherCodeQuery(tx, job.voucher.code)) : null),
  ])}`.execute(tx);
  return rows[0]!;
}

/** R23: as services/booking-writes.ts `clientRefusal`, from what `read` counted. */
function clientRefusal(reads: Reads, job: BookingWrite, now: Date): ClientRefusal | null {
  const { row } = job;
  const { kind, phone } = job.clientLimit!;
  if (kind === "request") return reads.requests ? requestLimitProblem(reads.requests.n, now, phone) : null;
  const byClient = reads.by_client ? holdLimitProblem(reads.by_client, row.guests, now, phone) : null;
  return byClient ?? holdLimitProblem(reads.by_email!, row.guests, now, phone);
}

/** What goes in with the booking, in the same statement. */
interface Companions {
  manageLinkHash: string | null;
  mails: OutgoingMail[];
  ledger: NewVoucherLedgerRow | null;
}

/**
 * Inserts the booking and its companions in one statement; undefined, and nothing written, when
 * its reference is taken (ON CONFLICT DO NOTHING: an error would abort the whole transaction).
 */
async function insert(tx: DbOrTx, row: Omit<BookingRow, "id">, { manageLinkHash, mails, ledger }: Companions, at: string): Promise<BookingRow | undefined> {
  // Each row goes as one JSON parameter, spread over its table's columns by jsonb_populate_record(set).
  const columnsOf = (value: object) => sql.join(Object.keys(value).map((c) => sql.id(c)));
  const valuesOf = (value: object) => sql.join(Object.keys(value).map((c) => sql.id("r", c)));
  const companion = (table: string, values: object[]) =>
    sql`INSERT INTO ${sql.id(table)} (${columnsOf(values[0]!)}) SELECT ${valuesOf(values[0]!)}
        FROM b, jsonb_populate_recordset(NULL::${sql.id(table)}, ${JSON.stringify(values)}::jsonb) AS r`;
  const parts: RawBuilder<unknown>[] = [
    sql`b AS (INSERT INTO bookings (${columnsOf(row)}) SELECT ${valuesOf(row)} FROM jsonb_populate_record(NULL::bookings, ${JSON.stringify(row)}::jsonb) AS r
        ON CONFLICT (reference) DO NOTHING RETURNING *)`,
  ];
  if (manageLinkHash)
    parts.push(sql`m AS (INSERT INTO manage_links (token_hash, booking_id, created_at) SELECT ${manageLinkHash}::text, b.id, ${at}::text FROM b)`);
  if (mails.length > 0)
    parts.push(
      sql`o AS (${companion(
        "outbox",
        mails.map((m) => outboxRow(m, at)),
      )})`,
    );
  if (ledger) parts.push(sql`l AS (${companion("voucher_ledger", [ledger])})`);
  const { rows } = await sql<BookingRow>`WITH ${sql.join(parts)} SELECT * FROM b`.execute(tx);
  return rows[0];
}

/**
 * What the bookings of one transaction share: the stamp of the settings, read with the first
 * booking that carries one. The transaction holds the write lock, which every change of the
 * settings must take alone (`immediateTransaction`), so they cannot change before it commits.
 */
export interface BatchReads {
  settingsStamp?: string;
}

/**
 * Stores one booking inside `tx`, as `writeBooking` does on SQLite. `progress.writing` turns true
 * once it starts writing: an error before then is a refusal that left the transaction as it was.
 */
export async function writeBookingPg(tx: DbOrTx, job: BookingWrite, progress = { writing: false }, batch: BatchReads = {}): Promise<BookingResult> {
  const { row: values, spot } = job;
  const now = new Date(job.now);
  const checkStamp = job.settingsStamp !== undefined;
  const reads = await read(tx, job, now, checkStamp && batch.settingsStamp === undefined);
  if (reads.settings_stamp !== null) batch.settingsStamp = reads.settings_stamp;
  if (reads.existing) return { booking: toBooking(reads.existing, reads.demo), overCapacity: false, warnings: [] };
  if (checkStamp && job.settingsStamp !== batch.settingsStamp) throw new SettingsChangedError();
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

  progress.writing = true;
  let row: BookingRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt > 5) throw new Error("Could not draw a free booking reference");
    const reference = newReference();
    // The e-mails are written with the booking, so they are made from it before it has its id (which they do not show).
    const drafted = toBooking({ ...values, id: 0, reference }, reads.demo);
    const link = job.notify ? newManageToken() : null;
    row = await insert(
      tx,
      { ...values, reference },
      {
        manageLinkHash: link?.hash ?? null,
        mails: job.notify && link ? bookingMails(drafted, job.notify, spot, now, link.token) : [],
        ledger: voucher && holdExpiresAt ? reservationEntry(voucher.voucherId, voucher.cover, { reference, holdExpiresAt }, job.now) : null,
      },
      values.created_at,
    );
  }
  if (job.audit) await auditBooking(tx, { at: values.created_at, actor: job.audit.actor, action: "booking.create", before: null, after: row });
  return {
    booking: toBooking(row, reads.demo),
    overCapacity: problem !== null,
    warnings,
    ...(voucher && job.voucher ? { voucher: { voucherId: voucher.voucherId, code: job.voucher.code, cover: voucher.cover } } : {}),
  };
}
