import type SQLite from "better-sqlite3";
import {
  bookingWarnings,
  capacityProblem,
  holdLimitProblem,
  requestDayStart,
  requestLimitProblem,
  VOUCHER_CODE_ALPHABET,
  type Arrival,
  type Booking,
  type BookingPayment,
  type BookingStatus,
  type BookingWarning,
  type BookingType,
  type ClientRefusal,
  type DiningPreference,
  type GardenSpot,
  type HamperType,
  type SlotClaim,
  type TeaType,
} from "@tearoom/domain";
import {
  countRequestsSincePrepared,
  findBookingByPaymentReferencePrepared,
  insertBookingPrepared,
  listSlotOccupancyPrepared,
  liveHoldsByClientPrepared,
  liveHoldsByEmailPrepared,
} from "../db/repositories/bookings.js";
import { settingsMapPrepared } from "../db/repositories/booking-settings.js";
import { isDemoPaymentPrepared } from "../db/repositories/payments.js";
import type { BookingRow } from "../db/schema.js";
import { ConflictError, TooManyRequestsError, WarningsError } from "../errors.js";
import { randomBytesPooled } from "../random-pool.js";
import { bookingConfirmed, bookingRequestReceived, staffNewBooking, type TearoomContacts } from "../mail/messages/bookings.js";
import { insertManageLinkPrepared } from "../db/repositories/manage-links.js";
import { manageUrl } from "../mail/messages/manage.js";
import { enqueueMailPrepared, type OutgoingMail } from "../mail/outbox.js";
import { auditBookingPrepared } from "./booking-audit.js";
import { newManageToken } from "./manage-token.js";
import { claimVoucherPrepared, type VoucherClaim, type VoucherClaimed } from "./tea-voucher-claim.js";

/**
 * The write half of making a booking: the capacity check (the domain's), the row and its e-mails, in one
 * synchronous job on a raw connection inside a write transaction. It runs on the writer thread
 * (workers/writer.ts), so everything it needs arrives as plain data in a
 * `BookingWrite`, checked and priced beforehand by services/bookings.ts.
 */

/**
 * A booking row as the API answers it; `testPayment`: the demo provider took its payment (R22);
 * `payment`: what was paid and refunded (R34), null when unpaid or not looked up.
 */
export function toBooking(row: BookingRow, testPayment: boolean, payment: BookingPayment | null = null): Booking {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type as BookingType,
    status: row.status as BookingStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time: row.time,
    guests: row.guests,
    teaType: row.tea_type as TeaType | null,
    diningPreference: row.dining_preference as DiningPreference | null,
    hamperType: row.hamper_type as HamperType | null,
    dietaryRequirements: row.dietary_requirements,
    gardenSpotId: row.garden_spot_id,
    includeWine: row.include_wine === 1,
    specialRequests: row.special_requests,
    staffNotes: row.staff_notes,
    declineReason: row.decline_reason,
    arrival: row.arrival as Arrival | null,
    amountPence: row.amount_pence,
    paymentReference: row.payment_reference,
    testPayment,
    payment,
    source: row.source as "public" | "admin",
    createdAt: row.created_at,
  };
}

/** A reference a visitor can read out on the phone: TR- and six unambiguous characters. */
export function newReference(): string {
  let out = "TR-";
  for (const byte of randomBytesPooled(6)) out += VOUCHER_CODE_ALPHABET[byte % VOUCHER_CODE_ALPHABET.length];
  return out;
}

/** One booking to store, as plain data (it crosses to the writer thread). */
export interface BookingWrite {
  /** The new row without its id and reference, which the write gives it. */
  row: Omit<BookingRow, "id" | "reference">;
  /** The type's covers per slot under the current settings. */
  perSlot: number;
  /** The garden spot of a Secret Garden booking. */
  spot: GardenSpot | null;
  /** Visitors over capacity are refused (ConflictError); staff bookings go through and report it (R13). */
  refuseOverCapacity: boolean;
  /** The current instant (ISO), for which holds still count. */
  now: string;
  /**
   * Who is told: the visitor's e-mail, and the staff's for a public booking; `calendarMinutes`
   * attaches an ICS to a confirmation (staff bookings, R28). Null: no e-mail.
   */
  notify: { contacts: TearoomContacts; staff: boolean; calendarMinutes?: number } | null;
  /**
   * R29, staff bookings only: the warnings are worked out here, inside the write transaction, from
   * the settings and bookings as they are now; unless `accept`, any warning refuses the write
   * (WarningsError) before anything is stored or queued. Null: visitors, refused as before.
   */
  warn: { accept: boolean } | null;
  /**
   * R23, counted for the row's client_key (and e-mail, for holds): a seat hold, or a booking
   * request (Secret Garden bookings count as requests). Null: not limited (staff, paid bookings).
   * `phone` is the tearoom's, for the refusal.
   */
  clientLimit: { kind: "hold" | "request"; phone: string } | null;
  /** R40: a staff-made booking is recorded in its own transaction. Null: a visitor's booking. */
  audit?: { actor: string } | null;
  /** R36: a seat hold paid partly or wholly by a gift voucher; its part is reserved in this transaction. */
  voucher?: VoucherClaim | null;
  /**
   * The stamp of the settings this booking was checked and priced against (db/pg/settings-stamp.ts).
   * PostgreSQL's write refuses it with a SettingsChangedError when they have changed since
   * (decision 021); SQLite's ignores it, since its one process drops the kept settings as it
   * changes them.
   */
  settingsStamp?: string;
}

