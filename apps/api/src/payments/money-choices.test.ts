import { DEMO_STAFF } from "@tearoom/domain";
import { afterEach, describe, expect, it } from "vitest";
import { paymentProvider, setPaymentProvider } from "./services/payment-provider.js";
import { ProviderError } from "./providers/provider.js";
import { bookings, outbox, post, sendWebhook, startHarness, TEA_DATE, teaRequest, type Harness } from "./testing/harness.js";

/**
 * Staff's money choices after the sale: keeping a gift voucher's part used when cancelling (R36
 * "staff may choose otherwise"), the voucher part on the staff booking, and R34's refund choice
 * when a closure cancels paid bookings (R32), a provider refusal included.
 */

let h: Harness;
afterEach(() => h.close());

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const RETURN = "/confirmation?type=afternoon-tea";

let n = 0;
/** A voucher as fulfilment stores it: what is left is its face value. */
function voucher(v: { type?: "monetary" | "afternoonTea"; pricePence?: number; people?: number } = {}): string {
  const i = ++n;
  const code = `TEA-${"ABCDEFGHJKMN"[i % 12]}${"PQRSTUVWXYZ2"[Math.floor(i / 12) % 12]}CD-EFGH-JKMN`;
  const type = v.type ?? "monetary";
  const pricePence = v.pricePence ?? 5000;
  const people = type === "monetary" ? null : (v.people ?? 2);
  h.ctx.sqlite
    .prepare(
      `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining, print_token)
       VALUES (?, ?, ?, ?, ?, 'Grace Hopper', 'grace@example.com', 'Ada Lovelace', 'ada@example.com', '', 0, NULL, '2026-01-01T10:00:00.000Z', '2027-01-01', ?, ?)`,
    )
    .run(
      type,
      code,
      `£${(pricePence / 100).toFixed(2)}`,
      pricePence,
      people,
      type === "monetary" ? pricePence : people,
      `${String(i).padStart(2, "0")}${"c".repeat(30)}`,
    );
  return code;
}

async function signIn(): Promise<string> {
  const res = await post(h, "/api/admin/login", DEMO_STAFF);
  expect(res.statusCode).toBe(200);
  return String(res.headers["set-cookie"]).split(";")[0]!;
}

