import {
  formatPence,
  parseSetting,
  paymentLinkAmount,
  paymentLinkExpiresAt,
  withDefaults,
  type PaymentLinkAnswer,
  type PaymentLinkRequest,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { toBooking } from "../../bookings/data/booking-row.js";
import { auditBooking } from "../../bookings/services/booking-audit.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { newManageToken } from "../../bookings/services/manage-token.js";
import type { PaymentRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { paymentLinkPaid, paymentLinkSent, paymentLinkUrl, staffPaymentLinkPaid } from "../../mail/messages/payment-links.js";
import { enqueueMail } from "../../mail/outbox.js";
import { sha256Hex } from "../../sha256.js";
import { tearoomContacts } from "../../site/services/site.js";
import { findOpenPaymentLinks, findPaymentLinkByPayment, insertPaymentLink, markPaymentLinkPaid } from "../data/payment-links.js";
import { CARD_LINK_KIND, findPaidPaymentsOfBookings, findPayment, insertPayment, PAYMENT_LINK_KIND, transitionPayment } from "../data/payments.js";
import { ProviderError } from "../providers/provider.js";
import { flagForStaff, OPEN, type FulfilmentOutcome, type PaymentStatus } from "./fulfilment-outcome.js";
import { paymentProvider } from "./payment-provider.js";

/**
 * R49: staff send a booking's guest a link to pay a deposit or the full amount. The link is 256
 * random bits of which only the hash is kept (as manage links, R37), and has one payment intent,
 * made when it is sent: opening the link twice, or paying it from two tabs at once, is the same
 * intent, so it is paid once and settled once (R8). It expires after `payment_link_days`.
 */

/** The statuses a booking may be asked to pay in (not held, cancelled or declined). */
export const LINKABLE = ["confirmed", "pending"];

/** A later link replaces an open one: the old intent is cancelled so the guest cannot pay twice. */
async function retireOpenLink(ctx: AppContext, bookingId: number): Promise<void> {
  const nowIso = ctx.now().toISOString();
  const open = (await findOpenPaymentLinks(ctx.db, [bookingId], nowIso)).get(bookingId);
  if (!open) return;
  try {
    // A card link's SetupIntent charges nothing: expiring the link is enough.
    if (open.kind !== "card") await paymentProvider(ctx).cancelIntent(open.payment_id);
  } catch (err) {
    // Should the old link still be paid, its payment counts like any other: staff can refund it.
    ctx.logger.warn({ event: "payment-link-cancel-failed", paymentId: open.payment_id, err: String(err) }, "could not cancel an earlier payment link");
  }
  await ctx.db.updateTable("payment_links").set({ expires_at: nowIso }).where("id", "=", open.id).where("paid_at", "is", null).execute();
}

/** POST /api/bookings/{id}/payment-link: makes the link, e-mails it through the outbox, answers its address and expiry. */
export async function sendPaymentLink(ctx: AppContext, bookingId: number, request: PaymentLinkRequest, actor: string): Promise<PaymentLinkAnswer> {
  const row = await findBookingById(ctx.db, bookingId);
  if (!row) throw new NotFoundError(`Booking ${bookingId} not found`);
  if (!LINKABLE.includes(row.status)) throw new ConflictError(`Booking ${row.reference} is ${row.status}, so no payment link can be sent.`);
  if (row.email.trim() === "")
    throw new ConflictError(
      `Booking ${row.reference} has no e-mail address, so a payment link cannot be sent. Add the guest's e-mail address first, or take the payment by phone.`,
    );
  const paid = (await findPaidPaymentsOfBookings(ctx.db, [row])).get(row.id) ?? [];
  const amountPence = paymentLinkAmount(request, { amountPence: row.amount_pence, paidPence: paid.reduce((sum, p) => sum + p.amount_pence, 0) });
  if (amountPence === null)
    throw new BadRequestError(
      request.kind === "deposit"
        ? "amountPence: please give the deposit to ask for"
        : "amountPence: this booking has no amount left to pay; please give the amount to ask for",
    );
  const days = parseSetting(withDefaults(await getSettingsMap(ctx)), "payment_link_days");
  const contacts = await tearoomContacts(ctx);
  await retireOpenLink(ctx, row.id);

  const { token, hash } = newManageToken();
  const provider = paymentProvider(ctx);
  const card = request.kind === "card";
  let intent: { id: string; clientSecret: string };
  try {
    // One link, one intent: a retried call for this link never makes a second.
    const idempotencyKey = `payment-link-${hash.slice(0, 32)}`;
    intent = card
      ? // R48's fees need a card saved for use without the guest: a SetupIntent, nothing charged.
        await provider.createSetupIntent({
          email: row.email,
          name: row.name,
          description: `Card on file for booking ${row.reference}, ${row.date} ${row.time}`,
          metadata: { kind: CARD_LINK_KIND, booking: row.reference, linkKind: request.kind },
          idempotencyKey,
        })
      : await provider.createIntent({
          amountPence,
          currency: "gbp",
          description: `${request.kind === "deposit" ? "Deposit" : "Payment"} for booking ${row.reference}, ${row.date} ${row.time}`,
          metadata: { kind: PAYMENT_LINK_KIND, booking: row.reference, linkKind: request.kind },
          receiptEmail: row.email,
          idempotencyKey,
        });
  } catch (err) {
    ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
    if (err instanceof ProviderError) throw new BadRequestError(`Payment provider: ${err.message}`);
    throw err;
  }
  const now = ctx.now();
  const nowIso = now.toISOString();
  const expiresAt = paymentLinkExpiresAt(now, days);
  const url = paymentLinkUrl(ctx.env.PUBLIC_ORIGIN, token);
  await immediateTransaction(ctx.db, async (tx) => {
    await insertPayment(tx, {
      id: intent.id,
      provider: provider.name,
      kind: card ? CARD_LINK_KIND : PAYMENT_LINK_KIND,
      amount_pence: amountPence,
      currency: "gbp",
      status: "pending",
      payload_json: JSON.stringify({ linkKind: request.kind }),
      booking_id: row.id,
      voucher_id: null,
      failure_message: null,
      client_secret_hash: sha256Hex(intent.clientSecret),
      created_at: nowIso,
      updated_at: nowIso,
    });
    await insertPaymentLink(tx, {
      token_hash: hash,
      booking_id: row.id,
      payment_id: intent.id,
      kind: request.kind,
      amount_pence: amountPence,
      expires_at: expiresAt.toISOString(),
      created_by: actor,
      created_at: nowIso,
    });
    const booking = toBooking(row, provider.name === "demo");
    await enqueueMail(tx, paymentLinkSent(booking, contacts, { url, kind: request.kind, amountPence, expiresAt }, provider.name === "demo"), nowIso);
    await auditBooking(tx, {
      at: nowIso,
      actor,
      action: "payment-link",
      before: row,
      after: row,
      choices: { paymentLink: { kind: request.kind, amountPence } },
    });
  });
  ctx.logger.info({ event: "payment-link-sent", paymentId: intent.id, bookingId: row.id }, "payment link sent");
  return { url, expiresAt: expiresAt.toISOString() };
}

/**
 * Settles a paid `payment-link` payment (R8, R49), once: the payment and its link move in one
 * immediate transaction with the e-mails. A booking cancelled meanwhile is flagged for staff to
 * refund, as other money that cannot go where it was meant.
 */
export async function fulfilPaymentLink(ctx: AppContext, payment: PaymentRow): Promise<FulfilmentOutcome> {
  const contacts = await tearoomContacts(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const nowIso = ctx.now().toISOString();
    const fresh = await findPayment(tx, payment.id);
    if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
    const link = await findPaymentLinkByPayment(tx, payment.id);
    const row = payment.booking_id === null ? undefined : await findBookingById(tx, payment.booking_id);
    if (link) await markPaymentLinkPaid(tx, link.id, nowIso);
    if (!row || !LINKABLE.includes(row.status)) {
      const customer = row ? `${row.name} <${row.email}>` : "unknown";
      return flagForStaff(
        ctx,
        tx,
        fresh,
        contacts,
        `A payment link of ${formatPence(payment.amount_pence)} was paid after the booking was ${row?.status ?? "removed"}. Please refund.`,
        customer,
      );
    }
    if (!(await transitionPayment(tx, payment.id, OPEN, "succeeded", nowIso))) return { kind: "already-settled" } as const;
    const booking = toBooking(row, payment.provider === "demo");
    await enqueueMail(tx, paymentLinkPaid(booking, payment.amount_pence, payment.id), nowIso);
    await enqueueMail(tx, staffPaymentLinkPaid(booking, contacts, payment.amount_pence), nowIso);
    ctx.logger.info({ event: "payment-link-paid", paymentId: payment.id, bookingId: row.id }, "payment link paid");
    return { kind: "fulfilled", bookingId: row.id };
  });
}

/**
 * R49: settles a "save a card" link whose SetupIntent has succeeded, once: the card is recorded on
 * the booking (as a card-on-file policy's, decision 030) for R48's fees, and the link is used.
 */
export async function fulfilCardLink(ctx: AppContext, payment: PaymentRow, card: { customerId: string; paymentMethodId: string }): Promise<FulfilmentOutcome> {
  return immediateTransaction(ctx.db, async (tx) => {
    const nowIso = ctx.now().toISOString();
    if (!(await transitionPayment(tx, payment.id, OPEN, "succeeded", nowIso))) return { kind: "already-settled" } as const;
    const link = await findPaymentLinkByPayment(tx, payment.id);
    if (link) await markPaymentLinkPaid(tx, link.id, nowIso);
    const row = payment.booking_id === null ? undefined : await findBookingById(tx, payment.booking_id);
    if (!row) return { kind: "already-settled" } as const;
    await updateBooking(tx, row.id, { card_customer_id: card.customerId, card_payment_method_id: card.paymentMethodId, updated_at: nowIso });
    ctx.logger.info({ event: "card-link-saved", paymentId: payment.id, bookingId: row.id }, "card saved through a payment link");
    return { kind: "fulfilled", bookingId: row.id };
  });
}

/** Brings a card link in line with its SetupIntent (R8 re-reads the provider): saved → recorded on the booking. */
export async function syncCardLink(ctx: AppContext, payment: PaymentRow): Promise<FulfilmentOutcome | null> {
  const setup = await paymentProvider(ctx).retrieveSetupIntent(payment.id);
  if (setup.status !== "succeeded" || !setup.paymentMethodId) return null;
  return fulfilCardLink(ctx, payment, { customerId: setup.customerId, paymentMethodId: setup.paymentMethodId });
}
