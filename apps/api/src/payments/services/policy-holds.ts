import {
  depositPence,
  formatPence,
  parseSetting,
  policyFor,
  presentPolicy,
  visitMinutes,
  withDefaults,
  type Booking,
  type BookingAnswer,
  type BookingRequest,
  type HeldBookingAnswer,
} from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { confirmHeldBooking, createBooking, releaseHold, requestBooking } from "../../bookings/services/bookings.js";
import { storedPolicies } from "../../bookings/services/booking-policies.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { mintManageLink } from "../../bookings/services/manage-link.js";
import { listSpots } from "../../bookings/services/garden-spots.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { bookingConfirmed, bookingRequestReceived, staffNewBooking } from "../../mail/messages/bookings.js";
import { enqueueMail } from "../../mail/outbox.js";
import { sha256Hex } from "../../sha256.js";
import { tearoomContacts } from "../../site/services/site.js";
import { countPayment } from "../../services/outcomes.js";
import { findPayment, insertPayment, POLICY_CARD_KIND, POLICY_DEPOSIT_KIND, transitionPayment } from "../data/payments.js";
import type { PaymentRow } from "../../db/schema.js";
import { ProviderError } from "../providers/provider.js";
import { flagForStaff, OPEN, type FulfilmentOutcome, type PaymentStatus } from "./fulfilment-outcome.js";
import { afterPaymentChange, paymentProvider } from "./payment-provider.js";

/**
 * R47: a request whose booking type's policy asks for a card or a deposit is held like an
 * afternoon tea (decision 003) while the guest saves the card or pays, then becomes the request
 * (pending; Secret Garden confirmed) it would have been, with its e-mails. Fulfilment re-reads the
 * provider (decision 004) and is gated by the payment row, once.
 */

/** What a policy hold's payment carries: the status the booking takes once the card or deposit is in. */
const HoldPayloadSchema = z.object({ then: z.enum(["pending", "confirmed"]), policyText: z.string() });
type HoldPayload = z.infer<typeof HoldPayloadSchema>;

export type PublicBookingAnswer = { code: 201; body: BookingAnswer } | { code: 202; body: HeldBookingAnswer };

/**
 * POST /api/bookings from a visitor: 201 as before when no policy applies (R14, R15); 202 with the
 * held booking and what to pay or save when a card or deposit policy applies (R47).
 */
export async function requestPublicBooking(ctx: AppContext, data: BookingRequest, clientKey: string): Promise<PublicBookingAnswer> {
  const policy = data.website ? null : policyFor(await storedPolicies(ctx), data.type, data.date, data.guests);
  if (!policy || (policy.kind !== "card" && policy.kind !== "deposit")) return { code: 201, body: await requestBooking(ctx, data, clientKey) };

  const settings = withDefaults(await getSettingsMap(ctx));
  const holdMinutes = parseSetting(settings, "hold_minutes");
  const then = data.type === "secretGarden" ? "confirmed" : "pending";
  const { booking } = await createBooking(ctx, data, {
    status: "held",
    source: "public",
    holdExpiresAt: new Date(ctx.now().getTime() + holdMinutes * 60_000),
    clientKey,
  });
  const payload: HoldPayload = { then, policyText: presentPolicy(policy, parseSetting(settings, "guest_cancellation_hours")).text };
  const provider = paymentProvider(ctx);
  const what = `${data.type} for ${data.guests}, ${data.date} ${data.time} (${booking.reference})`;
  const metadata = { booking: booking.reference, date: data.date, time: data.time, guests: String(data.guests), type: data.type };
  let answer: { id: string; clientSecret: string; amountPence: number; kind: "setup" | "deposit" };
  try {
    if (policy.kind === "deposit") {
      const amountPence = depositPence(policy, data.guests);
      const intent = await provider.createIntent({
        amountPence,
        currency: "gbp",
        description: `Deposit: ${what}`,
        metadata: { kind: POLICY_DEPOSIT_KIND, ...metadata },
        receiptEmail: data.email,
        idempotencyKey: `deposit-${booking.reference}`,
      });
      answer = { id: intent.id, clientSecret: intent.clientSecret, amountPence, kind: "deposit" };
    } else {
      const setup = await provider.createSetupIntent({
        email: data.email,
        name: data.name,
        description: `Card on file: ${what}`,
        metadata: { kind: POLICY_CARD_KIND, ...metadata },
        idempotencyKey: `card-${booking.reference}`,
      });
      answer = { id: setup.id, clientSecret: setup.clientSecret, amountPence: 0, kind: "setup" };
    }
  } catch (err) {
    await updateBooking(ctx.db, booking.id, { status: "cancelled", updated_at: ctx.now().toISOString() });
    ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
    if (err instanceof ProviderError) throw new BadRequestError(`Payment provider: ${err.message}`);
    throw err;
  }
  await immediateTransaction(ctx.db, async (tx) => {
    const nowIso = ctx.now().toISOString();
    await insertPayment(tx, {
      id: answer.id,
      provider: provider.name,
      kind: answer.kind === "deposit" ? POLICY_DEPOSIT_KIND : POLICY_CARD_KIND,
      amount_pence: answer.amountPence,
      currency: "gbp",
      status: "pending",
      payload_json: JSON.stringify(payload),
      booking_id: booking.id,
      voucher_id: null,
      failure_message: null,
      client_secret_hash: sha256Hex(answer.clientSecret),
      created_at: nowIso,
      updated_at: nowIso,
    });
    await updateBooking(tx, booking.id, { payment_reference: answer.id, updated_at: nowIso });
  });
  ctx.logger.info({ event: "policy-hold", paymentId: answer.id, kind: answer.kind, holdMinutes }, "seats held for a card or deposit");
  return {
    code: 202,
    body: { reference: booking.reference, status: "held", payment: { kind: answer.kind, clientSecret: answer.clientSecret, amountPence: answer.amountPence } },
  };
}

