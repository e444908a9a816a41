import {
  bookingWarnings,
  capacityProblem,
  holdLimitProblem,
  isTeaCoverProblem,
  requestDayStart,
  requestLimitProblem,
  spendableRemaining,
  teaVoucherCover,
  type BookingType,
  type ClientRefusal,
  type SlotClaim,
} from "@tearoom/domain";
import type { DbOrTx } from "../database.js";
import {
  countRequestsSince,
  findBookingByPaymentReference,
  insertBookingUnlessReferenceTaken,
  liveHolds,
  listSlotOccupancy,
} from "../repositories/bookings.js";
import { listBookingSettings } from "../repositories/booking-settings.js";
import { findGiftVoucherByCode } from "../repositories/gift-vouchers.js";
import { insertManageLink } from "../repositories/manage-links.js";
import { findDemoPaymentIds } from "../repositories/payments.js";
import { insertVoucherLedgerEntry, listVoucherLedger } from "../repositories/voucher-ledger.js";
import type { BookingRow } from "../schema.js";
import { BadRequestError, ConflictError, TooManyRequestsError, WarningsError } from "../../errors.js";
import { bookingConfirmed, bookingRequestReceived, staffNewBooking } from "../../mail/messages/bookings.js";
import { manageUrl } from "../../mail/messages/manage.js";
import { enqueueMail } from "../../mail/outbox.js";
import { auditBooking } from "../../services/booking-audit.js";
import { newReference, toBooking, type BookingResult, type BookingWrite } from "../../services/booking-writes.js";
import { newManageToken } from "../../services/manage-token.js";
import { ONLINE_ACTOR, type VoucherClaim, type VoucherClaimed } from "../../services/tea-voucher-claim.js";
import { toMovement, voucherFace } from "../../services/voucher-ledger-rows.js";

/**
 * PostgreSQL's booking write (decision 021): services/booking-writes.ts `writeBooking` and
 * services/tea-voucher-claim.ts `claimVoucherPrepared`, step for step, through Kysely on a
 * transaction that holds the write lock (db/pg/writer.ts), since pg has no synchronous handle.
 * The rules are the domain's, called the same way: keep the two in step.
 */

const isDemoPayment = async (tx: DbOrTx, id: string) => (await findDemoPaymentIds(tx, [id])).has(id);

async function clientRefusal(tx: DbOrTx, row: BookingWrite["row"], limit: NonNullable<BookingWrite["clientLimit"]>, now: Date): Promise<ClientRefusal | null> {
  if (limit.kind === "request") {
    if (!row.client_key) return null;
    return requestLimitProblem(await countRequestsSince(tx, row.client_key, requestDayStart(now).toISOString()), now, limit.phone);
  }
  const nowIso = now.toISOString();
  const byClient = row.client_key ? holdLimitProblem(await liveHolds(tx, "client", row.client_key, nowIso), row.guests, now, limit.phone) : null;
  return byClient ?? holdLimitProblem(await liveHolds(tx, "email", row.email, nowIso), row.guests, now, limit.phone);
}

async function claimVoucher(
  tx: DbOrTx,
  claim: VoucherClaim,
  booking: { reference: string; guests: number; holdExpiresAt: string },
  nowIso: string,
): Promise<VoucherClaimed> {
  const row = await findGiftVoucherByCode(tx, claim.code);
  const face = row ? voucherFace(row) : null;
  const spendable = row && face ? spendableRemaining(face, (await listVoucherLedger(tx, row.id)).map(toMovement), nowIso) : 0;
  const cover = teaVoucherCover(
    row && face ? { voucherType: face.voucherType, expiryDate: row.expiry_date, spendable } : null,
    { guests: booking.guests, unitPence: claim.unitPence, traditionalPence: claim.traditionalPence },
    claim.today,
  );
  if (isTeaCoverProblem(cover)) throw cover.status === 400 ? new BadRequestError(`voucherCode: ${cover.message}`) : new ConflictError(cover.message);
  await insertVoucherLedgerEntry(tx, {
    voucher_id: row!.id,
    at: nowIso,
    actor: ONLINE_ACTOR,
    kind: "reservation",
    amount_pence: cover.ledgerPence,
    people: cover.people,
    booking_reference: booking.reference,
    note: `Afternoon tea ${booking.reference}, held while paying`,
    override_reason: null,
    expires_at: booking.holdExpiresAt,
  });
  return { voucherId: row!.id, code: claim.code, cover };
}

/** Stores one booking inside `tx` (which holds the write lock); as `writeBooking` does on SQLite. */
export async function writeBookingPg(tx: DbOrTx, job: BookingWrite): Promise<BookingResult> {
  const { row: values, spot } = job;
  if (values.payment_reference) {
    const existing = await findBookingByPaymentReference(tx, values.payment_reference);
    if (existing) return { booking: toBooking(existing, await isDemoPayment(tx, values.payment_reference)), overCapacity: false, warnings: [] };
  }
  const now = new Date(job.now);
  if (job.clientLimit) {
    const refusal = await clientRefusal(tx, values, job.clientLimit, now);
    if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
  }
  const claim: SlotClaim = { type: values.type as BookingType, date: values.date, time: values.time, guests: values.guests };
  const slot = await listSlotOccupancy(tx, claim.type, claim.date, claim.time);
  const problem = capacityProblem(slot, job.perSlot, spot, claim, now);
  if (problem && job.refuseOverCapacity) throw new ConflictError(problem);
  const settings = job.warn ? Object.fromEntries((await listBookingSettings(tx)).map((r) => [r.setting_key, r.setting_value])) : {};
  const warnings = job.warn ? bookingWarnings({ settings, claim, others: slot, spot, now }) : [];
  if (warnings.length > 0 && !job.warn?.accept) throw new WarningsError(warnings);
  let row: BookingRow | undefined;
  // A reference already taken inserts nothing (ON CONFLICT DO NOTHING), and a new one is drawn:
  // an error would abort the whole transaction in pg, not only the statement.
  for (let attempt = 0; !row; attempt++) {
    if (attempt > 5) throw new Error("Could not draw a free booking reference");
    row = await insertBookingUnlessReferenceTaken(tx, { ...values, reference: newReference() });
  }
  if (job.audit) await auditBooking(tx, { at: values.created_at, actor: job.audit.actor, action: "booking.create", before: null, after: row });
  const booking = toBooking(row, row.payment_reference !== null && (await isDemoPayment(tx, row.payment_reference)));
  const voucher =
    job.voucher && row.hold_expires_at
      ? await claimVoucher(tx, job.voucher, { reference: row.reference, guests: row.guests, holdExpiresAt: row.hold_expires_at }, job.now)
      : undefined;
  if (job.notify) {
    const { contacts, staff, calendarMinutes } = job.notify;
    const invite = calendarMinutes ? { minutes: calendarMinutes, now } : undefined;
    const { token, hash } = newManageToken();
    await insertManageLink(tx, hash, row.id, values.created_at);
    const link = manageUrl(contacts.origin, token);
    const mail = booking.status === "pending" ? bookingRequestReceived(booking, contacts, link) : bookingConfirmed(booking, contacts, spot?.name, invite, link);
    await enqueueMail(tx, mail, values.created_at);
    if (staff) await enqueueMail(tx, staffNewBooking(booking, contacts, spot?.name), values.created_at);
  }
  return { booking, overCapacity: problem !== null, warnings, ...(voucher ? { voucher } : {}) };
}
