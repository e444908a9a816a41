import { randomBytes, randomUUID } from "node:crypto";
import { sha256Hex } from "../../sha256.js";
import {
  amountMatches,
  deliveryDateProblem,
  VoucherDeliverySchema,
  type AfternoonTeaPaymentIntentRequest,
  type EventPaymentIntentRequest,
  ticketProblem,
  ticketsTotal,
  ticketsWording,
  formatPence,
  londonNow,
  parseSetting,
  PricingError,
  quoteAfternoonTea,
  quoteVoucher,
  unitPrice,
  VOUCHER_ITEM_TYPE,
  VOUCHER_TYPE_LABELS,
  VoucherPurchaseSchema,
  withDefaults,
  type DemoCard,
  type DemoConfirmAnswer,
  type PaidVoucher,
  type PaymentConfig,
  type PaymentStatusAnswer,
  type TeaIntentAnswer,
  type VoucherDetailsAnswer,
  type VoucherIntentAnswer,
  type VoucherType,
} from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { findGiftVoucher } from "../../vouchers/data/gift-vouchers.js";
import {
  CARD_LINK_KIND,
  findPayment,
  insertPayment,
  listPendingTeaPaymentsWithLapsedHolds,
  PAYMENT_LINK_KIND,
  POLICY_CARD_KIND,
  POLICY_DEPOSIT_KIND,
  TEA_CHANGE_KIND,
  transitionPayment,
  updatePayment,
} from "../data/payments.js";
import { syncCardHold } from "./policy-holds.js";
import { syncCardLink } from "./payment-links.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import type { DemoProvider } from "../providers/demo-provider.js";
import { ProviderError, type ProviderIntent } from "../providers/provider.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { createBooking } from "../../bookings/services/bookings.js";
import { failTeaPayment, fulfilPayment, noteVoucherFailure, VoucherPayloadSchema, type VoucherPayload } from "./payment-fulfilment.js";
import { countPayment } from "../../services/outcomes.js";
import { afterPaymentChange, paymentProvider } from "./payment-provider.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { reconcileRefunds } from "./refunds.js";
import { ONLINE_ACTOR } from "../../vouchers/services/tea-voucher-claim.js";
import { holdsSecretOf, paidBooking } from "./paid-booking.js";
import { confirmVoucherOnlyTea, giveVoucherPartBack, voucherClaim } from "../../vouchers/services/tea-vouchers.js";
import { ticketSale } from "../../events/services/events.js";

function demoProvider(ctx: AppContext): DemoProvider {
  const provider = paymentProvider(ctx);
  if (provider.name !== "demo") throw new NotFoundError("The demo payment provider is not in use");
  return provider as DemoProvider;
}

export function paymentConfig(ctx: AppContext): PaymentConfig {
  const provider = paymentProvider(ctx);
  return provider.publishableKey ? { provider: provider.name, publishableKey: provider.publishableKey } : { provider: provider.name };
}

export const VoucherIntentRequestSchema = VoucherPurchaseSchema.pick({ voucherType: true, amount: true, people: true, website: true });
export type VoucherIntentRequest = z.infer<typeof VoucherIntentRequestSchema>;

/** The bodies of POST /api/create-payment-intent, parsed by the route. */
export type PaymentIntentRequest = AfternoonTeaPaymentIntentRequest | EventPaymentIntentRequest | VoucherIntentRequest;

type IntentAnswer = { clientSecret: string; paymentIntentId: string; amountPence: number };

function priced<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof PricingError) throw new BadRequestError(err.message);
    throw err;
  }
}

/**
 * R5, R27: what a request caught by the honeypot gets: shaped like a real intent, but no seats are
 * held and no provider or database is touched; paying with it finds no payment.
 */
function decoyIntent(ctx: AppContext, form: string, amountPence: number): IntentAnswer {
  ctx.logger.info({ event: "honeypot", form }, "honeypot filled; nothing stored");
  const id = `pi_${randomBytes(9).toString("hex")}`;
  return { clientSecret: `${id}_secret_${randomBytes(9).toString("hex")}`, paymentIntentId: id, amountPence };
}