/** A tea paid with `code` (and by card for the rest, if any); answers the booking's id. */
async function teaWithVoucher(code: string, over: Parameters<typeof teaRequest>[0] = {}): Promise<number> {
  const body = teaRequest(over);
  const res = await post(h, "/api/create-payment-intent", { ...body, metadata: { ...body.metadata, voucherCode: code } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { clientSecret: string | null; bookingReference: string | null; paymentIntentId: string | null };
  if (answer.clientSecret)
    expect((await post(h, "/api/payments/demo/confirm", { clientSecret: answer.clientSecret, card, returnUrl: RETURN })).statusCode).toBe(200);
  const row = (await bookings(h)).find((b) =>
    answer.bookingReference ? b.reference === answer.bookingReference : b.payment_reference === answer.paymentIntentId,
  )!;
  expect(row.status).toBe("confirmed");
  return row.id;
}

/** A tea paid by card alone (£59.90 for 2 unless asked otherwise); answers its id and payment id. */
async function paidTea(over: Parameters<typeof teaRequest>[0] = {}): Promise<{ id: number; paymentId: string }> {
  const res = await post(h, "/api/create-payment-intent", teaRequest(over));
  expect(res.statusCode, res.body).toBe(200);
  const { clientSecret, paymentIntentId } = res.json() as { clientSecret: string; paymentIntentId: string };
  if (h.fake) {
    h.fake.setStatus(paymentIntentId, "succeeded");
    expect((await sendWebhook(h, "payment_intent.succeeded", paymentIntentId)).statusCode).toBe(200);
  } else {
    expect((await post(h, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: RETURN })).json()).toMatchObject({ status: "succeeded" });
  }
  const booking = (await bookings(h)).find((b) => b.payment_reference === paymentIntentId)!;
  return { id: booking.id, paymentId: paymentIntentId };
}

const balance = async (code: string) => (await h.app.inject({ method: "GET", url: `/api/voucher-balance?code=${code}` })).json();
const ledgerKinds = async () => (await h.ctx.db.selectFrom("voucher_ledger").select("kind").orderBy("id").execute()).map((e) => e.kind);
const refunds = () => h.ctx.db.selectFrom("refunds").selectAll().orderBy("id").execute();
const statusOf = async (id: number) => (await bookings(h)).find((b) => b.id === id)!.status;
const lastAudit = async (action: string) => {
  const row = await h.ctx.db.selectFrom("audit_events").selectAll().where("action", "=", action).orderBy("id", "desc").executeTakeFirstOrThrow();
  return JSON.parse(row.after_json!) as Record<string, unknown>;
};
const cancel = (cookie: string, id: number, payload?: object, query = "") =>
  h.app.inject({ method: "DELETE", url: `/api/bookings/${id}${query}`, headers: { cookie }, ...(payload ? { payload } : {}) });
async function trpc(cookie: string, path: string, input: unknown) {
  const res = await h.app.inject({ method: "POST", url: `/api/trpc/${path}`, headers: { cookie }, payload: input as object });
  const body = res.json() as { result?: { data: unknown }; error?: { message: string; data: { code: string } } };
  return { status: res.statusCode, data: body.result?.data as Record<string, unknown> | undefined, message: body.error?.message };
}
const close = (cookie: string, payload: object) => h.app.inject({ method: "POST", url: "/api/closures", headers: { cookie }, payload });
async function staffBooking(cookie: string, id: number) {
  const res = await h.app.inject({ method: "GET", url: "/api/bookings?includeCancelled=true", headers: { cookie } });
  return (res.json() as { id: number; voucher: unknown; payment: unknown }[]).find((b) => b.id === id)!;
}

describe("the voucher part of a booking, as staff see it (R36)", () => {
  it("shows what a monetary voucher paid, and a per-person voucher's people; given back once cancelled", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const monetary = voucher({ pricePence: 7500 });
    const onlyVoucher = await teaWithVoucher(monetary);
    const perPerson = voucher({ type: "afternoonTea", people: 2 });
    const withCard = await teaWithVoucher(perPerson, { teaType: "champagne", time: "15:00", email: "grace@example.com" });
    const { id: cardOnly } = await paidTea({ time: "16:00", email: "mary@example.com" });

    expect(await staffBooking(cookie, onlyVoucher)).toMatchObject({ payment: null, voucher: { code: monetary, amountPence: 5990, givenBack: false } });
    expect(await staffBooking(cookie, withCard)).toMatchObject({ payment: { paidPence: 2000 }, voucher: { code: perPerson, people: 2, givenBack: false } });
    expect((await staffBooking(cookie, cardOnly)).voucher).toBeNull();

    expect((await cancel(cookie, onlyVoucher, undefined, "?notifyGuest=false")).json()).toMatchObject({ status: "cancelled", voucher: { givenBack: true } });
  });
});

