import {
  addMonths,
  faceValue,
  formatPence,
  londonNow,
  voucherDeliveryDue,
  VoucherDeliverySchema,
  parseSetting,
  VOUCHER_TYPE_LABELS,
  VOUCHER_VALIDITY_MONTHS,
  VoucherPurchaseSchema,
  withDefaults,
  type Booking,
} from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { findGiftVoucherByPaymentReference, insertGiftVoucher } from "../../vouchers/data/gift-vouchers.js";
import { findPayment, HOLD_KINDS, PAYMENT_LINK_KIND, POLICY_DEPOSIT_KIND, TEA_CHANGE_KIND, transitionPayment, updatePayment } from "../data/payments.js";
import { fulfilPaymentLink } from "./payment-links.js";
import { fulfilPolicyHold } from "./policy-holds.js";
import type { PaymentRow } from "../../db/schema.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { afternoonTeaConfirmation, staffPaidBooking, staffVoucherSold, voucherReceipt, paidTea } from "../../mail/messages/payments.js";
import { enqueueMail } from "../../mail/outbox.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { flagForStaff, OPEN, type FulfilmentOutcome, type PaymentStatus } from "./fulfilment-outcome.js";
import { printToken } from "../../vouchers/services/voucher-print-token.js";
import { confirmHeldBooking, releaseHold } from "../../bookings/services/bookings.js";
import { tearoomContacts } from "../../site/services/site.js";
import { mintManageLink } from "../../bookings/services/manage-link.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { fulfilTeaChange } from "../../bookings/services/tea-change.js";
import { ONLINE_ACTOR } from "../../vouchers/services/tea-voucher-claim.js";
import { giveVoucherPartBack, redeemBookingReservations, voucherPaid } from "../../vouchers/services/tea-vouchers.js";
import { freshVoucherCode } from "../../vouchers/services/voucher-code.js";
import { deliverVoucher, soldVoucherOf } from "../../vouchers/services/voucher-mail.js";
import { withTickets } from "../../events/services/ticket-mail.js";

/**
 * Fulfilment of a paid intent (R8): exactly once. The payment's status moves in the same
 * immediate transaction that queues the e-mails (R17), so a repeated, late or out-of-order notice
 * finds the payment already settled and does nothing.
 */

/** What a voucher payment carries until it is paid: the purchase (R10) once the buyer has given it. */
export const VoucherPayloadSchema = z.object({
  voucherType: VoucherPurchaseSchema.shape.voucherType,
  people: z.number().int().nullable(),
  details: VoucherPurchaseSchema.pick({ recipientName: true, recipientEmail: true, senderName: true, senderEmail: true, message: true }).nullable(),
  /** R50: when and to whom it is e-mailed; absent on checkouts started before it existed (at once, to the recipient). */
  delivery: VoucherDeliverySchema.optional(),
});
export type VoucherPayload = z.infer<typeof VoucherPayloadSchema>;

/**
 * The seats of a paid afternoon tea: the bookings service turns the hold into a confirmed
 * booking (idempotent; a lapsed hold only if its seats are still free, R9), then this payment is
 * settled and the e-mails queued, once, gated by the payment's own transition.
 */
