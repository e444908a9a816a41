import {
  bookingWarnings,
  closureStays,
  fromMinutes,
  holdLimitProblem,
  toMinutes,
  placeStay,
  requestDayStart,
  requestLimitProblem,
  inFillOrder,
  ticketProblem,
  type Booking,
  type BookingType,
  type ClientRefusal,
  type GardenSpot,
  type StayClaim,
  type Area,
} from "@tearoom/domain";
import type { AreaRow } from "../../db/schema.js";
import { toArea } from "../data/areas.js";
import { toBooking } from "../data/booking-row.js";
import type { BookingWriteKeys, BookingWritePlan, BookingWriteReads } from "../data/booking-write.js";
import { BadRequestError, ConflictError, TooManyRequestsError, WarningsError } from "../../errors.js";
import { bookingConfirmed, bookingRequestReceived, staffNewBooking } from "../../mail/messages/bookings.js";
import { manageUrl } from "../../mail/messages/manage.js";
import { hasAddress, outboxRow, type OutgoingMail } from "../../mail/outbox.js";
import { bookingAuditRow } from "./booking-audit.js";
import { SettingsChangedError, type BookingResult, type BookingWrite } from "./booking-write.js";
import { coverOfClaim, reservationEntry } from "../../vouchers/services/tea-voucher-claim.js";

/**
 * The rules of storing one booking, whichever the database: the payment's booking already made
 * (R8), the settings it was checked against (decision 021), the client's limits (R23), the room
 * (R44: the domain's `placeStay` chooses its area), staff warnings (R29), the voucher part (R36), the manage link (R37), its
 * e-mails and its audit record (R40). One pure function over what the store read inside the
 * write transaction; SQLite's writer (bookings/services/booking-writes.ts) and PostgreSQL's
 * (workers/pg-writer.ts) only read what it needs (`bookingWriteKeys`) and store what it decided.
 */

/** What the store reads for `job`'s rules. */
export function bookingWriteKeys(job: BookingWrite): BookingWriteKeys {
  const { row, clientLimit, voucher } = job;
  return {
    type: row.type,
    date: row.date,
    time: row.time,
    clientKey: row.client_key,
    email: row.email,
    paymentReference: row.payment_reference,
    voucherCode: voucher?.code ?? null,
    hold: clientLimit?.kind === "hold",
    request: clientLimit?.kind === "request",
    settings: job.warn !== null,
    stamp: job.settingsStamp !== undefined,
    now: job.now,
    since: requestDayStart(new Date(job.now)).toISOString(),
    stays: staysWindow(job),
    sittingId: row.sitting_id,
  };
}

/**
 * The part of the day whose stays can share a step with `job`'s: from its start less the longest
 * stay of a type (a stay starting earlier has left), to its end.
 */
function staysWindow({ row, timing }: BookingWrite): { from: string; to: string } {
  const start = toMinutes(row.time);
  const longest = Math.max(...Object.values(timing.minutes));
  return { from: fromMinutes(Math.max(0, start - longest)), to: fromMinutes(start + (row.stay_minutes ?? timing.minutes[row.type as BookingType])) };
}

// The same rows (SQLite's writer keeps them between changes) give the same areas, sorted once.
const sortedAreas = new WeakMap<readonly AreaRow[], readonly Area[]>();
function areasIn(rows: readonly AreaRow[]): readonly Area[] {
  let areas = sortedAreas.get(rows);
  if (!areas) sortedAreas.set(rows, (areas = inFillOrder(rows.map(toArea))));
  return areas;
}

/** The random draws a new booking takes: its reference and its manage link (token and stored hash). */
export interface BookingDraws {
  reference: string;
  manageLink: { token: string; hash: string };
}

/**
 * What the rules decided: the answer already there (the payment's booking), or what to store and,
 * once stored, what to answer besides the booking. Refusals are thrown, before anything is stored.
 */
export type BookingWriteDecision =
  { kind: "answered"; result: BookingResult } | { kind: "store"; plan: BookingWritePlan; result: Omit<BookingResult, "booking"> };

/** R23: why this client may not make another hold or request now, or null. */
function clientRefusal(job: BookingWrite, reads: BookingWriteReads, now: Date): ClientRefusal | null {
  const { kind, phone } = job.clientLimit!;
  if (kind === "request") return reads.requests === null ? null : requestLimitProblem(reads.requests, now, phone);
  const byClient = reads.holdsByClient ? holdLimitProblem(reads.holdsByClient, job.row.guests, now, phone) : null;
  return byClient ?? holdLimitProblem(reads.holdsByEmail!, job.row.guests, now, phone);
}

