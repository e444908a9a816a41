// Types only here: the library itself (about 150 ms to load) is imported on first use, so a server
// on the demo provider never loads it.
import type Stripe from "stripe";
import {
  ProviderError,
  WebhookSignatureError,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderNotification,
  type ProviderRefund,
  type ProviderSetupIntent,
} from "./provider.js";

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests against a local fake Stripe server. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

const STATUSES: readonly IntentStatus[] = ["requires_payment_method", "requires_confirmation", "requires_action", "processing", "succeeded", "canceled"];

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  // requires_capture only happens with manual capture, which we never ask for: treat it as processing.
  const status = (STATUSES as readonly string[]).includes(pi.status) ? (pi.status as IntentStatus) : "processing";
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    amountPence: pi.amount,
    currency: pi.currency,
    status,
    lastError: pi.last_payment_error?.message ?? null,
    metadata: { ...(pi.metadata ?? {}) },
  };
}

function toSetup(si: Stripe.SetupIntent): ProviderSetupIntent {
  const status = (STATUSES as readonly string[]).includes(si.status) ? (si.status as IntentStatus) : "processing";
  const customer = typeof si.customer === "string" ? si.customer : (si.customer?.id ?? "");
  const method = typeof si.payment_method === "string" ? si.payment_method : (si.payment_method?.id ?? null);
  return {
    id: si.id,
    clientSecret: si.client_secret ?? "",
    customerId: customer,
    paymentMethodId: status === "succeeded" ? method : null,
    status,
    lastError: si.last_setup_error?.message ?? null,
    metadata: { ...(si.metadata ?? {}) },
  };
}

const REFUND_STATUSES: readonly ProviderRefund["status"][] = ["pending", "succeeded", "failed", "canceled"];

function toRefund(r: Stripe.Refund, intentId: string): ProviderRefund {
  // requires_action (some non-card methods) is on its way, as pending is.
  const status = (REFUND_STATUSES as readonly string[]).includes(r.status ?? "") ? (r.status as ProviderRefund["status"]) : "pending";
  const pi = typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? intentId);
  return { id: r.id, intentId: pi, amountPence: r.amount, status, metadata: { ...(r.metadata ?? {}) } };
}

/** PaymentIntents through stripe-node; webhooks verified with the endpoint's signing secret (R7). */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  let loading: Promise<{ stripe: Stripe; StripeError: typeof Stripe.errors.StripeError }> | undefined;
  const client = () =>
    (loading ??= import("stripe").then(({ default: StripeClient }) => ({
      stripe: new StripeClient(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
      }),
      StripeError: StripeClient.errors.StripeError,
    })));
  // A Stripe error becomes a ProviderError carrying Stripe's message; anything else is ours.
  const wrap = async (err: unknown): Promise<never> => {
    const { StripeError } = await client();
    if (err instanceof StripeError) throw new ProviderError(err.message);
    throw err;
  };

  return {
    name: "stripe",
    publishableKey: config.publishableKey,

    async createIntent(input: CreateIntentInput) {
      const { stripe } = await client();
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (err) {
        return wrap(err);
      }
    },

    async retrieveIntent(id) {
      const { stripe } = await client();
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        return wrap(err);
      }
    },

    async updateIntentAmount(id, amountPence) {
      const { stripe } = await client();
      try {
        return toIntent(await stripe.paymentIntents.update(id, { amount: amountPence }));
      } catch (err) {
        return wrap(err);
      }
    },

    async cancelIntent(id) {
      const { stripe } = await client();
      try {
        const pi = await stripe.paymentIntents.retrieve(id);
        if (pi.status === "succeeded" || pi.status === "canceled" || pi.status === "processing") return;
        await stripe.paymentIntents.cancel(id);
      } catch (err) {
        await wrap(err);
      }
    },

    async refund(input) {
      const { stripe } = await client();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountPence, reason: "requested_by_customer", metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return toRefund(refund, input.intentId);
      } catch (err) {
        return wrap(err);
      }
    },

    async listRefunds(intentId) {
      const { stripe } = await client();
      try {
        const refunds: ProviderRefund[] = [];
        for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) refunds.push(toRefund(refund, intentId));
        return refunds;
      } catch (err) {
        return wrap(err);
      }
    },

    async createSetupIntent(input) {
      const { stripe } = await client();
      try {
        // A customer of its own per booking: the saved card is attached to it, and off-session charges name both.
        const customer = await stripe.customers.create(
          { email: input.email, name: input.name, metadata: input.metadata },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        const si = await stripe.setupIntents.create(
          {
            customer: customer.id,
            usage: "off_session",
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toSetup(si);
      } catch (err) {
        return wrap(err);
      }
    },

    async retrieveSetupIntent(id) {
      const { stripe } = await client();
      try {
        return toSetup(await stripe.setupIntents.retrieve(id));
      } catch (err) {
        return wrap(err);
      }
    },

    async chargeOffSession(input) {
      const { stripe } = await client();
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const intent = toIntent(pi);
        if (intent.status === "succeeded") return { status: "succeeded", intent };
        // Off session nobody can authenticate or retry: anything but success took nothing.
        return { status: "declined", message: intent.lastError ?? "The card could not be charged.", intentId: intent.id };
      } catch (err) {
        // Stripe answers a declined off-session charge with a card error carrying the failed intent.
        const { StripeError } = await client();
        if (err instanceof StripeError && err.type === "StripeCardError") {
          const raw = err.raw as { payment_intent?: { id?: string } };
          return { status: "declined", message: err.message, intentId: raw.payment_intent?.id ?? null };
        }
        return wrap(err);
      }
    },

    async parseWebhook(rawBody, signature): Promise<ProviderNotification> {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      const { stripe } = await client();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
      const object = event.data?.object as { object?: string; id?: string; payment_intent?: unknown } | undefined;
      // A charge event (charge.refunded, R34) names its intent; only that is read from it.
      const chargeIntent =
        event.type.startsWith("charge.") && object?.object === "charge" && typeof object.payment_intent === "string" ? object.payment_intent : null;
      // R47: a setup_intent.* event names the SetupIntent that saved (or failed to save) a card.
      const setupIntent = event.type.startsWith("setup_intent.") && object?.object === "setup_intent" && object.id ? object.id : null;
      const intentId = event.type.startsWith("payment_intent.") && object?.object === "payment_intent" && object.id ? object.id : (chargeIntent ?? setupIntent);
      return { eventId: event.id, type: event.type, intentId };
    },
  };
}
