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

describe("Stripe provider: saved cards and off-session charges (R47, R48)", () => {
  it("creates a customer and an off-session SetupIntent, and reads the saved card once it succeeds", async () => {
    const setup = await provider.createSetupIntent({
      email: "flora@example.com",
      name: "Flora",
      description: "Card on file",
      metadata: { booking: "TR-CARD01" },
      idempotencyKey: "card-TR-CARD01",
    });
    expect(setup).toMatchObject({ status: "requires_payment_method", paymentMethodId: null, metadata: { booking: "TR-CARD01" } });
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.id}_secret_`));
    expect(fake.customers.get(setup.customerId)).toMatchObject({ email: "flora@example.com", name: "Flora" });
    expect(fake.setupIntents.get(setup.id)).toMatchObject({ usage: "off_session", customer: setup.customerId });
    // The same key asks for the same customer and SetupIntent.
    const again = await provider.createSetupIntent({
      email: "flora@example.com",
      name: "Flora",
      description: "x",
      metadata: {},
      idempotencyKey: "card-TR-CARD01",
    });
    expect(again).toMatchObject({ id: setup.id, customerId: setup.customerId });

    const saved = fake.completeSetup(setup.id);
    expect(await provider.retrieveSetupIntent(setup.id)).toMatchObject({
      status: "succeeded",
      paymentMethodId: saved.payment_method,
      customerId: setup.customerId,
    });
  });

  it("charges a saved card off session, confirmed at once, and answers a decline with Stripe's message, nothing charged", async () => {
    const good = await provider.createSetupIntent({ email: "a@example.com", name: "A", description: "x", metadata: {}, idempotencyKey: "card-good" });
    const goodCard = fake.completeSetup(good.id).payment_method!;
    const charged = await provider.chargeOffSession({
      customerId: good.customerId,
      paymentMethodId: goodCard,
      amountPence: 4000,
      currency: "gbp",
      description: "No-show fee",
      metadata: { booking: "TR-FEE001" },
      idempotencyKey: "fee-1",
    });
    expect(charged.status).toBe("succeeded");
    expect(charged.status === "succeeded" && charged.intent).toMatchObject({ amountPence: 4000, status: "succeeded" });
    expect(fake.offSessionCharges.at(-1)).toMatchObject({ customer: good.customerId, payment_method: goodCard, off_session: "true", confirm: "true" });

    const bad = await provider.createSetupIntent({ email: "b@example.com", name: "B", description: "x", metadata: {}, idempotencyKey: "card-bad" });
    const badCard = fake.completeSetup(bad.id, { declinesLater: true }).payment_method!;
    const declined = await provider.chargeOffSession({
      customerId: bad.customerId,
      paymentMethodId: badCard,
      amountPence: 4000,
      currency: "gbp",
      description: "No-show fee",
      metadata: {},
      idempotencyKey: "fee-2",
    });
    expect(declined).toMatchObject({ status: "declined", message: "Your card was declined." });
    const intentId = declined.status === "declined" ? declined.intentId : null;
    expect(fake.intents.get(intentId!)?.status).toBe("requires_payment_method");

    // A card that is not the customer's is the provider refusing the request, not a decline.
    await expect(
      provider.chargeOffSession({
        customerId: good.customerId,
        paymentMethodId: badCard,
        amountPence: 100,
        currency: "gbp",
        description: "x",
        metadata: {},
        idempotencyKey: "fee-3",
      }),
    ).rejects.toThrow(ProviderError);
  });

  it("reads a setup_intent event as naming its SetupIntent", async () => {
    const payload = JSON.stringify({
      id: "evt_2",
      object: "event",
      type: "setup_intent.succeeded",
      data: { object: { id: "seti_1", object: "setup_intent" } },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await expect(provider.parseWebhook(Buffer.from(payload), header)).resolves.toMatchObject({ type: "setup_intent.succeeded", intentId: "seti_1" });
  });
});
