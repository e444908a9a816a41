import Stripe from "stripe";
import { ProviderError, WebhookSignatureError, type CreateIntentInput, type IntentStatus, type PaymentProvider, type ProviderIntent, type ProviderNotification } from "./provider.js";

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

function wrap(err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) throw new ProviderError(err.message);
  throw err;
}

/** PaymentIntents through stripe-node; webhooks verified with the endpoint's signing secret (R7). */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });

  return {
    name: "stripe",
    publishableKey: config.publishableKey,

    async createIntent(input: CreateIntentInput) {
      try {
        const pi = await stripe.paymentIntents.create({
          amount: input.amountPence,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
        });
        return toIntent(pi);
      } catch (err) {
        return wrap(err);
      }
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        return wrap(err);
      }
    },

    async updateIntentAmount(id, amountPence) {
      try {
        return toIntent(await stripe.paymentIntents.update(id, { amount: amountPence }));
      } catch (err) {
        return wrap(err);
      }
    },

    async cancelIntent(id) {
      try {
        const pi = await stripe.paymentIntents.retrieve(id);
        if (pi.status === "succeeded" || pi.status === "canceled" || pi.status === "processing") return;
        await stripe.paymentIntents.cancel(id);
      } catch (err) {
        wrap(err);
      }
    },

    parseWebhook(rawBody, signature): ProviderNotification {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
      const object = event.data?.object as { object?: string; id?: string } | undefined;
      const intentId = event.type.startsWith("payment_intent.") && object?.object === "payment_intent" && object.id ? object.id : null;
      return { eventId: event.id, type: event.type, intentId };
    },
  };
}