function providerFailure(ctx: AppContext, err: unknown): never {
  ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
  if (err instanceof ProviderError) throw new BadRequestError(`Payment provider: ${err.message}`);
  throw err;
}

/**
 * POST /api/create-payment-intent: the spec's two payloads. Afternoon tea: amount + metadata,
 * seats held while paying (R9), within what one client and one e-mail address may hold at once
 * (R23, the domain's CLIENT_LIMITS; `clientKey` says who asks). Vouchers: voucherType + amount
 * (+ people). Either way the server prices it from the pricing items and refuses an amount that
 * differs (R3).
 */
export async function createPaymentIntent(ctx: AppContext, request: PaymentIntentRequest, clientKey: string): Promise<TeaIntentAnswer | VoucherIntentAnswer> {
  if (!("metadata" in request)) return createVoucherPaymentIntent(ctx, request);
  return request.metadata.type === "event"
    ? createTicketsIntent(ctx, request as EventPaymentIntentRequest, clientKey)
    : createTeaPaymentIntent(ctx, request as AfternoonTeaPaymentIntentRequest, clientKey);
}

/**
 * R53: tickets for an event's sitting, sold as afternoon tea is: the tickets are held (a booking
 * of type `event`, counted against the sitting inside the booking write), a monetary voucher pays
 * part or all, and the card pays the rest through the same payment and fulfilment.
 */
async function createTicketsIntent(ctx: AppContext, request: EventPaymentIntentRequest, clientKey: string): Promise<TeaIntentAnswer> {
  const { amount, metadata: m, website } = request;
  const { event, sitting } = await ticketSale(ctx, m.sittingId);
  const amountPence = ticketsTotal(event.price_pence, m.tickets);
  if (!amountMatches(amount, amountPence))
    throw new BadRequestError(
      `amount: £${amount.toFixed(2)} does not match the price of ${formatPence(amountPence)} for ${ticketsWording(m.tickets, event.name, event.price_pence)}`,
    );
  // The per-order limit and the cut-off need no count: refused before anything is held.
  const early = ticketProblem(
    {
      date: sitting.date,
      time: sitting.time,
      salesCutoffMinutes: sitting.sales_cutoff_minutes,
      perOrderLimit: sitting.per_order_limit,
      tickets: sitting.tickets,
    },
    0,
    m.tickets,
    ctx.now(),
  );
  if (early) throw early.status === 400 ? new BadRequestError(early.message) : new ConflictError(early.message);
  const holdMinutes = parseSetting(withDefaults(await getSettingsMap(ctx)), "hold_minutes");
  const holdExpiresAt = new Date(ctx.now().getTime() + holdMinutes * 60_000).toISOString();
  if (website) return { ...decoyIntent(ctx, "event", amountPence), voucherAppliedPence: 0, bookingReference: null, holdExpiresAt };

  const voucher = m.voucherCode
    ? { code: m.voucherCode, unitPence: event.price_pence, traditionalPence: event.price_pence, today: londonNow(ctx.now()).date, monetaryOnly: true }
    : undefined;
  const { booking, voucher: claimed } = await createBooking(
    ctx,
    {
      type: "event",
      date: sitting.date,
      time: sitting.time,
      guests: m.tickets,
      name: m.name,
      email: m.email,
      phone: m.phone,
      specialRequests: m.answer || undefined,
    } as never,
    {
      status: "held",
      source: "public",
      holdExpiresAt,
      amountPence,
      clientKey,
      sitting: { id: sitting.id, areaId: sitting.area_id, minutes: sitting.minutes },
      ...(voucher ? { voucher } : {}),
    },
  );
  return payForHold(ctx, { bookingId: booking.id, reference: booking.reference, claimed, amountPence, holdExpiresAt, holdMinutes }, (voucherAppliedPence) => ({
    intent: {
      description: `${ticketsWording(m.tickets, event.name, event.price_pence)}, ${sitting.date} ${sitting.time} (${booking.reference})${claimed ? `, ${formatPence(voucherAppliedPence)} by gift voucher` : ""}`,
      metadata: { kind: "event", booking: booking.reference, date: sitting.date, time: sitting.time, tickets: String(m.tickets), event: event.slug },
      receiptEmail: m.email,
      idempotencyKey: `event-${booking.reference}`,
    },
    payload: { date: sitting.date, time: sitting.time, guests: m.tickets, teaType: null, sittingId: sitting.id },
    log: { event: "tickets-hold", message: "tickets held while paying" },
  }));
}

