import type { Booking, BookingCancelOptionsSchema, BookingDecline } from "@tearoom/domain";
import { seatsFreed } from "./seats-freed.js";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, raiseCalendarSequence, updateBooking } from "../data/bookings.js";
import type { BookingRow } from "../../db/schema.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import { bookingCancelled, bookingConfirmed, bookingDeclined } from "../../mail/messages/bookings.js";
import { enqueueMail } from "../../mail/outbox.js";
import type { Actor } from "../../staff/services/audit.js";
import { auditBooking } from "./booking-audit.js";
import { toOneBooking } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import { guestMailing, settingsIn } from "./guest-mail.js";
import { mintManageLink } from "./manage-link.js";
import { bookingVouchers } from "../../vouchers/services/booking-vouchers.js";
import { giveVoucherPartBack, keepVoucherPartUsed } from "../../vouchers/services/tea-vouchers.js";
import { voucherGivenBack } from "../../vouchers/services/booking-vouchers.js";
import { policyTerms } from "./booking-policies.js";

/**
 * R28: staff move a booking along its lifecycle. Each change reads the booking, checks its status
 * and writes it with the guest's e-mail in one BEGIN IMMEDIATE, so two staff pressing at once
 * cannot both confirm (or confirm and decline) the same request.
 */

/** What the guest's e-mail needs, read before the transaction: inside it, the one connection is the transaction's. */
async function mailing(ctx: AppContext) {
  const [guest, spots] = await Promise.all([guestMailing(ctx), listSpots(ctx)]);
  const spotName = (row: BookingRow) => (row.garden_spot_id ? spots.find((s) => s.id === row.garden_spot_id)?.name : undefined);
  return { ...guest, spotName };
}

function pendingOnly(row: BookingRow | undefined, id: number, action: string): BookingRow {
  if (!row) throw new NotFoundError(`Booking ${id} not found`);
  if (row.status !== "pending") throw new ConflictError(`Booking ${row.reference} is ${row.status}: only a pending request can be ${action}.`);
  return row;
}

/** Confirms a pending request and e-mails the guest the confirmation with its ICS; 409 unless pending. Its seats were already counted. */
export async function confirmRequest(ctx: AppContext, id: number, actor?: Actor): Promise<Booking> {
  const now = ctx.now();
  const guest = await mailing(ctx);
  const terms = await policyTerms(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const row = pendingOnly(await findBookingById(tx, id), id, "confirmed");
    const updated = (await updateBooking(tx, id, { status: "confirmed", updated_at: now.toISOString() }))!;
    if (actor) await auditBooking(tx, { at: now.toISOString(), actor, action: "booking.confirm", before: row, after: updated });
    const booking = await toOneBooking(tx, updated);
    const invite = { ...guest.invite(await settingsIn(tx), now, booking.type), sequence: row.calendar_sequence };
    await enqueueMail(tx, terms(booking, bookingConfirmed(booking, guest.contacts, guest.spotName(row), invite, await mintManageLink(ctx, tx, id))));
    return booking;
  });
}

/** Declines a pending request with the reason the guest is e-mailed; its seats are freed (RELEASED_STATUSES). 409 unless pending. */
export async function declineRequest(ctx: AppContext, id: number, { reason }: BookingDecline, actor?: Actor): Promise<Booking> {
  const now = ctx.now();
  const guest = await guestMailing(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const row = pendingOnly(await findBookingById(tx, id), id, "declined");
    const updated = (await updateBooking(tx, id, { status: "declined", decline_reason: reason, updated_at: now.toISOString() }))!;
    if (actor) await auditBooking(tx, { at: now.toISOString(), actor, action: "booking.decline", before: row, after: updated });
    const booking = await toOneBooking(tx, updated);
    await enqueueMail(tx, bookingDeclined(booking, guest.contacts, reason));
    return booking;
  });
}

/** How a cancellation is told, as BookingCancelOptionsSchema parsed it (notifyGuest defaults to true). */
export type ParsedCancelOptions = z.output<typeof BookingCancelOptionsSchema>;

/**
 * R14: cancelling keeps the record with status `cancelled`; cancelling twice is harmless. A
 * declined request is not a booking to cancel (409). R28: the guest of a request or confirmed
 * booking is e-mailed unless `notifyGuest` is false; a seat hold (paying) has nothing to tell.
 * R36: a gift voucher's part of the booking is given back, as `actor`, unless staff chose to keep
 * it used (`restoreVoucher: false`); the audit event records which.
 */
export async function cancelBooking(
  ctx: AppContext,
  id: number,
  { notifyGuest }: ParsedCancelOptions,
  actor?: Actor,
  { restoreVoucher = true, cardRefundPence = 0 }: { restoreVoucher?: boolean; cardRefundPence?: number } = {},
): Promise<Booking> {
  const now = ctx.now();
  const guest = await mailing(ctx);
  const cancelled = await immediateTransaction(ctx.db, async (tx) => {
    const row = await findBookingById(tx, id);
    if (!row) throw new NotFoundError(`Booking ${id} not found`);
    if (row.status === "cancelled") return toOneBooking(tx, row);
    if (row.status === "declined") throw new ConflictError(`Booking ${row.reference} was declined; there is nothing to cancel.`);
    const updated = (await updateBooking(tx, id, { status: "cancelled", updated_at: now.toISOString() }))!;
    // R36: what a gift voucher paid goes back to the voucher unless staff keep it used (a hold's reservation ends now either way).
    const voucherPart = (await bookingVouchers(tx, [row])).get(row.id);
    if (restoreVoucher) await giveVoucherPartBack(tx, row.reference, actor ?? "staff", "cancelled", now);
    else await keepVoucherPartUsed(tx, row.reference, now);
    const choices = voucherPart ? { voucher: voucherPart.code, voucherGivenBack: voucherPart.givenBack || restoreVoucher } : undefined;
    if (actor) await auditBooking(tx, { at: now.toISOString(), actor, action: "booking.cancel", before: row, after: updated, choices });
    const booking = await toOneBooking(tx, updated);
    if (notifyGuest && (row.status === "pending" || row.status === "confirmed")) {
      // R51: the cancelling calendar entry outranks every file sent before it.
      const invite = { ...guest.invite(await settingsIn(tx), now, booking.type), sequence: await raiseCalendarSequence(tx, id) };
      // R51: the one e-mail says where each part of the money goes: the card refund made just before, the voucher part given back.
      const money = { cardPence: cardRefundPence, testPayment: booking.testPayment, voucher: restoreVoucher ? await voucherGivenBack(tx, updated) : null };
      await enqueueMail(tx, bookingCancelled(booking, guest.contacts, guest.spotName(row), { invite, wasConfirmed: row.status === "confirmed" }, money));
    }
    return booking;
  });
  seatsFreed(ctx);
  return cancelled;
}