describe("keeping the voucher part used when cancelling (R36: staff may choose otherwise)", () => {
  it("REST: restoreVoucher false cancels and keeps the voucher used; the audit event records the choice", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const code = voucher({ pricePence: 7500 });
    const id = await teaWithVoucher(code);

    const res = await cancel(cookie, id, { restoreVoucher: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", voucher: { code, amountPence: 5990, givenBack: false } });
    expect(await balance(code)).toMatchObject({ balancePence: 1510 });
    expect(await ledgerKinds()).toEqual(["redemption"]);
    expect(await lastAudit("booking.cancel")).toMatchObject({ status: "cancelled", voucher: code, voucherGivenBack: false });

    // Left out, it is true: the next cancel gives back (here nothing more: already cancelled, harmless).
    const other = await teaWithVoucher(voucher({ pricePence: 7500 }), { time: "15:00", email: "grace@example.com" });
    expect((await cancel(cookie, other, {})).statusCode).toBe(200);
    expect(await lastAudit("booking.cancel")).toMatchObject({ voucherGivenBack: true });
  });

  it("tRPC: bookings.cancel takes restoreVoucher too", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const code = voucher({ type: "afternoonTea", people: 2 });
    const id = await teaWithVoucher(code);
    const res = await trpc(cookie, "bookings.cancel", { id, notifyGuest: false, restoreVoucher: false });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: "cancelled" });
    expect(await balance(code)).toMatchObject({ peopleRemaining: 0 });
    expect((await trpc(cookie, "bookings.cancel", { id, restoreVoucher: "no" })).status).toBe(400);
  });

  it("a full refund with the cancel keeps the voucher part used when asked, and gives it back by default", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const kept = voucher({ pricePence: 5000 });
    const keptId = await teaWithVoucher(kept);
    const res = await cancel(cookie, keptId, { refund: { reason: "Closed for a leak" }, restoreVoucher: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", payment: { status: "refunded", refundedPence: 990 } });
    expect(await balance(kept)).toMatchObject({ balancePence: 0 });

    const back = voucher({ pricePence: 5000 });
    const backId = await teaWithVoucher(back, { time: "15:00", email: "grace@example.com" });
    expect((await cancel(cookie, backId, { refund: { reason: "Closed for a leak" } })).statusCode).toBe(200);
    expect(await balance(back)).toMatchObject({ balancePence: 5000 });
  });

  it("Stripe: the choice holds even when the charge.refunded webhook records the refund before our call does", async () => {
    h = await startHarness({ stripe: true });
    const cookie = await signIn();
    const teaOnStripe = async (code: string, time: string) => {
      const body = teaRequest({ time });
      const res = await post(h, "/api/create-payment-intent", { ...body, metadata: { ...body.metadata, voucherCode: code } });
      const { paymentIntentId } = res.json() as { paymentIntentId: string };
      h.fake!.setStatus(paymentIntentId, "succeeded");
      expect((await sendWebhook(h, "payment_intent.succeeded", paymentIntentId)).statusCode).toBe(200);
      return (await bookings(h)).find((b) => b.payment_reference === paymentIntentId)!.id;
    };
    // The webhook overtakes our call: Stripe has made the refund, and tells us before we settle it.
    const real = paymentProvider(h.ctx);
    setPaymentProvider(h.ctx, {
      ...real,
      refund: async (input) => {
        const made = await real.refund(input);
        const event = h.fake!.chargeEvent("charge.refunded", input.intentId);
        expect((await sendWebhook(h, "charge.refunded", input.intentId, { payload: event })).statusCode).toBe(200);
        // The webhook recorded it (settled, e-mailed): our own settle then finds nothing left to do.
        expect((await refunds()).at(-1)).toMatchObject({ status: "succeeded", provider_refund_id: made.id });
        return made;
      },
    });
    const kept = voucher({ pricePence: 5000 });
    const keptId = await teaOnStripe(kept, "14:00");
    expect((await cancel(cookie, keptId, { refund: { reason: "Closed" }, restoreVoucher: false })).statusCode).toBe(200);
    expect(h.fake!.refunds.at(-1)!.metadata).toMatchObject({ keep_voucher: "true" });
    expect(await balance(kept)).toMatchObject({ balancePence: 0 });

    const back = voucher({ pricePence: 5000 });
    const backId = await teaOnStripe(back, "15:00");
    expect((await cancel(cookie, backId, { refund: { reason: "Closed" } })).statusCode).toBe(200);
    expect(await balance(back)).toMatchObject({ balancePence: 5000 });
    expect(await refunds()).toHaveLength(2);
  });

  it("refuses a restoreVoucher that is not true or false with 400, and changes nothing", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const code = voucher({ pricePence: 7500 });
    const id = await teaWithVoucher(code);
    const res = await cancel(cookie, id, { restoreVoucher: "no" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("restoreVoucher must be true or false");
    expect(await statusOf(id)).toBe("confirmed");
    expect(await ledgerKinds()).toEqual(["redemption"]);
  });
});