async function createTeaPaymentIntent(ctx: AppContext, request: AfternoonTeaPaymentIntentRequest, clientKey: string): Promise<TeaIntentAnswer> {
  const { amount, metadata: m, website } = request;

  const items = await getPricingItemsCached(ctx);
  const amountPence = priced(() => quoteAfternoonTea(items, m.teaType, m.guests));
  if (!amountMatches(amount, amountPence)) {
    throw new BadRequestError(
      `amount: £${amount?.toFixed(2)} does not match the price of ${formatPence(amountPence)} for ${m.guests} × ${m.teaType} afternoon tea; please review your booking`,
    );
  }
  const settings = withDefaults(await getSettingsMap(ctx));
  const holdMinutes = parseSetting(settings, "hold_minutes");
  if (website) {
    return {
      ...decoyIntent(ctx, "afternoon-tea", amountPence),
      voucherAppliedPence: 0,
      bookingReference: null,
      holdExpiresAt: new Date(ctx.now().getTime() + holdMinutes * 60_000).toISOString(),
    };
  }

  // Hold the seats first (R9): a full slot, a closed date or a client with enough holds already
  // (R23) is refused before the provider is asked for anything, so refused visitors leave no
  // intents behind. R36: a voucher's part is reserved in the same write, or nothing is held.
  const holdExpiresAt = new Date(ctx.now().getTime() + holdMinutes * 60_000).toISOString();
  const voucher = m.voucherCode ? priced(() => voucherClaim(ctx, m.voucherCode!, m.teaType, items)) : undefined;
  const { booking, voucher: claimed } = await createBooking(
    ctx,
    {
      type: "afternoonTea",
      date: m.date,
      time: m.time,
      guests: m.guests,
      teaType: m.teaType,
      name: m.name,
      email: m.email,
      phone: m.phone,
      dietaryRequirements: m.dietaryRequirements || undefined,
    },
    { status: "held", source: "public", holdExpiresAt, amountPence, clientKey, ...(voucher ? { voucher } : {}) },
  );
  return payForHold(ctx, { bookingId: booking.id, reference: booking.reference, claimed, amountPence, holdExpiresAt, holdMinutes }, (voucherAppliedPence) => ({
    intent: {
      description: `Afternoon tea for ${m.guests}, ${m.date} ${m.time} (${booking.reference})${claimed ? `, ${formatPence(voucherAppliedPence)} by gift voucher` : ""}`,
      metadata: { kind: "afternoon-tea", booking: booking.reference, date: m.date, time: m.time, guests: String(m.guests), teaType: m.teaType },
      receiptEmail: m.email,
      idempotencyKey: `afternoon-tea-${booking.reference}`,
    },
    payload: { date: m.date, time: m.time, guests: m.guests, teaType: m.teaType },
    log: { event: "tea-hold", message: "seats held while paying" },
  }));
}

type HeldForPayment = {
  bookingId: number;
  reference: string;
  claimed: Awaited<ReturnType<typeof createBooking>>["voucher"];
  amountPence: number;
  holdExpiresAt: string;
  holdMinutes: number;
};
type HoldPaymentDetails = {
  intent: Pick<Parameters<ReturnType<typeof paymentProvider>["createIntent"]>[0], "description" | "metadata" | "receiptEmail" | "idempotencyKey">;
  payload: Record<string, unknown>;
  log: { event: string; message: string };
};

