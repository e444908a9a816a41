import { randomUUID } from "node:crypto";
import {
  allocateRefund,
  formatPence,
  paymentStatus,
  refundablePence,
  type Booking,
  type BookingType,
  type CancelBookingRequest,
  type RefundRequest,
  type RefundAnswer,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { findBookingById } from "../../bookings/data/bookings.js";
import { findPaidPaymentsOfBookings, findPayment, PAID_STATUSES } from "../data/payments.js";
import { deletePendingRefund, findRefundByKey, findRefundByProviderId, insertRefund, settleRefund, sumRefunds } from "../data/refunds.js";
import type { BookingRow, PaymentRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError, ProviderFailedError } from "../../errors.js";
import { refundToGuest } from "../../mail/messages/refunds.js";
import { enqueueMail } from "../../mail/outbox.js";
import { ProviderError, type ProviderRefund } from "../providers/provider.js";
import { cancelBooking, type ParsedCancelOptions } from "../../bookings/services/booking-lifecycle.js";
import { getBooking } from "../../bookings/services/booking-view.js";
import { afterPaymentChange, paymentProvider } from "./payment-provider.js";
import { tearoomContacts } from "../../site/services/site.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { recordAudit } from "../../staff/services/audit.js";
import { giveVoucherPartBack } from "../../vouchers/services/tea-vouchers.js";

/**
 * R34: refunds of a booking's payment, through the provider. The amount is reserved first (a
 * `pending` refund written inside BEGIN IMMEDIATE, checked against what was paid less what is
 * refunded or being refunded), so two staff refunding at once can never return more than was
 * paid; only then is the provider asked, with the refund's own idempotency key. A provider
 * failure deletes the reservation: nothing stays recorded. The guest's e-mail is queued in the
 * transaction that records the refund as made, whichever path (our call or the `charge.refunded`
 * webhook) gets there first, so it goes once.
 */

/** A refund to make: a parsed `RefundRequest` (pence, omitted: everything still refundable; the reason), and who makes it. */
export interface RefundInput extends RefundRequest {
  /** Who refunds: the staff member's username (kept on the refund, and for the audit trail). */
  actor: string;
  /**
   * R36: false keeps a gift voucher's part used even when this refund empties the card part. The
   * choice travels in the refund's provider metadata, so the webhook reconciling it honours it too.
   */
  restoreVoucher?: boolean | undefined;
  /**
   * R51: false when the refund comes with a cancel whose one e-mail says where each part goes; no
   * refund e-mail of its own then. Travels in the provider metadata, so the webhook honours it too.
   */
  mailGuest?: boolean | undefined;
}

/** Provider metadata marking a refund whose booking keeps its gift voucher part used (R36). */
const KEEP_VOUCHER = "keep_voucher";
/** Provider metadata marking a refund the cancel e-mail tells the guest of (R51). */
const TOLD_BY_CANCEL = "told_by_cancel";

/** Who a refund made outside the app is recorded as. */
export const DASHBOARD_ACTOR = "Stripe dashboard";
const DASHBOARD_REASON = "Refunded in Stripe's dashboard";
const MADE = ["succeeded"] as const;
const MADE_OR_UNDER_WAY = ["succeeded", "pending"] as const;

/** The booking's payments that took money, oldest first (the tea's, then any for added guests, R37). */
async function paidPaymentsOf(db: DbOrTx, booking: BookingRow): Promise<PaymentRow[]> {
  const payments = (await findPaidPaymentsOfBookings(db, [booking])).get(booking.id) ?? [];
  if (payments.length === 0) throw new ConflictError(`Booking ${booking.reference} has not been paid, so there is nothing to refund.`);
  return payments;
}

type Totals = { paidPence: number; refundedPence: number };

/** What a booking's paid `payments` took and what has been refunded of them (made refunds only). */
async function refundTotals(db: DbOrTx, payments: readonly PaymentRow[]): Promise<Totals> {
  let refundedPence = 0;
  for (const p of payments) refundedPence += await sumRefunds(db, p.id, MADE);
  return { paidPence: payments.reduce((sum, p) => sum + p.amount_pence, 0), refundedPence };
}

/**
 * In the transaction that records a refund of `amountPence` as made: the guest's e-mail (R34)
 * and, with `restoreVoucher`, R36's voucher part back once the whole card part is refunded (a
 * partial refund is a gesture on the money, and leaves the voucher as it is; giving back is
 * idempotent).
 */
async function refundRecorded(
  ctx: AppContext,
  tx: DbOrTx,
  refunded: {
    contacts: TearoomContacts;
    booking: BookingRow;
    payments: readonly PaymentRow[];
    amountPence: number;
    actor: string;
    restoreVoucher: boolean;
    mailGuest?: boolean;
  },
): Promise<void> {
  const { contacts, booking, payments, amountPence, actor, restoreVoucher, mailGuest = true } = refunded;
  const totals = await refundTotals(tx, payments);
  if (mailGuest) await queueRefundMail(contacts, tx, booking, payments, totals, amountPence);
  if (restoreVoucher && totals.refundedPence >= totals.paidPence) await giveVoucherPartBack(tx, booking.reference, actor, "refunded in full", ctx.now());
}

/**
 * Queues the guest's e-mail about one refund (R34), unless their details have been erased (R39).
 * `contacts` are read before the transaction: inside it, the one connection is the transaction's,
 * so reading the settings afresh there (after a settings change emptied the cache) would wait forever.
 */
async function queueRefundMail(
  contacts: TearoomContacts,
  tx: DbOrTx,
  booking: BookingRow,
  payments: readonly PaymentRow[],
  { paidPence, refundedPence }: Totals,
  amountPence: number,
): Promise<void> {
  if (booking.erased_at) return;
  await enqueueMail(
    tx,
    refundToGuest(
      {
        reference: booking.reference,
        type: booking.type as BookingType,
        name: booking.name,
        email: booking.email,
        date: booking.date,
        time: booking.time,
        amountPence,
        paidPence,
        refundedPence,
        paymentReference: payments[0]?.id ?? "",
        testPayment: payments[0]?.provider === "demo",
      },
      contacts,
    ),
  );
}

/**
 * Refunds all or part of a booking's payment (R34): POST /api/bookings/{id}/refunds, the admin's
 * `bookings.refund`, and the cancel flow's refund choice. 404 for an unknown booking, 409 for an
 * unpaid or fully refunded one, 400 for more than is left, 502 when the provider fails.
 */
export async function refundBooking(ctx: AppContext, bookingId: number, input: RefundInput): Promise<RefundAnswer> {
  const { amountPence: asked, reason } = input;
  const restoreVoucher = input.restoreVoucher ?? true;
  const mailGuest = input.mailGuest ?? true;

  const booking = await findBookingById(ctx.db, bookingId);
  if (!booking) throw new NotFoundError(`Booking ${bookingId} not found`);
  const payments = await paidPaymentsOf(ctx.db, booking);

  const parts = await immediateTransaction(ctx.db, async (tx) => {
    const refundable: number[] = [];
    for (const p of payments) refundable.push(refundablePence(p.amount_pence, await sumRefunds(tx, p.id, MADE_OR_UNDER_WAY)));
    const left = refundable.reduce((sum, pence) => sum + pence, 0);
    if (left === 0) throw new ConflictError(`Booking ${booking.reference}'s payment has already been refunded in full.`);
    const amountPence = asked ?? left;
    if (amountPence > left)
      throw new BadRequestError(
        `amountPence: ${formatPence(amountPence)} is more than the ${formatPence(left)} that can still be refunded on booking ${booking.reference}.`,
      );
    const nowIso = ctx.now().toISOString();
    const reserved: { id: number; paymentId: string; amountPence: number; key: string }[] = [];
    const split = allocateRefund(amountPence, refundable);
    for (const [i, p] of payments.entries()) {
      if (split[i] === 0) continue;
      const key = `refund-${randomUUID()}`;
      const id = await insertRefund(tx, {
        booking_id: booking.id,
        payment_id: p.id,
        amount_pence: split[i]!,
        reason,
        actor: input.actor,
        status: "pending",
        idempotency_key: key,
        provider_refund_id: null,
        created_at: nowIso,
        settled_at: null,
      });
      reserved.push({ id, paymentId: p.id, amountPence: split[i]!, key });
    }
    return reserved;
  });

  // One provider refund per payment; after a refusal the parts not yet asked for are let go too.
  const made: { part: (typeof parts)[number]; refund: ProviderRefund }[] = [];
  let failure: string | null = null;
  for (const part of parts) {
    if (failure !== null) {
      await deletePendingRefund(ctx.db, part.id);
      continue;
    }
    try {
      const refund = await paymentProvider(ctx).refund({
        intentId: part.paymentId,
        amountPence: part.amountPence,
        idempotencyKey: part.key,
        metadata: {
          refund_key: part.key,
          booking: booking.reference,
          ...(restoreVoucher ? {} : { [KEEP_VOUCHER]: "true" }),
          ...(mailGuest ? {} : { [TOLD_BY_CANCEL]: "true" }),
        },
      });
      if (refund.status === "failed" || refund.status === "canceled")
        throw new ProviderError(`the refund ${refund.status === "failed" ? "failed" : "was cancelled"}`);
      made.push({ part, refund });
    } catch (err) {
      await deletePendingRefund(ctx.db, part.id);
      ctx.logger.error(
        { event: "refund-failed", paymentId: part.paymentId, err: err instanceof Error ? err.message : String(err) },
        "payment provider refused a refund",
      );
      failure = err instanceof ProviderError ? err.message : "it could not be reached";
    }
  }
  const madePence = made.reduce((sum, m) => sum + m.part.amountPence, 0);
  if (made.length === 0) throw new ProviderFailedError(`The payment provider did not make the refund (${failure}). Nothing was refunded; please try again.`);

  const contacts = await tearoomContacts(ctx);
  await immediateTransaction(ctx.db, async (tx) => {
    // The webhook may have recorded a part already (matched by its key); then its e-mail is queued.
    let settledPence = 0;
    for (const { part, refund } of made) if (await settleRefund(tx, part.id, refund.id, ctx.now().toISOString())) settledPence += part.amountPence;
    if (settledPence > 0)
      await refundRecorded(ctx, tx, { contacts, booking, payments, amountPence: settledPence, actor: input.actor, restoreVoucher, mailGuest });
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor: input.actor,
      action: "booking.refund",
      subject: `Booking ${booking.reference}`,
      before: null,
      after: { amountPence: madePence, reason },
    });
  });
  afterPaymentChange(ctx);
  ctx.logger.info({ event: "refund", bookingId: booking.id, amountPence: madePence, actor: input.actor }, "refund made");
  const totals = await refundTotals(ctx.db, payments);
  if (failure !== null) {
    const rest = parts.reduce((sum, p) => sum + p.amountPence, 0) - madePence;
    throw new ProviderFailedError(
      `The payment provider refunded ${formatPence(madePence)} but not the other ${formatPence(rest)} (${failure}). Please try again for the rest.`,
    );
  }
  return { amountPence: madePence, refundedPence: totals.refundedPence, status: paymentStatus(totals.paidPence, totals.refundedPence) };
}

