import { DEMO_STAFF, ERASED } from "@tearoom/domain";
import { afterEach, describe, expect, it } from "vitest";
import { setPaymentProvider, paymentProvider } from "./services/payment-provider.js";
import { erasePerson } from "../privacy/services/privacy.js";
import { ProviderError } from "./providers/provider.js";
import { bookings, outbox, post, sendWebhook, startHarness, teaRequest, type Harness } from "./testing/harness.js";

/** R34: refunds of booking payments, on both providers, over REST and tRPC. */

let h: Harness;
afterEach(() => h.close());

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

async function signIn(): Promise<string> {
  const res = await post(h, "/api/admin/login", DEMO_STAFF);
  expect(res.statusCode).toBe(200);
  return String(res.headers["set-cookie"]).split(";")[0]!;
}

/** A paid afternoon tea (2 × traditional, £59.90 unless asked otherwise); answers the booking's id and payment id. */
async function paidTea(over: Parameters<typeof teaRequest>[0] = {}): Promise<{ id: number; paymentId: string }> {
  const res = await post(h, "/api/create-payment-intent", teaRequest(over));
  expect(res.statusCode).toBe(200);
  const { clientSecret, paymentIntentId } = res.json() as { clientSecret: string; paymentIntentId: string };
  if (h.fake) {
    h.fake.setStatus(paymentIntentId, "succeeded");
    expect((await sendWebhook(h, "payment_intent.succeeded", paymentIntentId)).statusCode).toBe(200);
  } else {
    const paid = await post(h, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" });
    expect(paid.json()).toMatchObject({ status: "succeeded" });
  }
  const booking = (await bookings(h)).find((b) => b.payment_reference === paymentIntentId)!;
  expect(booking.status).toBe("confirmed");
  return { id: booking.id, paymentId: paymentIntentId };
}

const refund = (cookie: string, id: number | string, body: unknown) =>
  h.app.inject({ method: "POST", url: `/api/bookings/${id}/refunds`, headers: { cookie }, payload: body as object });
/** `bookings.refund` over tRPC as the admin calls it: the answer's data, or its error's code and message. */
async function trpcRefund(cookie: string, input: unknown) {
  const res = await h.app.inject({ method: "POST", url: "/api/trpc/bookings.refund", headers: { cookie }, payload: input as object });
  const body = res.json() as { result?: { data: unknown }; error?: { message: string; data: { code: string } } };
  return { status: res.statusCode, data: body.result?.data, code: body.error?.data.code, message: body.error?.message };
}
const refunds = () => h.ctx.db.selectFrom("refunds").selectAll().orderBy("id").execute();
const refundMails = async () => (await outbox(h)).filter((m) => m.kind === "refund-guest");
async function staffBooking(cookie: string, id: number) {
  const res = await h.app.inject({ method: "GET", url: "/api/bookings?includeCancelled=true", headers: { cookie } });
  return (res.json() as { id: number; payment: unknown; testPayment: boolean }[]).find((b) => b.id === id)!;
}

describe.each([
  ["demo", false],
  ["Stripe", true],
] as const)("refunds on the %s provider (R34)", (_name, stripe) => {
  it("refunds part, then the rest; each refund is recorded with who and why, and e-mails the guest", async () => {
    h = await startHarness({ stripe });
    const cookie = await signIn();
    const { id, paymentId } = await paidTea();
    expect((await staffBooking(cookie, id)).payment).toEqual({ status: "paid", paidPence: 5990, refundedPence: 0, reference: paymentId, balancePence: null });

    const half = await refund(cookie, id, { amountPence: 2995, reason: "One guest could not come" });
    expect(half.statusCode).toBe(201);
    expect(half.json()).toEqual({ amountPence: 2995, refundedPence: 2995, status: "partly-refunded" });
    expect((await staffBooking(cookie, id)).payment).toMatchObject({ status: "partly-refunded", paidPence: 5990, refundedPence: 2995 });

    const rest = await refund(cookie, id, { reason: "Cancelled by phone" });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toEqual({ amountPence: 2995, refundedPence: 5990, status: "refunded" });
    expect((await staffBooking(cookie, id)).payment).toMatchObject({ status: "refunded", refundedPence: 5990 });

    expect(await refunds()).toMatchObject([
      { booking_id: id, payment_id: paymentId, amount_pence: 2995, reason: "One guest could not come", actor: DEMO_STAFF.username, status: "succeeded" },
      { booking_id: id, payment_id: paymentId, amount_pence: 2995, reason: "Cancelled by phone", actor: DEMO_STAFF.username, status: "succeeded" },
    ]);
    const ids = (await refunds()).map((r) => r.provider_refund_id);
    expect(ids.every((r) => r?.startsWith("re_"))).toBe(true);
    if (h.fake) {
      // Through Stripe Refunds, each with its own idempotency key.
      expect(h.fake.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
        [paymentId, 2995],
        [paymentId, 2995],
      ]);
      expect(new Set(h.fake.refundKeys).size).toBe(2);
      expect(h.fake.refundKeys.every((k) => k?.startsWith("refund-"))).toBe(true);
    } else {
      expect(await paymentProvider(h.ctx).listRefunds(paymentId)).toHaveLength(2);
    }

    const mails = await refundMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["ada@example.com", `${stripe ? "" : "[Test mode] "}Your refund of £29.95 – booking ${(await bookings(h))[0]!.reference}`],
      ["ada@example.com", `${stripe ? "" : "[Test mode] "}Your refund of £29.95 – booking ${(await bookings(h))[0]!.reference}`],
    ]);
    expect(mails[1]!.text).toContain("£59.90 (the full amount)");
    // The staff member's reason is internal (R26 and R30's spirit): it never reaches the guest.
    expect(mails.some((m) => m.text.includes("Cancelled by phone") || m.html.includes("Cancelled by phone"))).toBe(false);
    if (!stripe) expect(mails[0]!.text).toContain("Test mode – no real charge was made");

    // Nothing left: a further refund is a conflict, and nothing more is asked of the provider.
    const more = await refund(cookie, id, { reason: "Again" });
    expect(more.statusCode).toBe(409);
    expect(await refunds()).toHaveLength(2);
  });

  it("refuses more than is left with 400, an unpaid booking with 409 and an unknown one with 404, recording nothing", async () => {
    h = await startHarness({ stripe });
    const cookie = await signIn();
    const { id } = await paidTea();
    expect((await refund(cookie, id, { amountPence: 4000, reason: "Part" })).statusCode).toBe(201);

    const over = await refund(cookie, id, { amountPence: 1991, reason: "Too much" });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`amountPence: £19.91 is more than the £19.90 that can still be refunded on booking ${(await bookings(h))[0]!.reference}.`);

    // An unpaid hold (a tea not paid for yet) and a table request have nothing to refund.
    await post(h, "/api/create-payment-intent", teaRequest({ email: "grace@example.com", name: "Grace" }));
    const hold = (await bookings(h)).find((b) => b.status === "held")!;
    const unpaid = await refund(cookie, hold.id, { reason: "No" });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(`Booking ${hold.reference} has not been paid, so there is nothing to refund.`);

    const unknown = await refund(cookie, 99999, { reason: "No" });
    expect(unknown.statusCode).toBe(404);
    expect((await refund(cookie, id, { amountPence: "10", reason: "No" })).statusCode).toBe(400);
    expect((await refund(cookie, id, { amountPence: 10.5, reason: "No" })).statusCode).toBe(400);
    const noReason = await refund(cookie, id, { amountPence: 10 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason: /);
    expect((await h.app.inject({ method: "POST", url: `/api/bookings/${id}/refunds`, payload: { reason: "x" } })).statusCode).toBe(401);

    expect((await refunds()).map((r) => r.amount_pence)).toEqual([4000]);
    expect(await refundMails()).toHaveLength(1);
  });

  it("never refunds more than was paid, however many staff refund at once", async () => {
    h = await startHarness({ stripe });
    const cookie = await signIn();
    const { id } = await paidTea(); // £59.90
    // Eight refunds of £10 at once: at most five fit.
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(cookie, id, { amountPence: 1000, reason: "Together" })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    expect((await refunds()).reduce((n, r) => n + r.amount_pence, 0)).toBe(5000);
    if (h.fake) expect(h.fake.refunds.reduce((n, r) => n + r.amount, 0)).toBe(5000);
    else expect((await paymentProvider(h.ctx).listRefunds((await bookings(h))[0]!.payment_reference!)).reduce((n, r) => n + r.amountPence, 0)).toBe(5000);
    // Then "everything left" takes exactly what is left.
    expect((await refund(cookie, id, { reason: "Rest" })).json()).toEqual({ amountPence: 990, refundedPence: 5990, status: "refunded" });
  });

  it("records nothing when the provider fails, and says so with a 502, never a 500", async () => {
    h = await startHarness({ stripe });
    const cookie = await signIn();
    const { id } = await paidTea();
    if (h.fake) h.fake.refundFailure = "Your card issuer could not process the refund.";
    else {
      const real = paymentProvider(h.ctx);
      setPaymentProvider(h.ctx, { ...real, refund: async () => Promise.reject(new ProviderError("the demo provider is down")) });
    }
    const res = await refund(cookie, id, { amountPence: 1000, reason: "Try" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^The payment provider did not make the refund \(.+\)\. Nothing was refunded; please try again\.$/);
    expect(await refunds()).toEqual([]);
    expect(await refundMails()).toEqual([]);

    // Over tRPC too, with the same message.
    const viaTrpc = await trpcRefund(cookie, { id, amountPence: 1000, reason: "Try" });
    expect(viaTrpc).toMatchObject({ status: 502, code: "BAD_GATEWAY", message: res.json().message });
    expect(await refunds()).toEqual([]);
  });

  it("a cancel may carry the refund choice: refunded first, then cancelled; a refused refund cancels nothing", async () => {
    h = await startHarness({ stripe });
    const cookie = await signIn();
    const { id } = await paidTea();
    const tooMuch = await h.app.inject({
      method: "DELETE",
      url: `/api/bookings/${id}`,
      headers: { cookie },
      payload: { refund: { amountPence: 9999, reason: "Cancelled" } },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect((await bookings(h))[0]!.status).toBe("confirmed");

    const res = await h.app.inject({
      method: "DELETE",
      url: `/api/bookings/${id}`,
      headers: { cookie },
      payload: { refund: { reason: "Cancelled by the guest" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", payment: { status: "refunded", refundedPence: 5990 } });
    // R51: the guest gets one e-mail, the cancel's, saying where the money goes; no refund e-mail beside it.
    expect(await refundMails()).toHaveLength(0);
    const cancelled = (await outbox(h)).filter((m) => m.kind === "booking-cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain(
      stripe ? "£59.90 goes back to your card (3–5 working days)." : "£59.90 is refunded in test mode: nothing was charged, so nothing reaches your card.",
    );
  });
});

describe("the balance after staff change the guests on a paid tea (R34)", () => {
  it("is due when guests are added, overpaid when removed, settled once refunded", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const { id } = await paidTea(); // 2 × £29.95 paid
    const edit = (guests: number) =>
      h.app.inject({
        method: "PATCH",
        url: `/api/bookings/${id}`,
        headers: { cookie },
        payload: { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890", date: "2026-06-03", time: "14:00", guests },
      });
    const five = await edit(5);
    expect(five.statusCode).toBe(200);
    expect(five.json().booking.payment).toMatchObject({ status: "paid", balancePence: 5 * 2995 - 5990 });
    expect((await edit(1)).json().booking.payment.balancePence).toBe(-2995);
    expect((await refund(cookie, id, { amountPence: 2995, reason: "One guest fewer" })).statusCode).toBe(201);
    expect((await staffBooking(cookie, id)).payment).toMatchObject({ status: "partly-refunded", balancePence: 0 });
  });
});

describe("erasing a person (R39)", () => {
  it("erases the staff's reasons for refunding their booking; amounts and who refunded stay", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const { id } = await paidTea();
    expect((await refund(cookie, id, { amountPence: 1000, reason: "Ada Lovelace rang about her mother" })).statusCode).toBe(201);
    await erasePerson(h.ctx, { userId: 1, username: DEMO_STAFF.username, role: "owner", tokenHash: "" }, "ada@example.com");
    expect(await refunds()).toMatchObject([{ amount_pence: 1000, actor: DEMO_STAFF.username, reason: ERASED.message }]);
    expect((await staffBooking(cookie, id)).payment).toMatchObject({ refundedPence: 1000 });
  });
});

describe("tRPC bookings.refund (R34)", () => {
  it("refunds as the signed-in staff member", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const { id } = await paidTea();
    expect((await trpcRefund(cookie, { id, amountPence: 995, reason: "Scone shortage" })).data).toEqual({
      amountPence: 995,
      refundedPence: 995,
      status: "partly-refunded",
    });
    expect(await refunds()).toMatchObject([{ actor: DEMO_STAFF.username, reason: "Scone shortage" }]);
    expect(await trpcRefund(cookie, { id, amountPence: 999999, reason: "x" })).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(await trpcRefund("", { id, reason: "x" })).toMatchObject({ status: 401 });
  });
});

describe("Stripe's charge.refunded webhook (R34)", () => {
  it("records a refund made in Stripe's dashboard once, however often the event is delivered", async () => {
    h = await startHarness({ stripe: true });
    const cookie = await signIn();
    const { id, paymentId } = await paidTea();
    const made = h.fake!.dashboardRefund(paymentId, 1500);
    const event = h.fake!.chargeEvent("charge.refunded", paymentId);
    for (let i = 0; i < 5; i++) expect((await sendWebhook(h, "charge.refunded", paymentId, { payload: event })).statusCode).toBe(200);
    expect(await refunds()).toMatchObject([
      { booking_id: id, amount_pence: 1500, provider_refund_id: made.id, actor: "Stripe dashboard", status: "succeeded" },
    ]);
    expect(await refundMails()).toHaveLength(1);
    expect((await staffBooking(cookie, id)).payment).toMatchObject({ status: "partly-refunded", refundedPence: 1500 });

    // Our own refund's event, arriving late, matches the refund we recorded: still one each.
    expect((await refund(cookie, id, { amountPence: 500, reason: "Ours" })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) await sendWebhook(h, "charge.refunded", paymentId, { payload: h.fake!.chargeEvent("charge.refunded", paymentId) });
    expect((await refunds()).map((r) => [r.amount_pence, r.actor])).toEqual([
      [1500, "Stripe dashboard"],
      [500, DEMO_STAFF.username],
    ]);
    expect(await refundMails()).toHaveLength(2);
  });

  it("refuses a forged charge.refunded and records nothing", async () => {
    h = await startHarness({ stripe: true });
    const { paymentId } = await paidTea();
    h.fake!.dashboardRefund(paymentId, 1500);
    const res = await sendWebhook(h, "charge.refunded", paymentId, { payload: h.fake!.chargeEvent("charge.refunded", paymentId), secret: "whsec_forged" });
    expect(res.statusCode).toBe(400);
    expect(await refunds()).toEqual([]);
  });
});