/**
 * The card part of a held tea or ticket order (R9, R36, R53): confirmed at once when a voucher
 * covers it all; otherwise an intent for what is left, recorded with the hold's payment reference in
 * one transaction. An intent that cannot start cancels the hold and gives the voucher part back.
 */
async function payForHold(ctx: AppContext, held: HeldForPayment, details: (voucherAppliedPence: number) => HoldPaymentDetails): Promise<TeaIntentAnswer> {
  const { bookingId, reference, claimed, amountPence, holdExpiresAt, holdMinutes } = held;
  const voucherAppliedPence = claimed?.cover.voucherAppliedPence ?? 0;
  if (claimed && claimed.cover.amountPence === 0) {
    // Nothing left to pay (R36): no card, the booking is confirmed now.
    const bookingReference = await confirmVoucherOnlyTea(ctx, bookingId, claimed);
    afterPaymentChange(ctx);
    return { clientSecret: null, paymentIntentId: null, amountPence: 0, voucherAppliedPence, bookingReference, holdExpiresAt };
  }
  const cardPence = claimed ? claimed.cover.amountPence : amountPence;
  const { intent: intentDetails, payload, log } = details(voucherAppliedPence);

  const provider = paymentProvider(ctx);
  let intent: ProviderIntent;
  try {
    intent = await provider.createIntent({ amountPence: cardPence, currency: "gbp", ...intentDetails });
  } catch (err) {
    await immediateTransaction(ctx.db, async (tx) => {
      await updateBooking(tx, bookingId, { status: "cancelled", updated_at: ctx.now().toISOString() });
      if (claimed) await giveVoucherPartBack(tx, reference, ONLINE_ACTOR, "(the card payment could not start)", ctx.now());
    });
    return providerFailure(ctx, err);
  }

  // The payment record and the hold's payment reference land together; a ticket order is the same
  // kind of payment as a tea's: a hold paid for, fulfilled, failed or lapsed alike.
  await immediateTransaction(ctx.db, async (tx) => {
    const nowIso = ctx.now().toISOString();
    await insertPayment(tx, {
      id: intent.id,
      provider: provider.name,
      kind: "afternoon-tea",
      amount_pence: cardPence,
      currency: "gbp",
      status: "pending",
      payload_json: JSON.stringify({ ...payload, ...(claimed ? { voucherAppliedPence } : {}) }),
      booking_id: bookingId,
      voucher_id: null,
      failure_message: null,
      client_secret_hash: sha256Hex(intent.clientSecret),
      created_at: nowIso,
      updated_at: nowIso,
    });
    await updateBooking(tx, bookingId, { payment_reference: intent.id, updated_at: nowIso });
  });
  ctx.logger.info({ event: log.event, paymentId: intent.id, holdMinutes }, log.message);
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPence: cardPence, voucherAppliedPence, bookingReference: null, holdExpiresAt };
}

