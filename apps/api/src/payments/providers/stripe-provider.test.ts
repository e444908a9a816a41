import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "./stripe-provider.js";
import { ProviderError, WebhookSignatureError, type PaymentProvider } from "./provider.js";
import { startFakeStripe, type FakeStripe } from "../testing/fake-stripe.js";

const webhookSecret = "whsec_test_secret";
let fake: FakeStripe;
let provider: PaymentProvider;
const signer = new Stripe("sk_test_unused");

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({
    secretKey: fake.secretKey,
    publishableKey: "pk_test_fake",
    webhookSecret,
    api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
  });
});
afterAll(() => fake.close());

describe("Stripe provider against a local fake Stripe", () => {
  it("creates a PaymentIntent in pence with its metadata and reads it back", async () => {
    const intent = await provider.createIntent({
      amountPence: 5990,
      currency: "gbp",
      description: "Afternoon tea",
      metadata: { kind: "afternoon-tea" },
      idempotencyKey: "afternoon-tea-TR-ABC123",
    });
    expect(intent).toMatchObject({ amountPence: 5990, currency: "gbp", status: "requires_payment_method", metadata: { kind: "afternoon-tea" } });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    fake.setStatus(intent.id, "requires_payment_method", "Your card was declined.");
    const again = await provider.retrieveIntent(intent.id);
    expect(again).toMatchObject({ id: intent.id, status: "requires_payment_method", lastError: "Your card was declined." });
  });

  it("sends the idempotency key, so asking twice for the same thing makes one intent (R27)", async () => {
    const input = { amountPence: 2995, currency: "gbp" as const, description: "Afternoon tea", metadata: {}, idempotencyKey: "afternoon-tea-TR-TWICE1" };
    const first = await provider.createIntent(input);
    const second = await provider.createIntent(input);
    expect(second.id).toBe(first.id);
    expect(fake.createKeys.slice(-2)).toEqual(["afternoon-tea-TR-TWICE1", "afternoon-tea-TR-TWICE1"]);
  });

  it("updates the amount of an unpaid intent, cancels it, and reports Stripe's errors readably", async () => {
    const intent = await provider.createIntent({ amountPence: 5000, currency: "gbp", description: "Voucher", metadata: {}, idempotencyKey: "voucher-1" });
    expect((await provider.updateIntentAmount(intent.id, 7500)).amountPence).toBe(7500);
    await provider.cancelIntent(intent.id);
    expect((await provider.retrieveIntent(intent.id)).status).toBe("canceled");
    await provider.cancelIntent(intent.id); // already cancelled: nothing to do
    await expect(provider.retrieveIntent("pi_missing")).rejects.toThrow(ProviderError);
  });

  it("accepts a correctly signed webhook and refuses a forged or unsigned one", async () => {
    const intent = await provider.createIntent({ amountPence: 2995, currency: "gbp", description: "x", metadata: {}, idempotencyKey: "voucher-2" });
    const payload = fake.event("payment_intent.succeeded", fake.setStatus(intent.id, "succeeded"));
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await expect(provider.parseWebhook(Buffer.from(payload), header)).resolves.toMatchObject({ type: "payment_intent.succeeded", intentId: intent.id });

    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    await expect(provider.parseWebhook(Buffer.from(payload), forged)).rejects.toThrow(WebhookSignatureError);
    const tampered = payload.replace('"amount":2995', '"amount":1');
    await expect(provider.parseWebhook(Buffer.from(tampered), header)).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(Buffer.from(payload), undefined)).rejects.toThrow(WebhookSignatureError);
  });

  it("reads events about other objects as carrying no intent", async () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge" } } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await expect(provider.parseWebhook(Buffer.from(payload), header)).resolves.toMatchObject({ type: "charge.refunded", intentId: null });
  });
});