async function fulfilTea(ctx: AppContext, payment: PaymentRow): Promise<FulfilmentOutcome> {
  const contacts = await tearoomContacts(ctx);
  let booking: Booking;
  try {
    booking = await confirmHeldBooking(ctx, payment.id);
  } catch (err) {
    if (!(err instanceof ConflictError || err instanceof NotFoundError)) throw err;
    return immediateTransaction(ctx.db, async (tx) => {
      const fresh = await findPayment(tx, payment.id);
      if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
      const held = payment.booking_id === null ? undefined : await findBookingById(tx, payment.booking_id);
      return flagForStaff(ctx, tx, fresh, contacts, `${err.message} Please refund.`, held ? `${held.name} <${held.email}>` : "unknown");
    });
  }
  const settings = await getSettingsMap(ctx);
  const items = await getPricingItemsCached(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const fresh = await findPayment(tx, payment.id);
    if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
    // R36: the voucher part reserved with the hold is used now, with the payment; if it went
    // elsewhere after the hold lapsed, the card alone did not pay for the tea: staff refund it.
    const shortfall = await redeemBookingReservations(tx, booking.reference, now, contacts);
    if (shortfall) {
      await updateBooking(tx, booking.id, { status: "cancelled", updated_at: now.toISOString() });
      return flagForStaff(ctx, tx, fresh, contacts, `${shortfall} Please refund.`, `${booking.name} <${booking.email}>`);
    }
    if (!(await transitionPayment(tx, payment.id, OPEN, "succeeded", now.toISOString()))) return { kind: "already-settled" } as const;
    const voucher = await voucherPaid(tx, booking.reference, items, booking.teaType);
    const paid = await withTickets(
      tx,
      booking,
      paidTea(booking, { amountPence: payment.amount_pence, paymentReference: payment.id, testPayment: payment.provider === "demo" }, voucher),
    );
    const tableMinutes = parseSetting(withDefaults(settings), "afternoon_tea_minutes");
    await enqueueMail(tx, afternoonTeaConfirmation(paid, contacts, tableMinutes, now, await mintManageLink(ctx, tx, booking.id)));
    await enqueueMail(tx, staffPaidBooking(paid, contacts.email));
    ctx.logger.info({ event: "tea-paid", paymentId: payment.id, bookingId: booking.id }, "afternoon tea confirmed");
    return { kind: "fulfilled", bookingId: booking.id };
  });
}

/** A paid voucher becomes a gift voucher, mailed to recipient and buyer (R10). */
async function fulfilVoucher(ctx: AppContext, tx: DbOrTx, payment: PaymentRow, contacts: TearoomContacts): Promise<FulfilmentOutcome> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const existing = await findGiftVoucherByPaymentReference(tx, payment.id);
  if (existing) {
    await updatePayment(tx, payment.id, { status: "succeeded", voucher_id: existing.id, failure_message: null, updated_at: nowIso });
    return { kind: "fulfilled", voucherId: existing.id };
  }
  const parsed = VoucherPayloadSchema.safeParse(JSON.parse(payment.payload_json));
  if (!parsed.success || !parsed.data.details) {
    return flagForStaff(ctx, tx, payment, contacts, "The voucher was paid before the recipient's details were given.", "unknown");
  }
  const { voucherType, people, details } = parsed.data;
  const delivery = parsed.data.delivery ?? { sendTo: "recipient" as const, deliverOn: undefined };
  const voucher = await insertGiftVoucher(tx, {
    voucher_type: voucherType,
    voucher_code: await freshVoucherCode(tx),
    price_text: formatPence(payment.amount_pence),
    price_pence: payment.amount_pence,
    people: voucherType === "monetary" ? null : people,
    recipient_name: details.recipientName,
    recipient_email: details.recipientEmail,
    sender_name: details.senderName,
    sender_email: details.senderEmail,
    message: details.message,
    is_redeemed: 0,
    remaining: faceValue({ voucherType, pricePence: payment.amount_pence, people }),
    print_token: printToken(),
    payment_reference: payment.id,
    created_at: nowIso,
    expiry_date: addMonths(londonNow(now).date, VOUCHER_VALIDITY_MONTHS),
    source: "website",
    deliver_on: delivery.deliverOn ?? null,
    send_to: delivery.sendTo,
    delivered_at: null,
  });
  await updatePayment(tx, payment.id, { status: "succeeded", voucher_id: voucher.id, failure_message: null, updated_at: nowIso });
  const sold = soldVoucherOf(voucher, payment.provider === "demo");
  // R50: a chosen day waits for the sweep at 08:00 London; otherwise (or once that time has come) now.
  const sentNow = voucherDeliveryDue(voucher.deliver_on, now) && (await deliverVoucher(tx, voucher, contacts, now));
  await enqueueMail(tx, voucherReceipt(sold, payment.id, contacts, { sendTo: delivery.sendTo, deliverOn: sentNow ? null : voucher.deliver_on }));
  await enqueueMail(tx, staffVoucherSold(sold, contacts.email, payment.id));
  ctx.logger.info({ event: "voucher-sold", paymentId: payment.id, voucherId: voucher.id, type: VOUCHER_TYPE_LABELS[voucherType] }, "gift voucher issued");
  return { kind: "fulfilled", voucherId: voucher.id };
}