async function createVoucherPaymentIntent(ctx: AppContext, request: VoucherIntentRequest): Promise<VoucherIntentAnswer> {
  const { voucherType, amount, people, website } = request;
  const items = await getPricingItemsCached(ctx);
  const perPerson = voucherType !== "monetary";
  const amountPence = priced(() => quoteVoucher(items, voucherType, { amountPounds: amount, people }));
  if (perPerson && !amountMatches(amount, amountPence)) {
    throw new BadRequestError(`amount: £${amount?.toFixed(2)} does not match the price of ${formatPence(amountPence)}; please review your voucher`);
  }
  const unitPence = perPerson ? priced(() => unitPrice(items, VOUCHER_ITEM_TYPE[voucherType])) : null;
  if (website) return { ...decoyIntent(ctx, "voucher", amountPence), unitPence };

  const provider = paymentProvider(ctx);
  let intent: ProviderIntent;
  try {
    // Each checkout is a new purchase: a fresh key, which still makes stripe-node's own retries safe.
    intent = await provider.createIntent({
      amountPence,
      currency: "gbp",
      description: VOUCHER_TYPE_LABELS[voucherType],
      metadata: { kind: "voucher", voucherType },
      idempotencyKey: `voucher-${randomUUID()}`,
    });
  } catch (err) {
    return providerFailure(ctx, err);
  }
  const nowIso = ctx.now().toISOString();
  const payload: VoucherPayload = { voucherType, people: perPerson ? (people ?? 1) : null, details: null };
  await insertPayment(ctx.db, {
    id: intent.id,
    provider: provider.name,
    kind: "voucher",
    amount_pence: amountPence,
    currency: "gbp",
    status: "pending",
    payload_json: JSON.stringify(payload),
    booking_id: null,
    voucher_id: null,
    failure_message: null,
    client_secret_hash: sha256Hex(intent.clientSecret),
    created_at: nowIso,
    updated_at: nowIso,
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPence, unitPence };
}

export const VoucherDetailsSchema = VoucherPurchaseSchema.extend({
  clientSecret: z.string({ error: "clientSecret is required" }).min(10, { error: "clientSecret is required" }).max(300),
  ...VoucherDeliverySchema.shape,
});
export type VoucherDetails = z.infer<typeof VoucherDetailsSchema>;

/** The open payment a client secret belongs to; only its holder may change it. */
async function paymentForSecret(ctx: AppContext, clientSecret: string) {
  const id = clientSecret.split("_secret_")[0] ?? "";
  const payment = id ? await findPayment(ctx.db, id) : undefined;
  if (!payment || payment.client_secret_hash !== sha256Hex(clientSecret)) throw new NotFoundError("This payment could not be found. Please start again.");
  return payment;
}

/**
 * POST /api/payments/voucher-details: who the voucher is for (R10), attached before paying. The
 * amount is recomputed (R3) and the intent's amount follows the chosen value or number of people.
 */
export async function attachVoucherDetails(ctx: AppContext, request: VoucherDetails): Promise<VoucherDetailsAnswer> {
  const { clientSecret, voucherType, amount, people, website, deliverOn, sendTo, ...details } = request;
  // R50: a delivery day from today (London) up to a year ahead.
  const dateProblem = deliverOn === undefined ? null : deliveryDateProblem(deliverOn, ctx.now());
  if (dateProblem) throw new BadRequestError(dateProblem);
  if (website) {
    ctx.logger.info({ event: "honeypot", form: "voucher-details" }, "honeypot filled; nothing stored");
    const items = await getPricingItemsCached(ctx);
    return { amountPence: priced(() => quoteVoucher(items, voucherType, { amountPounds: amount, people })) };
  }
  const payment = await paymentForSecret(ctx, clientSecret);
  if (payment.kind !== "voucher") throw new BadRequestError("This payment is not for a gift voucher");
  if (payment.status !== "pending") throw new ConflictError("This payment has already been completed");
  const current = VoucherPayloadSchema.parse(JSON.parse(payment.payload_json));
  if (current.voucherType !== voucherType) throw new BadRequestError(`voucherType: this checkout is for a ${VOUCHER_TYPE_LABELS[current.voucherType]}`);

  const items = await getPricingItemsCached(ctx);
  const amountPence = priced(() => quoteVoucher(items, voucherType, { amountPounds: amount, people }));
  if (!amountMatches(amount, amountPence)) throw new BadRequestError(`amount: £${amount?.toFixed(2)} does not match the price of ${formatPence(amountPence)}`);

  if (amountPence !== payment.amount_pence) {
    try {
      const intent = await paymentProvider(ctx).updateIntentAmount(payment.id, amountPence);
      if (intent.amountPence !== amountPence) throw new ProviderError("the amount could not be changed");
    } catch (err) {
      return providerFailure(ctx, err);
    }
  }
  const payload: VoucherPayload = { voucherType, people: voucherType === "monetary" ? null : (people ?? 1), details, delivery: { deliverOn, sendTo } };
  await updatePayment(ctx.db, payment.id, { amount_pence: amountPence, payload_json: JSON.stringify(payload), updated_at: ctx.now().toISOString() });
  return { amountPence };
}

/**
 * Brings our record in line with the provider's view of an intent (R8). Every notice, however it
 * arrives (webhook, demo confirmation, a status check, the hold sweeper) comes here, and the
 * intent is always re-read rather than taken from the notice.
 */
export async function syncPayment(ctx: AppContext, paymentId: string): Promise<void> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment) {
    ctx.logger.warn({ event: "payment-unknown", paymentId }, "notice for a payment we did not create");
    return;
  }
  if (payment.status === "succeeded" || payment.status === "needs_attention") return;
  // R47: a card being saved is a SetupIntent, read as such.
  if (payment.kind === POLICY_CARD_KIND) return syncCardHold(ctx, payment);
  if (payment.kind === CARD_LINK_KIND) {
    const outcome = await syncCardLink(ctx, payment);
    if (outcome && outcome.kind !== "already-settled") {
      countPayment(ctx, payment.kind, outcome.kind);
      afterPaymentChange(ctx);
    }
    return;
  }
  const provider = paymentProvider(ctx);
  let intent = await provider.retrieveIntent(paymentId);

  if (intent.status === "succeeded") {
    const outcome = await fulfilPayment(ctx, paymentId, { amountPence: intent.amountPence, currency: intent.currency });
    if (outcome.kind !== "already-settled") {
      countPayment(ctx, payment.kind, outcome.kind);
      afterPaymentChange(ctx);
    }
    return;
  }
  if (payment.kind === "voucher") {
    if (intent.lastError) await noteVoucherFailure(ctx, paymentId, intent.lastError);
    return;
  }
  // R49: a payment link stays payable until it expires: a declined card may be tried again.
  if (payment.kind === PAYMENT_LINK_KIND) return;
  if (payment.kind === TEA_CHANGE_KIND) {
    // Added guests hold no seats: a declined card may be tried again; only a cancelled intent ends it.
    if (intent.status === "canceled") {
      const failed = await transitionPayment(ctx.db, paymentId, ["pending"], "failed", ctx.now().toISOString(), intent.lastError ?? "Cancelled");
      if (failed) countPayment(ctx, payment.kind, "failed");
    }
    return;
  }
  if (payment.status !== "pending") return; // already failed and released
  // Afternoon tea: a declined or cancelled attempt, or a lapsed hold, ends this intent (the form
  // starts a new one). Cancel it first so it cannot succeed after its seats are freed.
  const booking = payment.booking_id === null ? undefined : await findBookingById(ctx.db, payment.booking_id);
  const holdLapsed = !booking || booking.status !== "held" || !booking.hold_expires_at || booking.hold_expires_at <= ctx.now().toISOString();
  const declined = intent.status === "requires_payment_method" && !!intent.lastError;
  if (intent.status === "canceled" || declined || holdLapsed) {
    if (intent.status !== "canceled") {
      await provider.cancelIntent(paymentId);
      intent = await provider.retrieveIntent(paymentId);
      if (intent.status === "succeeded") return syncPayment(ctx, paymentId);
      if (intent.status !== "canceled") return; // processing: wait for the provider's next notice
    }
    const failed = await failTeaPayment(ctx, paymentId, intent.lastError ?? (holdLapsed ? "The seat hold lapsed" : "Cancelled"));
    if (failed) countPayment(ctx, payment.kind, "failed");
  }
}