export function decideBookingWrite(job: BookingWrite, reads: BookingWriteReads, draws: BookingDraws): BookingWriteDecision {
  const { row: values, spot } = job;
  const now = new Date(job.now);
  if (reads.existing) return { kind: "answered", result: { booking: toBooking(reads.existing, reads.demo), overCapacity: false, warnings: [] } };
  if (job.settingsStamp !== undefined && reads.settingsStamp !== null && job.settingsStamp !== reads.settingsStamp) throw new SettingsChangedError();
  if (job.clientLimit) {
    // 429, as the public write limit answers: the visitor has claimed too much for now, and
    // Retry-After says when trying again can work. 409 stays "this slot is full" for everyone.
    const refusal = clientRefusal(job, reads, now);
    if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
  }
  // R53: a ticket order counts against its sitting's tickets, which already hold their seats in
  // the room (dayAreaClosuresQuery), so the room itself is not asked again.
  if (values.type === "event") return decideTickets(job, reads, draws, now);
  const claim: StayClaim = {
    type: values.type as BookingType,
    date: values.date,
    time: values.time,
    guests: values.guests,
    minutes: values.stay_minutes,
    gardenSpotId: values.garden_spot_id,
    areaId: job.areaId ?? null,
    paced: !job.walkIn,
  };
  const room = { areas: areasIn(reads.areas), ...job.timing };
  // R45: a closed part of an area is every seat of it, for its window.
  const day = reads.closures.length ? [...reads.day, ...closureStays(reads.closures)] : reads.day;
  const placed = placeStay(room, day, claim, now);
  const problem = placed.problem;
  if (problem && job.refuseOverCapacity) throw new ConflictError(problem);
  const all = job.warn ? bookingWarnings({ settings: reads.settings ?? {}, claim, others: day, spot, room, now }) : [];
  // A party at the door is seated whatever the booking times: only the room's seats can refuse it.
  const warnings = job.walkIn ? all.filter((w) => w.code === "over-capacity") : all;
  if (warnings.length > 0 && !job.warn?.accept) throw new WarningsError(warnings);
  const holdExpiresAt = values.hold_expires_at;
  // R36: refused here (400/409), the hold is refused whole: no seats held, nothing reserved.
  const voucher = job.voucher && holdExpiresAt ? coverOfClaim(reads.voucher ?? undefined, reads.ledger, job.voucher, values.guests, job.now) : null;

  const { reference, manageLink } = draws;
  // The e-mails and the audit record go in with the booking, so they are made from it before it
  // has its id, which neither shows.
  const draft = { ...values, id: 0, reference, area_id: placed.areaId };
  return {
    kind: "store",
    plan: {
      row: { ...values, reference, area_id: placed.areaId },
      // R37: the guest's e-mail carries the link to manage the booking, stored as its hash.
      manageLinkHash: job.notify ? manageLink.hash : null,
      mails: job.notify
        ? bookingMails(toBooking(draft, reads.demo), job.notify, spot, now, manageLink.token)
            .filter(hasAddress)
            .map((m) => outboxRow(m, values.created_at))
        : [],
      ledger: voucher && holdExpiresAt ? reservationEntry(voucher.voucherId, voucher.cover, { reference, holdExpiresAt }, job.now) : null,
      audit: job.audit ? bookingAuditRow({ at: values.created_at, actor: job.audit.actor, action: "booking.create", before: null, after: draft }) : null,
    },
    result: {
      overCapacity: problem !== null,
      warnings,
      ...(voucher && job.voucher ? { voucher: { voucherId: voucher.voucherId, code: job.voucher.code, cover: voucher.cover } } : {}),
    },
  };
}

/** R53: a ticket order: the sitting's tickets left, its per-order limit and its sales cut-off, then as any hold. */
function decideTickets(job: BookingWrite, reads: BookingWriteReads, draws: BookingDraws, now: Date): BookingWriteDecision {
  const { row: values } = job;
  if (!reads.sitting) throw new ConflictError("This sitting is no longer on sale.");
  const problem = ticketProblem(reads.sitting, reads.sitting.sold, values.guests, now);
  if (problem) throw problem.status === 400 ? new BadRequestError(problem.message) : new ConflictError(problem.message);
  const holdExpiresAt = values.hold_expires_at;
  const voucher = job.voucher && holdExpiresAt ? coverOfClaim(reads.voucher ?? undefined, reads.ledger, job.voucher, values.guests, job.now) : null;
  const { reference, manageLink } = draws;
  const draft = { ...values, id: 0, reference };
  return {
    kind: "store",
    plan: {
      row: { ...values, reference },
      manageLinkHash: job.notify ? manageLink.hash : null,
      mails: job.notify
        ? bookingMails(toBooking(draft, reads.demo), job.notify, null, now, manageLink.token)
            .filter(hasAddress)
            .map((m) => outboxRow(m, values.created_at))
        : [],
      ledger: voucher && holdExpiresAt ? reservationEntry(voucher.voucherId, voucher.cover, { reference, holdExpiresAt }, job.now) : null,
      audit: null,
    },
    result: {
      overCapacity: false,
      warnings: [],
      ...(voucher && job.voucher ? { voucher: { voucherId: voucher.voucherId, code: job.voucher.code, cover: voucher.cover } } : {}),
    },
  };
}

/**
 * The e-mails of a new booking: the guest's request receipt or confirmation (with the calendar
 * file when asked for, R28) carrying the manage link for `manageToken` (R37), and the staff's
 * notice when `notify.staff`.
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