describe("closing a date refunds its paid bookings as staff choose (R32, R34)", () => {
  it("refunds each paid booking in full by default, then cancels it; the guest's one cancel e-mail tells of the refund (R51)", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const a = await paidTea();
    const b = await paidTea({ time: "15:00", email: "grace@example.com", guests: 1 });
    const res = await close(cookie, { date: TEA_DATE, cancelBookings: true });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result.notRefunded).toEqual([]);
    expect(result.cancelled.map((x: { id: number; payment: { status: string } }) => [x.id, x.payment.status])).toEqual([
      [a.id, "refunded"],
      [b.id, "refunded"],
    ]);
    expect((await refunds()).map((r) => [r.booking_id, r.amount_pence, r.reason])).toEqual([
      [a.id, 5990, "The tearoom closed on Wednesday, 3 June 2026"],
      [b.id, 2995, "The tearoom closed on Wednesday, 3 June 2026"],
    ]);
    expect((await outbox(h)).filter((m) => m.kind === "refund-guest")).toHaveLength(0);
    expect((await outbox(h)).filter((m) => m.kind === "booking-cancelled-closure").map((m) => m.to)).toEqual(["ada@example.com", "grace@example.com"]);
    expect(await lastAudit("closure.close")).toMatchObject({ refund: "full", voucherGivenBack: true, notRefunded: [] });
  });

  it("a range (R45) refunds the paid bookings on its dates first, then closes every date and cancels them", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const a = await paidTea();
    const res = await close(cookie, { from: TEA_DATE, to: "2026-06-05", cancelBookings: true });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result.range).toEqual({ from: TEA_DATE, to: "2026-06-05", closedDates: [TEA_DATE, "2026-06-04", "2026-06-05"] });
    expect(result.cancelled.map((x: { id: number; payment: { status: string } }) => [x.id, x.payment.status])).toEqual([[a.id, "refunded"]]);
    expect((await refunds()).map((r) => [r.booking_id, r.amount_pence, r.reason])).toEqual([[a.id, 5990, "The tearoom closed on Wednesday, 3 June 2026"]]);
    expect(await lastAudit("closure.close")).toMatchObject({ refund: "full", dates: [TEA_DATE, "2026-06-04", "2026-06-05"], notRefunded: [] });
  });

  it('refund "none" cancels and refunds nothing (tRPC)', async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const a = await paidTea();
    const res = await trpc(cookie, "closures.close", { date: TEA_DATE, cancelBookings: true, notifyGuests: false, refund: "none" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ closed: true, notRefunded: [] });
    expect(await statusOf(a.id)).toBe("cancelled");
    expect(await refunds()).toEqual([]);
  });

  it("keeps a voucher part used when asked (restoreVoucher false), and gives it back by default", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const kept = voucher({ pricePence: 5000 });
    await teaWithVoucher(kept);
    const res = await close(cookie, { date: TEA_DATE, cancelBookings: true, restoreVoucher: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().cancelled[0]).toMatchObject({ status: "cancelled", payment: { status: "refunded" }, voucher: { code: kept, givenBack: false } });
    expect(await balance(kept)).toMatchObject({ balancePence: 0 });
    expect(await ledgerKinds()).toEqual(["redemption"]);
  });

  it.each([
    [{ refund: "part" }, /^refund: refund must be "full" or "none"/],
    [{ refund: 5 }, /^refund: /],
    [{ restoreVoucher: "yes" }, /^restoreVoucher: restoreVoucher must be true or false/],
  ])("refuses %j with 400: nothing refunded, cancelled or closed", async (extra, text) => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const a = await paidTea();
    const res = await close(cookie, { date: TEA_DATE, cancelBookings: true, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(text);
    expect(await statusOf(a.id)).toBe("confirmed");
    expect(await refunds()).toEqual([]);
    expect((await (await h.app.inject({ method: "GET", url: `/api/closures/${TEA_DATE}`, headers: { cookie } })).json()).closed).toBe(false);
  });

  it("a date already closed is refused (409) before any refund is made", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const a = await paidTea();
    expect((await close(cookie, { date: TEA_DATE, cancelBookings: false })).statusCode).toBe(201);
    expect((await close(cookie, { date: TEA_DATE, cancelBookings: true })).statusCode).toBe(409);
    expect(await statusOf(a.id)).toBe("confirmed");
    expect(await refunds()).toEqual([]);
  });

  it("demo provider refusing one refund: that booking stands, unrefunded and reported; the date closes and the others are cancelled", async () => {
    h = await startHarness({ stripe: false });
    const cookie = await signIn();
    const good = await paidTea();
    const refused = await paidTea({ time: "15:00", email: "grace@example.com" });
    const real = paymentProvider(h.ctx);
    setPaymentProvider(h.ctx, {
      ...real,
      refund: async (input) => (input.intentId === refused.paymentId ? Promise.reject(new ProviderError("the demo provider is down")) : real.refund(input)),
    });

    const res = await close(cookie, { date: TEA_DATE, cancelBookings: true });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result.closed).toBe(true);
    expect(result.cancelled.map((b: { id: number }) => b.id)).toEqual([good.id]);
    expect(result.notRefunded).toHaveLength(1);
    expect(result.notRefunded[0].booking).toMatchObject({ id: refused.id, status: "confirmed", payment: { status: "paid", refundedPence: 0 } });
    expect(result.notRefunded[0].message).toBe(
      "The payment provider did not make the refund (the demo provider is down). Nothing was refunded; please try again.",
    );
    expect(result.bookings.map((b: { id: number }) => b.id)).toEqual([refused.id]);
    expect(await statusOf(refused.id)).toBe("confirmed");
    expect((await refunds()).map((r) => r.booking_id)).toEqual([good.id]);
    // The guest of the booking left standing is told nothing.
    expect((await outbox(h)).filter((m) => m.to === "grace@example.com" && m.kind !== "afternoon-tea-confirmation" && m.kind !== "staff-paid-booking")).toEqual(
      [],
    );
    expect(await lastAudit("closure.close")).toMatchObject({ notRefunded: [(await bookings(h)).find((b) => b.id === refused.id)!.reference] });

    // Once the provider is back, staff refund and cancel it from the reservations as usual (the
    // closure emptied the settings cache: the refund's e-mail must not wait on it inside its transaction).
    setPaymentProvider(h.ctx, real);
    const retry = await cancel(cookie, refused.id, { refund: { reason: "The tearoom closed" } });
    expect(retry.json()).toMatchObject({ status: "cancelled", payment: { status: "refunded" } });
  });

  it("Stripe refusing every refund: the date closes, no booking is cancelled and each is reported", async () => {
    h = await startHarness({ stripe: true });
    const cookie = await signIn();
    const a = await paidTea();
    const b = await paidTea({ time: "15:00", email: "grace@example.com" });
    h.fake!.refundFailure = "Your card issuer could not process the refund.";
    const res = await close(cookie, { date: TEA_DATE, cancelBookings: true });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ closed: true, cancelled: [] });
    expect(result.notRefunded.map((f: { booking: { id: number } }) => f.booking.id)).toEqual([a.id, b.id]);
    expect(result.notRefunded[0].message).toMatch(/^The payment provider did not make the refund \(.+\)\. Nothing was refunded; please try again\.$/);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(["confirmed", "confirmed"]);
    expect(await refunds()).toEqual([]);
  });
});