/**
 * POST /api/stripe/webhook: verified (R7), then only used to know which intent to re-read; a
 * `charge.refunded` event has its refunds re-read and recorded (R34).
 */
export async function handleWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const notice = await paymentProvider(ctx).parseWebhook(rawBody, signature);
  ctx.logger.info({ event: "webhook", type: notice.type, eventId: notice.eventId, paymentId: notice.intentId }, "provider notice");
  if (!notice.intentId) return;
  if (notice.type === "charge.refunded") {
    if ((await reconcileRefunds(ctx, notice.intentId)) > 0) afterPaymentChange(ctx);
    return;
  }
  await syncPayment(ctx, notice.intentId);
}

const ReturnPathSchema = z
  .string()
  .max(500)
  // R49: a payment link's page is its own return page; R52: so is a waiting-list offer's.
  .refine((v) => (v.startsWith("/confirmation") || /^\/(pay|waitlist)\/[A-Za-z0-9_-]{1,100}(\?|$)/.test(v)) && !v.startsWith("//"), {
    error: "returnUrl must be the confirmation page",
  });

export const DemoConfirmSchema = z.object({
  clientSecret: z.string({ error: "clientSecret is required" }).min(10).max(300),
  card: z.object({ number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(6) }, { error: "card is required" }),
  returnUrl: ReturnPathSchema,
});
export type DemoConfirmRequest = z.infer<typeof DemoConfirmSchema>;

