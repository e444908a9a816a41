import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "./provider.js";
import type { DemoProvider } from "./demo-provider.js";
import { paymentProvider } from "../services/payment-provider.js";
import { startTestServer, type TestServer } from "../../test/helpers.js";

// R47, R48: the demo provider saves cards and charges them off session as Stripe does (decision 004).

let s: TestServer;
let demo: DemoProvider;
beforeAll(async () => {
  s = await startTestServer();
  demo = paymentProvider(s.ctx) as DemoProvider;
});
afterAll(async () => s.close());

const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });
async function savedCard(number: string) {
  const setup = await demo.createSetupIntent({
    email: "flora@example.com",
    name: "Flora",
    description: "Card on file",
    metadata: {},
    idempotencyKey: `card-${number}`,
  });
  expect(setup).toMatchObject({ status: "requires_payment_method", paymentMethodId: null });
  expect(setup.id).toMatch(/^seti_/);
  expect(setup.customerId).toMatch(/^cus_/);
  const saved = await demo.confirmSetupWithCard(setup.clientSecret, card(number));
  if (saved.status !== "succeeded") throw new Error(saved.message);
  return saved.setup;
}
const charge = (customerId: string, paymentMethodId: string, idempotencyKey: string) =>
  demo.chargeOffSession({ customerId, paymentMethodId, amountPence: 2500, currency: "gbp", description: "No-show fee", metadata: {}, idempotencyKey });

describe("demo provider: saved cards and off-session charges", () => {
  it("4242 is saved and charged off session", async () => {
    const setup = await savedCard("4242 4242 4242 4242");
    expect(await demo.retrieveSetupIntent(setup.id)).toMatchObject({ status: "succeeded", paymentMethodId: setup.paymentMethodId });
    const charged = await charge(setup.customerId, setup.paymentMethodId!, "fee-a");
    expect(charged.status).toBe("succeeded");
    if (charged.status === "succeeded") expect(await demo.retrieveIntent(charged.intent.id)).toMatchObject({ status: "succeeded", amountPence: 2500 });
  });

  it("4000 0000 0000 0341 is saved, then every charge is declined with the provider's message and nothing is taken", async () => {
    const setup = await savedCard("4000 0000 0000 0341");
    const declined = await charge(setup.customerId, setup.paymentMethodId!, "fee-b");
    expect(declined).toMatchObject({ status: "declined", message: "Your card was declined." });
    if (declined.status === "declined") expect((await demo.retrieveIntent(declined.intentId!)).status).toBe("requires_payment_method");
  });

  it("a declined card is not saved; an unknown card or another customer's is refused", async () => {
    const setup = await demo.createSetupIntent({ email: "x@example.com", name: "X", description: "x", metadata: {}, idempotencyKey: "card-x" });
    expect(await demo.confirmSetupWithCard(setup.clientSecret, card("4000 0000 0000 0002"))).toMatchObject({
      status: "failed",
      message: "Your card was declined.",
    });
    expect((await demo.retrieveSetupIntent(setup.id)).paymentMethodId).toBeNull();
    const other = await savedCard("4242424242424242");
    await expect(charge(setup.customerId, other.paymentMethodId!, "fee-c")).rejects.toThrow(ProviderError);
    await expect(charge(other.customerId, "pm_unknown", "fee-d")).rejects.toThrow(ProviderError);
  });
});