/**
 * The settings a booking was checked against changed before it was written (another instance's
 * change, decision 021): nothing was stored, and the booking is checked again with the settings
 * as they are now (services/bookings.ts). A 409 should it ever reach a visitor.
 */
export class SettingsChangedError extends ConflictError {
  constructor() {
    super("The tearoom's booking settings changed while this booking was being made. Please try again.");
  }
}

export interface BookingResult {
  booking: Booking;
  /** True when a staff booking put its slot (or garden spot) over capacity. */
  overCapacity: boolean;
  /** R29: the warnings staff accepted to save this write (empty when there were none). */
  warnings: BookingWarning[];
  /** R36: what the voucher claimed with this hold pays. */
  voucher?: VoucherClaimed;
}

/** R23: why this client may not make another hold or request now, or null. */
function clientRefusal(sqlite: SQLite.Database, row: BookingWrite["row"], limit: NonNullable<BookingWrite["clientLimit"]>, now: Date): ClientRefusal | null {
  if (limit.kind === "request") {
    if (!row.client_key) return null;
    return requestLimitProblem(countRequestsSincePrepared(sqlite, row.client_key, requestDayStart(now).toISOString()), now, limit.phone);
  }
  const nowIso = now.toISOString();
  const byClient = row.client_key ? holdLimitProblem(liveHoldsByClientPrepared(sqlite, row.client_key, nowIso), row.guests, now, limit.phone) : null;
  return byClient ?? holdLimitProblem(liveHoldsByEmailPrepared(sqlite, row.email, nowIso), row.guests, now, limit.phone);
}

const isUniqueViolation = (err: unknown, column: string) =>
  err instanceof Error && (err as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" && err.message.includes(column);

/**
 * Stores one booking: call it inside a write transaction on `sqlite` (db/write-queue.ts), which
 * makes the client's limits (R23), the capacity check and the insert one step no other writer can
 * come between. With a payment reference it is idempotent: the booking already made for that
 * payment is returned (R8).
 */
export function writeBooking(sqlite: SQLite.Database, job: BookingWrite): BookingResult {
  const { row: values, spot } = job;
  if (values.payment_reference) {
    const existing = findBookingByPaymentReferencePrepared(sqlite, values.payment_reference);
    if (existing) return { booking: toBooking(existing, isDemoPaymentPrepared(sqlite, values.payment_reference)), overCapacity: false, warnings: [] };
  }
  const now = new Date(job.now);
  if (job.clientLimit) {
    // 429, as the public write limit answers: the visitor has claimed too much for now, and
    // Retry-After says when trying again can work. 409 stays "this slot is full" for everyone.
    const refusal = clientRefusal(sqlite, values, job.clientLimit, now);
    if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
  }
  const claim: SlotClaim = { type: values.type as BookingType, date: values.date, time: values.time, guests: values.guests };
  const slot = listSlotOccupancyPrepared(sqlite, claim.type, claim.date, claim.time);
  const problem = capacityProblem(slot, job.perSlot, spot, claim, now);
  if (problem && job.refuseOverCapacity) throw new ConflictError(problem);
  // Every warning looks at the booking's own slot only, so the slot's rows are all it needs.
  const warnings = job.warn ? bookingWarnings({ settings: settingsMapPrepared(sqlite), claim, others: slot, spot, now }) : [];
  if (warnings.length > 0 && !job.warn?.accept) throw new WarningsError(warnings);
  let row: BookingRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    try {
      row = insertBookingPrepared(sqlite, { ...values, reference: newReference() });
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, "bookings.reference")) continue;
      throw err;
    }
  }
  if (job.audit) auditBookingPrepared(sqlite, { at: values.created_at, actor: job.audit.actor, action: "booking.create", before: null, after: row });
  const booking = toBooking(row, row.payment_reference !== null && isDemoPaymentPrepared(sqlite, row.payment_reference));
  // R36: refused here, the whole job rolls back to its savepoint: no seats held, nothing reserved.
  const voucher =
    job.voucher && row.hold_expires_at
      ? claimVoucherPrepared(sqlite, job.voucher, { reference: row.reference, guests: row.guests, holdExpiresAt: row.hold_expires_at }, job.now)
      : undefined;
  if (job.notify) {
    // R37: the guest's e-mail carries the link to manage the booking, stored as its hash with the booking.
    const { token, hash } = newManageToken();
    insertManageLinkPrepared(sqlite, hash, row.id, values.created_at);
    for (const mail of bookingMails(booking, job.notify, spot, now, token)) enqueueMailPrepared(sqlite, mail, values.created_at);
  }
  return { booking, overCapacity: problem !== null, warnings, ...(voucher ? { voucher } : {}) };
}

/**
 * The e-mails of a new booking (both databases' writes): the guest's request receipt or
 * confirmation (with the calendar file when asked for, R28) carrying the manage link for
 * `manageToken` (R37), and the staff's notice when `notify.staff`.
 */
export function bookingMails(
  booking: Booking,
  notify: NonNullable<BookingWrite["notify"]>,
  spot: GardenSpot | null,
  now: Date,
  manageToken: string,
): OutgoingMail[] {
  const { contacts, staff, calendarMinutes } = notify;
  const invite = calendarMinutes ? { minutes: calendarMinutes, now } : undefined;
  const link = manageUrl(contacts.origin, manageToken);
  const guest = booking.status === "pending" ? bookingRequestReceived(booking, contacts, link) : bookingConfirmed(booking, contacts, spot?.name, invite, link);
  return staff ? [guest, staffNewBooking(booking, contacts, spot?.name)] : [guest];
}