/** 404 unless the demo provider is in use: the demo's routes check it before reading their body. */
export function requireDemoProvider(ctx: AppContext): void {
  demoProvider(ctx);
}

/** POST /api/payments/demo/confirm: the demo provider's confirm-payment call (R7); a decline is answered as a 402 by the route. */
export async function demoConfirm(ctx: AppContext, request: DemoConfirmRequest): Promise<DemoConfirmAnswer | { status: "failed"; message: string }> {
  const demo = demoProvider(ctx);
  const { clientSecret, card, returnUrl } = request;
  const payment = await paymentForSecret(ctx, clientSecret);
  if (payment.kind === "voucher" && payment.status === "pending" && !VoucherPayloadSchema.parse(JSON.parse(payment.payload_json)).details) {
    throw new BadRequestError("Please fill in the voucher details before paying");
  }
  if (payment.kind === POLICY_CARD_KIND || payment.kind === CARD_LINK_KIND) {
    // R47, R49: the card is saved, not charged (the demo's confirmSetup).
    const saved = await demo.confirmSetupWithCard(clientSecret, card as DemoCard);
    if (saved.setup) await syncPayment(ctx, saved.setup.id);
    if (saved.status === "succeeded") return { status: "succeeded", paymentIntentId: saved.setup.id, clientSecret: saved.setup.clientSecret };
    return { status: "failed", message: saved.message };
  }
  const result = await demo.confirmWithCard(clientSecret, card as DemoCard, returnUrl);
  if (result.intent) await syncPayment(ctx, result.intent.id);
  if (result.status === "succeeded") return { status: "succeeded", paymentIntentId: result.intent.id, clientSecret: result.intent.clientSecret };
  if (result.status === "requires_action") return { status: "requires_action", paymentIntentId: result.intent.id, redirectUrl: result.redirectUrl };
  return { status: "failed", message: result.message };
}

/** What the demo's authentication page says is being paid for, by the payment's kind. */
function paymentDescription(kind: string | undefined): string {
  if (kind === "voucher") return "Gift voucher";
  if (kind === PAYMENT_LINK_KIND) return "Booking payment";
  if (kind === CARD_LINK_KIND) return "Card to keep on file";
  if (kind === POLICY_DEPOSIT_KIND) return "Deposit";
  return "Afternoon tea";
}

/** The demo's authentication page: what it shows. */
export async function demoAuthenticationDetails(
  ctx: AppContext,
  intentId: string,
  clientSecret: string,
): Promise<{ amount: string; description: string; pending: boolean }> {
  const demo = demoProvider(ctx);
  const intent = await demo.findBySecret(clientSecret);
  if (!intent || intent.id !== intentId) throw new NotFoundError("This payment could not be found.");
  const payment = await findPayment(ctx.db, intentId);
  return {
    amount: formatPence(intent.amountPence),
    description: paymentDescription(payment?.kind),
    pending: intent.status === "requires_action",
  };
}