/** What the request's e-mails need from outside the write, read before its transaction opens. */
async function requestMailing(ctx: AppContext, booking: Booking) {
  const [contacts, spots, settings] = await Promise.all([tearoomContacts(ctx), listSpots(ctx), getSettingsMap(ctx)]);
  const spotName = booking.gardenSpotId ? spots.find((s) => s.id === booking.gardenSpotId)?.name : undefined;
  return { contacts, spotName, minutes: visitMinutes(booking.type, withDefaults(settings)) };
}

/** The guest's e-mails of the request the hold became, with the policy's words and what was taken. */
async function queueRequestMails(
  ctx: AppContext,
  tx: Parameters<typeof enqueueMail>[0],
  booking: Booking,
  payment: PaymentRow,
  payload: HoldPayload,
  { contacts, spotName, minutes }: Awaited<ReturnType<typeof requestMailing>>,
) {
  const link = await mintManageLink(ctx, tx, booking.id);
  const guest =
    booking.status === "pending"
      ? bookingRequestReceived(booking, contacts, link)
      : bookingConfirmed(booking, contacts, spotName, { minutes, now: ctx.now() }, link);
  const taken =
    payment.kind === POLICY_DEPOSIT_KIND
      ? `Deposit paid: ${formatPence(payment.amount_pence)}${payment.provider === "demo" ? " (test mode – no real charge)" : ""}.`
      : "Your card is saved with our payment provider; nothing has been charged.";
  guest.content.outro = [taken, payload.policyText, ...(guest.content.outro ?? [])];
  await enqueueMail(tx, guest);
  await enqueueMail(tx, staffNewBooking(booking, contacts, spotName));
}

/**
 * Settles a policy hold whose card is saved (`card`) or whose deposit is paid: the held booking
 * becomes the request, the saved card is recorded on it for later fees (R48), the e-mails go, once.
 * A hold that lapsed is taken up only if its seats are still free; else a paid deposit is flagged
 * for staff to refund (a saved card took nothing and just fails).
 */
export async function fulfilPolicyHold(
  ctx: AppContext,
  payment: PaymentRow,
  card: { customerId: string; paymentMethodId: string } | null,
): Promise<FulfilmentOutcome> {
  const payload = HoldPayloadSchema.parse(JSON.parse(payment.payload_json));
  let booking: Booking;
  try {
    booking = await confirmHeldBooking(ctx, payment.id, payload.then);
  } catch (err) {
    if (!(err instanceof ConflictError || err instanceof NotFoundError)) throw err;
    if (card) {
      await transitionPayment(ctx.db, payment.id, OPEN, "failed", ctx.now().toISOString(), err.message);
      return { kind: "already-settled" };
    }
    const contacts = await tearoomContacts(ctx);
    return immediateTransaction(ctx.db, async (tx) => {
      const fresh = await findPayment(tx, payment.id);
      if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
      const held = payment.booking_id === null ? undefined : await findBookingById(tx, payment.booking_id);
      return flagForStaff(ctx, tx, fresh, contacts, `${err.message} Please refund the deposit.`, held ? `${held.name} <${held.email}>` : "unknown");
    });
  }
  // Read before the transaction: inside it, SQLite's one connection is the transaction's.
  const mailing = await requestMailing(ctx, booking);
  return immediateTransaction(ctx.db, async (tx) => {
    const nowIso = ctx.now().toISOString();
    if (!(await transitionPayment(tx, payment.id, OPEN, "succeeded", nowIso))) return { kind: "already-settled" } as const;
    // The saved card took no money: the booking names the card, not a payment to refund (R34).
    if (card) {
      await updateBooking(tx, booking.id, {
        card_customer_id: card.customerId,
        card_payment_method_id: card.paymentMethodId,
        payment_reference: null,
        updated_at: nowIso,
      });
    }
    await queueRequestMails(ctx, tx, { ...booking, cardOnFile: card !== null }, payment, payload, mailing);
    ctx.logger.info({ event: "policy-hold-settled", paymentId: payment.id, bookingId: booking.id }, "card saved or deposit paid");
    return { kind: "fulfilled", bookingId: booking.id };
  });
}

/**
 * R47: brings a card-saving hold in line with its SetupIntent, as `syncPayment` does for intents:
 * saved → the request; cancelled, or the hold lapsed → the seats are freed. A declined card leaves
 * the SetupIntent open for another card while the hold lasts.
 */
export async function syncCardHold(ctx: AppContext, payment: PaymentRow): Promise<void> {
  const setup = await paymentProvider(ctx).retrieveSetupIntent(payment.id);
  if (setup.status === "succeeded" && setup.paymentMethodId) {
    const outcome = await fulfilPolicyHold(ctx, payment, { customerId: setup.customerId, paymentMethodId: setup.paymentMethodId });
    if (outcome.kind !== "already-settled") {
      countPayment(ctx, payment.kind, outcome.kind);
      afterPaymentChange(ctx);
    }
    return;
  }
  if (payment.status !== "pending") return;
  const booking = payment.booking_id === null ? undefined : await findBookingById(ctx.db, payment.booking_id);
  const lapsed = !booking || booking.status !== "held" || !booking.hold_expires_at || booking.hold_expires_at <= ctx.now().toISOString();
  if (setup.status === "canceled" || lapsed) {
    await releaseHold(ctx, payment.id);
    if (await transitionPayment(ctx.db, payment.id, ["pending"], "failed", ctx.now().toISOString(), setup.lastError ?? "The seat hold lapsed")) {
      countPayment(ctx, payment.kind, "failed");
    }
  }
}