/**
 * R34: brings our refunds in line with the provider's for one paid intent (the `charge.refunded`
 * webhook). A refund made in Stripe's dashboard is recorded once, whatever how often the event
 * arrives (the provider's refund id is unique); one we asked for is matched by its key.
 */
export async function reconcileRefunds(ctx: AppContext, intentId: string): Promise<number> {
  const payment = await findPayment(ctx.db, intentId);
  if (!payment || !PAID_STATUSES.includes(payment.status)) return 0;
  const booking = payment.booking_id === null ? undefined : await findBookingById(ctx.db, payment.booking_id);
  if (!booking) {
    ctx.logger.warn({ event: "refund-unmatched", paymentId: intentId }, "a refund of a payment with no booking (a voucher) is not recorded here");
    return 0;
  }
  const made = (await paymentProvider(ctx).listRefunds(intentId)).filter((r) => r.status === "succeeded" || r.status === "pending");
  const contacts = await tearoomContacts(ctx);
  let recorded = 0;
  for (const refund of made) {
    const added = await immediateTransaction(ctx.db, async (tx) => {
      if (await findRefundByProviderId(tx, refund.id)) return false;
      const payments = (await findPaidPaymentsOfBookings(tx, [booking])).get(booking.id) ?? [];
      const nowIso = ctx.now().toISOString();
      const ours = refund.metadata.refund_key ? await findRefundByKey(tx, refund.metadata.refund_key) : undefined;
      if (ours) {
        const settled = await settleRefund(tx, ours.id, refund.id, nowIso);
        if (settled)
          await refundRecorded(ctx, tx, {
            contacts,
            booking,
            payments,
            amountPence: ours.amount_pence,
            actor: ours.actor,
            restoreVoucher: refund.metadata[KEEP_VOUCHER] !== "true",
            mailGuest: refund.metadata[TOLD_BY_CANCEL] !== "true",
          });
        return settled;
      }
      await insertRefund(tx, {
        booking_id: booking.id,
        payment_id: payment.id,
        amount_pence: refund.amountPence,
        reason: DASHBOARD_REASON,
        actor: DASHBOARD_ACTOR,
        status: "succeeded",
        idempotency_key: `provider-${refund.id}`,
        provider_refund_id: refund.id,
        created_at: nowIso,
        settled_at: nowIso,
      });
      await refundRecorded(ctx, tx, { contacts, booking, payments, amountPence: refund.amountPence, actor: DASHBOARD_ACTOR, restoreVoucher: true });
      return true;
    });
    if (added) recorded++;
  }
  if (recorded > 0) ctx.logger.info({ event: "refunds-reconciled", paymentId: intentId, recorded }, "refunds made at the provider recorded");
  return recorded;
}

/**
 * Cancels a booking (R14) after refunding it as staff chose (R34). The refund comes first: if the
 * provider refuses it, nothing is cancelled either, and staff can try again or cancel without one.
 * A booking already cancelled can still be refunded this way. R36: a gift voucher's part goes
 * back unless `restoreVoucher` is false.
 */
export async function cancelBookingWithRefund(
  ctx: AppContext,
  bookingId: number,
  { refund, restoreVoucher }: CancelBookingRequest,
  actor: string,
  options: ParsedCancelOptions,
): Promise<Booking> {
  let cardRefundPence = 0;
  if (refund) {
    const { status } = await getBooking(ctx, bookingId);
    // R51: a guest about to hear of the cancel hears of the refund in the same e-mail, not in one of its own.
    const toldByCancel = options.notifyGuest && (status === "pending" || status === "confirmed");
    cardRefundPence = (await refundBooking(ctx, bookingId, { ...refund, actor, restoreVoucher, mailGuest: !toldByCancel })).amountPence;
  }
  await cancelBooking(ctx, bookingId, options, actor, { restoreVoucher, cardRefundPence });
  return getBooking(ctx, bookingId);
}