/** The demo's authentication outcome: settles the intent and answers where to send the visitor. */
export async function demoAuthenticate(ctx: AppContext, intentId: string, clientSecret: string, approve: boolean): Promise<string> {
  const demo = demoProvider(ctx);
  let done;
  try {
    done = await demo.completeAuthentication(intentId, clientSecret, approve);
  } catch (err) {
    if (err instanceof ProviderError) throw new NotFoundError(err.message);
    throw err;
  }
  await syncPayment(ctx, intentId);
  const url = new URL(done.returnUrl, "http://placeholder.invalid");
  url.searchParams.set("payment_intent", done.intent.id);
  url.searchParams.set("payment_intent_client_secret", done.intent.clientSecret);
  url.searchParams.set("redirect_status", done.intent.status === "succeeded" ? "succeeded" : "failed");
  return `${url.pathname}${url.search}`;
}

/**
 * GET /api/payments/:id/status: the server's view for the confirmation page. A payment still
 * open is re-read from the provider first, so a slow or lost webhook does not leave it hanging.
 * A paid voucher's code and what the buyer typed are shown only to whoever holds the payment's
 * client secret (the buyer's browser): the payment's id alone travels in e-mails and logs; so is
 * a paid booking's detail (R51).
 */
export async function paymentStatus(ctx: AppContext, paymentId: string, clientSecret?: string): Promise<PaymentStatusAnswer> {
  let payment = await findPayment(ctx.db, paymentId);
  if (!payment) throw new NotFoundError("Payment not found");
  if (payment.status === "pending") {
    await syncPayment(ctx, paymentId).catch((err: unknown) =>
      ctx.logger.warn({ event: "sync-failed", paymentId, err: String(err) }, "could not re-read payment"),
    );
    payment = (await findPayment(ctx.db, paymentId))!;
  }
  const status = payment.status === "succeeded" ? "succeeded" : payment.status === "pending" ? "processing" : "failed";
  let bookingReference: string | null = null;
  if (payment.kind !== "voucher" && status === "succeeded" && payment.booking_id !== null) {
    bookingReference = (await findBookingById(ctx.db, payment.booking_id))?.reference ?? null;
  }
  let voucher: PaidVoucher | null = null;
  const holdsSecret = holdsSecretOf(payment, clientSecret);
  if (payment.kind === "voucher" && status === "succeeded" && payment.voucher_id !== null && holdsSecret) {
    const row = await findGiftVoucher(ctx.db, payment.voucher_id);
    if (row) {
      voucher = {
        code: row.voucher_code,
        voucherType: row.voucher_type as VoucherType,
        price: row.price_text,
        people: row.people,
        recipientName: row.recipient_name,
        recipientEmail: row.recipient_email,
        expiryDate: row.expiry_date,
      };
    }
  }
  // R51: what was booked, for the browser that paid.
  const booking = payment.kind !== "voucher" && status === "succeeded" && holdsSecret ? await paidBooking(ctx, payment, clientSecret!) : null;
  return { status, kind: payment.kind === "voucher" ? "voucher" : "afternoon-tea", bookingReference, voucher, booking };
}

/**
 * Settles afternoon-tea payments whose seat hold has lapsed (R9): paid ones are fulfilled if the
 * seats are still free, the rest are cancelled at the provider so they can no longer be paid.
 * Correctness does not depend on it (a lapsed hold stops counting at once); it tidies up.
 */
export async function settleLapsedHolds(ctx: AppContext): Promise<number> {
  const due = await listPendingTeaPaymentsWithLapsedHolds(ctx.db, ctx.now().toISOString());
  for (const payment of due) {
    await syncPayment(ctx, payment.id).catch((err: unknown) =>
      ctx.logger.warn({ event: "lapsed-hold-sync-failed", paymentId: payment.id, err: String(err) }, "could not settle lapsed hold"),
    );
  }
  return due.length;
}