/**
 * Settles a payment the provider reports as succeeded with `amountPence` in `currency`, once per
 * payment whatever order or how often the notices come: every settling write checks and moves
 * the payment's status inside one BEGIN IMMEDIATE transaction with the e-mails it queues.
 */
export async function fulfilPayment(ctx: AppContext, paymentId: string, paid: { amountPence: number; currency: string }): Promise<FulfilmentOutcome> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment || !OPEN.includes(payment.status as PaymentStatus)) return { kind: "already-settled" };
  if (paid.amountPence !== payment.amount_pence || paid.currency !== payment.currency) {
    // The provider took a different sum than we asked for: never fulfil on it (R3).
    const contacts = await tearoomContacts(ctx);
    return immediateTransaction(ctx.db, async (tx) => {
      const fresh = await findPayment(tx, paymentId);
      if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
      return flagForStaff(
        ctx,
        tx,
        fresh,
        contacts,
        `The provider reports ${formatPence(paid.amountPence)} ${paid.currency.toUpperCase()}, not ${formatPence(payment.amount_pence)}.`,
        "unknown",
      );
    });
  }
  if (payment.kind === "afternoon-tea") return fulfilTea(ctx, payment);
  if (payment.kind === TEA_CHANGE_KIND) return fulfilTeaChange(ctx, payment);
  if (payment.kind === PAYMENT_LINK_KIND) return fulfilPaymentLink(ctx, payment);
  if (payment.kind === POLICY_DEPOSIT_KIND) return fulfilPolicyHold(ctx, payment, null);
  const contacts = await tearoomContacts(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const fresh = await findPayment(tx, paymentId);
    if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
    return fulfilVoucher(ctx, tx, fresh, contacts);
  });
}

/**
 * An afternoon-tea payment that will not be paid (declined, cancelled, or its hold lapsed): its
 * hold is released, freeing the seats (R9), and the payment marked failed. Vouchers keep their
 * intent open so the buyer can try another card.
 */
export async function failTeaPayment(ctx: AppContext, paymentId: string, message: string | null): Promise<boolean> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment || !HOLD_KINDS.includes(payment.kind) || payment.status !== "pending") return false;
  const released = await releaseHold(ctx, paymentId);
  // R36: a voucher part reserved with the hold is free again at once, not only when the hold's time is up.
  if (released?.status === "cancelled")
    await immediateTransaction(ctx.db, (tx) => giveVoucherPartBack(tx, released.reference, ONLINE_ACTOR, "(not paid)", ctx.now()));
  const moved = await transitionPayment(ctx.db, paymentId, ["pending"], "failed", ctx.now().toISOString(), message);
  if (moved) ctx.logger.info({ event: "tea-hold-released", paymentId }, "seat hold released");
  return moved;
}

/** Records the provider's message on a voucher payment that is still open. */
export async function noteVoucherFailure(ctx: AppContext, paymentId: string, message: string | null): Promise<void> {
  const payment = await findPayment(ctx.db, paymentId);
  if (payment?.kind === "voucher" && payment.status === "pending") {
    await updatePayment(ctx.db, paymentId, { failure_message: message, updated_at: ctx.now().toISOString() });
  }
}
