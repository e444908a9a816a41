import { DEMO_STAFF } from "@tearoom/domain";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "./providers/stripe-provider.js";
import { setPaymentProvider } from "./services/payment-provider.js";
import { startFakeStripe, type FakeStripe } from "./testing/fake-stripe.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../test/helpers.js";

// R48: staff charge a no-show or late-cancel fee to the card a booking saved (R47), over HTTP, with
// the demo provider and with Stripe (a local fake that saves cards and charges them off session).

const WEBHOOK_SECRET = "whsec_fees";
const signer = new Stripe("sk_test_signer_only");
const SATURDAY = "2027-06-12";
const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });

describe.each(["demo", "stripe"] as const)("fees to a saved card (R48), %s provider", (providerName) => {
  let s: TestServer;
  let fake: FakeStripe | null = null;
  let cookie: string;
  let n = 0;

  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
    if (providerName === "stripe") {
      fake = await startFakeStripe();
      setPaymentProvider(
        s.ctx,
        createStripeProvider({
          secretKey: fake.secretKey,
          publishableKey: "pk_test_x",
          webhookSecret: WEBHOOK_SECRET,
          api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
        }),
      );
    }
    cookie = await s.login();
    await setPolicy("card");
  });
  afterAll(async () => {
    await s.close();
    await fake?.close();
  });

  async function setPolicy(kind: "card" | "none") {
    const res = await s.request("/api/booking-policies/table", {
      method: "PUT",
      cookie,
      json: { kind, depositPencePerGuest: 0, minGuests: 1, weekdays: [], noShowFeePencePerGuest: 1500, lateCancelFeePencePerGuest: 1000, text: "" },
    });
    expect(res.status).toBe(200);
  }

  const post = (path: string, json: unknown) => s.request(path, { method: "POST", json, cookie });
  const fee = (id: number, json: Record<string, unknown>) => post(`/api/bookings/${id}/fees`, json);
  const staffView = async (reference: string) =>
    ((await (await s.request(`/api/bookings?search=${reference}&includeCancelled=true`, { cookie })).json()) as { reference: string; id: number }[]).find(
      (b) => b.reference === reference,
    ) as any;
  const feePayments = (bookingId: number) =>
    s.ctx.db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).where("kind", "=", "booking-fee").execute();

  /** A table request for two under the card policy, its card saved (`0341`: saves, declines every later charge), confirmed by staff. */
  async function bookedWithCard(cardNumber = "4242 4242 4242 4242", time = "12:00") {
    n++;
    const who = { name: `Hazel Guest${n}`, email: `hazel${n}@example.com`, phone: "07700 900123" };
    const res = await s.request("/api/bookings", {
      from: newVisitor(),
      json: { type: "table", date: SATURDAY, time, guests: 2, diningPreference: "lunch", ...who },
    });
    const body = await res.json();
    if (res.status === 202) {
      const secret: string = body.payment.clientSecret;
      if (fake) {
        const saved = fake.completeSetup(secret.split("_secret_")[0]!, { declinesLater: cardNumber.endsWith("0341") });
        const payload = JSON.stringify({ id: `evt_${n}`, object: "event", type: "setup_intent.succeeded", data: { object: saved } });
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const hook = await s.request("/api/stripe/webhook", {
          method: "POST",
          body: payload,
          headers: { "content-type": "application/json", "stripe-signature": signature },
        });
        expect(hook.status).toBe(200);
      } else {
        const saved = await s.request("/api/payments/demo/confirm", { json: { clientSecret: secret, card: card(cardNumber), returnUrl: "/confirmation" } });
        expect(saved.status).toBe(200);
      }
    } else expect(res.status).toBe(201);
    const booking = await staffView(body.reference);
    expect((await post(`/api/bookings/${booking.id}/confirm`, {})).status).toBe(200);
    return { ...booking, who } as { id: number; reference: string; cardOnFile: boolean; who: typeof who };
  }

  /** A new staff session at the clock's time (`s.login()` keeps its first one). */
  const signIn = async () => ((await s.request("/api/admin/login", { json: DEMO_STAFF })).headers.get("set-cookie") ?? "").split(";")[0]!;
  /** Runs `fn` with the clock at `at`, as staff signed in that day (a session does not last days). */
  async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
    const before = s.clock.now;
    s.clock.now = new Date(iso);
    try {
      cookie = await signIn();
      return await fn();
    } finally {
      s.clock.now = before;
      cookie = await signIn();
    }
  }
  const markNoShow = (id: number) =>
    at("2027-06-12T15:00:00Z", async () => expect((await post(`/api/bookings/${id}/arrival`, { status: "no-show" })).status).toBe(200));
  const cancelAt = (id: number, iso: string) =>
    at(iso, async () => expect((await s.request(`/api/bookings/${id}`, { method: "DELETE", cookie })).status).toBe(200));

  it("charges a no-show the policy's fee per guest, shows it in the booking's payment, audits and e-mails it, and only once", async () => {
    const b = await bookedWithCard();
    expect(b.cardOnFile).toBe(true);
    await markNoShow(b.id);
    const res = await fee(b.id, { kind: "no-show", reason: "Did not come and did not call" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ chargedPence: 3000, status: "succeeded" });

    expect((await staffView(b.reference)).payment).toMatchObject({
      status: "paid",
      paidPence: 3000,
      refundedPence: 0,
      fees: [{ kind: "no-show", amountPence: 3000, reason: "Did not come and did not call" }],
    });
    const [mail] = queuedMails(s, { to: b.who.email, kind: "booking-fee" });
    expect(mail!.subject).toBe(`No-show fee of £30.00 charged for your booking (${b.reference})`);
    expect(mail!.text).toContain("Reason: Did not come and did not call");
    const [event] = await (await s.request("/api/audit-events?action=booking.fee&pageSize=1", { cookie })).json();
    expect(event).toMatchObject({ actor: "admin", subject: `Booking ${b.reference}`, after: { fee: { kind: "no-show", amountPence: 3000 } } });
    if (fake) expect(fake.offSessionCharges.at(-1)).toMatchObject({ amount: "3000", off_session: "true", confirm: "true" });

    const again = await fee(b.id, { kind: "no-show", reason: "Twice" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(`Booking ${b.reference} has already been charged its no-show fee.`);
    expect(await feePayments(b.id)).toHaveLength(1);
  });

  it("charges less than the cap when staff say so, and refunds it like any payment", async () => {
    const b = await bookedWithCard();
    await markNoShow(b.id);
    expect(await (await fee(b.id, { kind: "no-show", amountPence: 1200, reason: "Half the party came later" })).json()).toEqual({
      chargedPence: 1200,
      status: "succeeded",
    });
    const refund = await post(`/api/bookings/${b.id}/refunds`, { reason: "Guest was taken ill" });
    expect(refund.status).toBe(201);
    expect(await refund.json()).toMatchObject({ amountPence: 1200, refundedPence: 1200 });
    expect((await staffView(b.reference)).payment).toMatchObject({ paidPence: 1200, refundedPence: 1200, status: "refunded" });
    if (fake) expect(fake.refunds.at(-1)).toMatchObject({ amount: 1200 });
  });

  it("a card that saved but declines (4000 0000 0000 0341): 402 with the provider's message, nothing paid, the attempt recorded", async () => {
    const b = await bookedWithCard("4000 0000 0000 0341");
    await markNoShow(b.id);
    const res = await fee(b.id, { kind: "no-show", reason: "No-show" });
    expect(res.status).toBe(402);
    expect((await res.json()).message).toBe("Your card was declined.");
    expect((await staffView(b.reference)).payment).toBeNull();
    const attempts = await feePayments(b.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: "failed", failure_message: "Your card was declined.", amount_pence: 3000 });
    expect(queuedMails(s, { to: b.who.email, kind: "booking-fee" })).toEqual([]);
    const [event] = await (await s.request("/api/audit-events?action=booking.fee-declined&pageSize=1", { cookie })).json();
    expect(event.subject).toBe(`Booking ${b.reference}`);
    // A second attempt is a new charge (a new key), declined again, and still nothing paid.
    expect((await fee(b.id, { kind: "no-show", reason: "No-show" })).status).toBe(402);
    expect(await feePayments(b.id)).toHaveLength(2);
    expect((await staffView(b.reference)).payment).toBeNull();
  });

  it("charges a late-cancel fee for a cancel after the cut-off, and refuses one before it (409)", async () => {
    const late = await bookedWithCard("4242 4242 4242 4242", "13:00");
    // 48 hours before 13:00 London on the 12th is 12:00 UTC on the 10th.
    await cancelAt(late.id, "2027-06-10T12:30:00Z");
    expect((await fee(late.id, { kind: "no-show", reason: "x" })).status).toBe(409);
    const res = await fee(late.id, { kind: "late-cancel", reason: "Cancelled by phone the day before" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ chargedPence: 2000, status: "succeeded" });
    expect((await staffView(late.reference)).payment.fees).toEqual([{ kind: "late-cancel", amountPence: 2000, reason: "Cancelled by phone the day before" }]);

    const early = await bookedWithCard("4242 4242 4242 4242", "13:00");
    await cancelAt(early.id, "2027-06-10T11:30:00Z");
    const refused = await fee(early.id, { kind: "late-cancel", reason: "x" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      `Booking ${early.reference} was not cancelled after the cut-off (48 hours before the visit), so no late-cancel fee can be charged.`,
    );
    expect(await feePayments(early.id)).toEqual([]);
  });

  it("409 without the no-show mark or a saved card; 400 over the cap or without a reason; nothing charged", async () => {
    const b = await bookedWithCard("4242 4242 4242 4242", "14:00");
    const notMarked = await fee(b.id, { kind: "no-show", reason: "x" });
    expect(notMarked.status).toBe(409);
    expect((await notMarked.json()).message).toMatch(/is not marked as a no-show/);
    expect((await fee(b.id, { kind: "late-cancel", reason: "x" })).status).toBe(409);

    await markNoShow(b.id);
    const over = await fee(b.id, { kind: "no-show", amountPence: 3001, reason: "x" });
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe("amountPence: at most £30.00 (3000p), the policy's £15.00 per guest for 2 guests");
    for (const [body, field] of [
      [{ kind: "no-show" }, "reason"],
      [{ kind: "no-show", reason: "   " }, "reason"],
      [{ kind: "no-show", reason: "x", amountPence: "ten" }, "amountPence"],
      [{ kind: "no-show", reason: "x", amountPence: 10 }, "amountPence"],
      [{ kind: "lost-glass", reason: "x" }, "kind"],
    ] as const) {
      const res = await fee(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await feePayments(b.id)).toEqual([]);
    expect((await fee(999_999, { kind: "no-show", reason: "x" })).status).toBe(404);
    expect((await s.request(`/api/bookings/${b.id}/fees`, { method: "POST", json: { kind: "no-show", reason: "x" } })).status).toBe(401);

    await setPolicy("none");
    try {
      const noCard = await bookedWithCard("", "14:00");
      expect(noCard.cardOnFile).toBe(false);
      await markNoShow(noCard.id);
      const res = await fee(noCard.id, { kind: "no-show", reason: "x" });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(`Booking ${noCard.reference} has no saved card, so no fee can be charged.`);
    } finally {
      await setPolicy("card");
    }
  });
});
