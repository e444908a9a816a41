import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "./providers/stripe-provider.js";
import { setPaymentProvider } from "./services/payment-provider.js";
import { startFakeStripe, type FakeStripe } from "./testing/fake-stripe.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../test/helpers.js";

// R47 with Stripe (a local fake): a card saved through a SetupIntent and a deposit through a
// PaymentIntent, each made good by the signed webhook, which only says what to re-read (decision 004).

const WEBHOOK_SECRET = "whsec_policies";
let s: TestServer;
let fake: FakeStripe;
let cookie: string;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  fake = await startFakeStripe();
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  setPaymentProvider(
    s.ctx,
    createStripeProvider({
      secretKey: fake.secretKey,
      publishableKey: "pk_test_x",
      webhookSecret: WEBHOOK_SECRET,
      api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
    }),
  );
  cookie = await s.login();
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

let guests = 0;
async function requestTable() {
  guests++;
  const who = { name: `Rowan Guest${guests}`, email: `rowan${guests}@example.com`, phone: "07700 900123" };
  const res = await s.request("/api/bookings", {
    from: newVisitor(),
    json: { type: "table", date: "2027-06-12", time: "12:00", guests: 2, diningPreference: "lunch", ...who },
  });
  return { res, body: await res.json(), who };
}
const setPolicy = async (json: Record<string, unknown>) => {
  const res = await s.request("/api/booking-policies/table", {
    method: "PUT",
    cookie,
    json: { depositPencePerGuest: 0, minGuests: 1, weekdays: [], noShowFeePencePerGuest: 0, lateCancelFeePencePerGuest: 0, text: "", ...json },
  });
  expect(res.status).toBe(200);
};
function webhook(type: string, object: object) {
  const payload = JSON.stringify({ id: `evt_${type}`, object: "event", type, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return s.request("/api/stripe/webhook", { headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload, method: "POST" });
}
const bookingRow = (reference: string) => s.ctx.db.selectFrom("bookings").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

describe("Stripe: booking policies (R47)", () => {
  it("card on file: a customer and an off-session SetupIntent; the webhook makes the request with the card recorded", async () => {
    await setPolicy({ kind: "card", noShowFeePencePerGuest: 1500 });
    const { res, body, who } = await requestTable();
    expect(res.status).toBe(202);
    expect(body.payment).toMatchObject({ kind: "setup", amountPence: 0 });
    const setupId = body.payment.clientSecret.split("_secret_")[0];
    const si = fake.setupIntents.get(setupId)!;
    expect(si).toMatchObject({ usage: "off_session", metadata: { kind: "booking-card", booking: body.reference } });
    expect(fake.customers.get(si.customer)).toMatchObject({ email: who.email });

    // Not saved yet: a notice changes nothing.
    expect((await webhook("setup_intent.created", si)).status).toBe(200);
    expect((await bookingRow(body.reference)).status).toBe("held");

    const saved = fake.completeSetup(setupId);
    expect((await webhook("setup_intent.succeeded", saved)).status).toBe(200);
    expect((await webhook("setup_intent.succeeded", saved)).status).toBe(200);
    expect(await bookingRow(body.reference)).toMatchObject({ status: "pending", card_customer_id: si.customer, card_payment_method_id: saved.payment_method });
    expect(queuedMails(s, { to: who.email, kind: "booking-request-received" })).toHaveLength(1);
  });

  it("deposit: a PaymentIntent for £10 a guest; paid, the request is pending with the deposit", async () => {
    await setPolicy({ kind: "deposit", depositPencePerGuest: 1000 });
    const { res, body, who } = await requestTable();
    expect(res.status).toBe(202);
    expect(body.payment).toMatchObject({ kind: "deposit", amountPence: 2000 });
    const intentId = body.payment.clientSecret.split("_secret_")[0];
    expect(fake.intents.get(intentId)).toMatchObject({ amount: 2000, metadata: { kind: "booking-deposit", booking: body.reference } });
    expect((await webhook("payment_intent.succeeded", fake.setStatus(intentId, "succeeded"))).status).toBe(200);
    expect((await bookingRow(body.reference)).status).toBe("pending");
    const [mail] = queuedMails(s, { to: who.email, kind: "booking-request-received" });
    expect(mail!.text).toContain("Deposit paid: £20.00.");
  });
});
