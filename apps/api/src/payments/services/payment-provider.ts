import type { AppContext } from "../../context.js";
import { createDemoProvider } from "../providers/demo-provider.js";
import type { PaymentProvider } from "../providers/provider.js";
import { createStripeProvider } from "../providers/stripe-provider.js";

/**
 * The one payment provider of this context and the hook run after a payment or refund changed.
 * Its own module: taking payments, refunding them and paying for added guests all need the
 * provider, and none of them needs the others for it.
 */

const PROVIDER_KEY = "payments.provider";
const AFTER_PAYMENT_KEY = "payments.after-fulfilment";

/** The configured provider (R7): Stripe when its three keys are set, otherwise the demo provider. */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  let provider = ctx.cache.get(PROVIDER_KEY) as PaymentProvider | undefined;
  if (!provider) {
    const { env } = ctx;
    provider =
      env.payments === "stripe"
        ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET! })
        : createDemoProvider(ctx.db, ctx.now);
    ctx.cache.set(PROVIDER_KEY, provider);
  }
  return provider;
}

/** Replaces the provider, e.g. Stripe pointed at a local fake server in tests. */
export function setPaymentProvider(ctx: AppContext, provider: PaymentProvider): void {
  ctx.cache.set(PROVIDER_KEY, provider);
}

/** Called after a payment is fulfilled (the mail worker's kick), so e-mails leave at once. */
export function onFulfilment(ctx: AppContext, fn: () => void): void {
  ctx.cache.set(AFTER_PAYMENT_KEY, fn);
}

/** Lets the mail worker send what a payment or refund just queued, at once. */
export function afterPaymentChange(ctx: AppContext): void {
  (ctx.cache.get(AFTER_PAYMENT_KEY) as (() => void) | undefined)?.();
}
