import { DEMO_STAFF } from "@tearoom/domain";
import { afterEach, describe, expect, it } from "vitest";
import { updateSetting } from "../bookings/services/booking-settings.js";
import { outbox, payments, sendWebhook, startHarness, TEA_DATE, type Harness } from "./testing/harness.js";

/** R49: payment links, over HTTP, on both providers (and both databases: test-pg.sh runs this file on PostgreSQL). */

let h: Harness;
let base = "";
afterEach(() => h.close());

async function start(stripe: boolean) {
  h = await startHarness({ stripe });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

type Answer = { status: number; body: any };
async function http(path: string, init: { method?: string; json?: unknown; cookie?: string } = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: { ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO_STAFF) });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** A table for three taken by phone, as the admin's dialog sends it; `email` "" when the caller gave none. */
async function phoneBooking(cookie: string, email: string): Promise<{ id: number; reference: string }> {
  const res = await http("/api/trpc/bookings.create", {
    cookie,
    json: { type: "table", date: TEA_DATE, time: "12:00", guests: 3, name: "Mary Phone", email, phone: "01234 567890", diningPreference: "lunch" },
  });
  expect(res.status).toBe(200);
  return res.body.result.data.booking;
}

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const tokenOf = (url: string) => url.split("/pay/")[1]!;
const staffView = async (cookie: string, id: number) =>
  (await http(`/api/bookings?includeCancelled=true`, { cookie })).body.find((b: { id: number }) => b.id === id);

describe("a phone booking without an e-mail address (R49)", () => {
  it("is saved with an empty address, and nothing is ever e-mailed to it", async () => {
    await start(false);
    const cookie = await signIn();
    const before = (await outbox(h)).length;
    const booking = await phoneBooking(cookie, "");
    const stored = await staffView(cookie, booking.id);
    expect(stored).toMatchObject({ email: "", phone: "01234 567890", status: "confirmed" });
    // Moved and then cancelled, with the guest to be told each time: still nothing to the empty address.
    const moved = await http(`/api/bookings/${booking.id}`, {
      method: "PATCH",
      cookie,
      json: { date: TEA_DATE, time: "13:00", name: "Mary Phone", email: "", phone: "01234 567890", guests: 3 },
    });
    expect(moved.status).toBe(200);
    expect((await http(`/api/bookings/${booking.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const mails = (await outbox(h)).slice(before);
    expect(mails.filter((m) => m.to_address.trim() === "")).toEqual([]);
    expect(mails.every((m) => m.to_address === "admin@heritagetearoom.com" || m.kind.startsWith("staff"))).toBe(true);
  });

  it("still refuses a malformed address, naming the field", async () => {
    await start(false);
    const cookie = await signIn();
    const res = await http("/api/trpc/bookings.create", {
      cookie,
      json: { type: "table", date: TEA_DATE, time: "12:00", guests: 3, name: "Mary Phone", email: "mary@", phone: "01234 567890", diningPreference: "lunch" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("email: Please enter a valid email.");
  });

  it("cannot be sent a payment link: 409 with the reason, nothing made", async () => {
    await start(false);
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "");
    const before = (await outbox(h)).length;
    const res = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "deposit", amountPence: 1500 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Booking ${booking.reference} has no e-mail address, so a payment link cannot be sent. Add the guest's e-mail address first, or take the payment by phone.`,
    );
    expect(await payments(h)).toEqual([]);
    expect((await outbox(h)).length).toBe(before);
  });
});

describe.each([
  ["demo", false],
  ["Stripe", true],
] as const)("payment links on the %s provider (R49)", (_name, stripe) => {
  /** Pays the link's intent as the guest's browser (demo) or Stripe (a succeeded intent and its webhook) would. */
  async function pay(clientSecret: string, paymentId: string): Promise<number> {
    if (!stripe) return (await http("/api/payments/demo/confirm", { json: { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" } })).status;
    h.fake!.setStatus(paymentId, "succeeded");
    return (await sendWebhook(h, "payment_intent.succeeded", paymentId)).statusCode;
  }

  it("sends a deposit link by e-mail; the guest sees the booking, pays once, and the booking shows paid and refundable", async () => {
    await start(stripe);
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "mary@example.com");
    const sent = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "deposit", amountPence: 1500 } });
    expect(sent.status).toBe(201);
    expect(sent.body.url).toMatch(/^http:\/\/localhost:4999\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(sent.body.expiresAt).toBe("2026-06-08T09:00:00.000Z"); // 7 days, the default of payment_link_days

    const mail = (await outbox(h)).find((m) => m.kind === "payment-link")!;
    expect(mail).toMatchObject({ to_address: "mary@example.com", subject: `Please pay £15.00 for your booking (${booking.reference})` });
    expect(mail.text).toContain(sent.body.url);
    // Only the token's hash is kept.
    const stored = await h.ctx.db.selectFrom("payment_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(sent.body.url));

    expect((await staffView(cookie, booking.id)).payment).toMatchObject({
      status: "awaiting",
      paidPence: 0,
      awaiting: { amountPence: 1500, expiresAt: sent.body.expiresAt },
    });

    const page = await http(`/api/payment-links/${tokenOf(sent.body.url)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: "open",
      kind: "deposit",
      reference: booking.reference,
      date: TEA_DATE,
      time: "12:00",
      guests: 3,
      amountPence: 1500,
    });
    const paymentId = page.body.clientSecret.split("_secret_")[0];

    expect(await pay(page.body.clientSecret, paymentId)).toBe(200);
    expect((await http(`/api/payment-links/${tokenOf(sent.body.url)}`)).body).toMatchObject({ status: "paid", clientSecret: null });
    expect((await staffView(cookie, booking.id)).payment).toMatchObject({ status: "paid", paidPence: 1500, refundedPence: 0, reference: paymentId });
    expect((await outbox(h)).filter((m) => m.kind === "payment-link-paid").map((m) => m.to_address)).toEqual(["mary@example.com"]);

    // Refunded like any payment (R34).
    const refund = await http(`/api/bookings/${booking.id}/refunds`, { cookie, json: { amountPence: 500, reason: "Goodwill" } });
    expect(refund.status).toBe(201);
    expect(refund.body).toEqual({ amountPence: 500, refundedPence: 500, status: "partly-refunded" });
  });

  it("a card link saves a card with a SetupIntent, charging nothing: the booking then has its card on file", async () => {
    await start(stripe);
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "mary@example.com");
    const sent = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "card" } });
    expect(sent.status).toBe(201);
    const mail = (await outbox(h)).find((m) => m.kind === "payment-link")!;
    expect(mail.subject).toBe(`Please save a card for your booking (${booking.reference})`);
    expect(mail.text).toContain("Nothing is charged now.");
    expect(await staffView(cookie, booking.id)).toMatchObject({ cardOnFile: false, payment: { status: "awaiting", awaiting: { amountPence: 0 } } });

    const page = await http(`/api/payment-links/${tokenOf(sent.body.url)}`);
    expect(page.body).toMatchObject({ status: "open", kind: "card", amountPence: 0 });
    expect(page.body.clientSecret).toMatch(/^seti_\w+_secret_/);
    const setupId = page.body.clientSecret.split("_secret_")[0];
    if (stripe) {
      const saved = h.fake!.completeSetup(setupId);
      const payload = h.fake!.event("setup_intent.succeeded", saved as never);
      expect((await sendWebhook(h, "setup_intent.succeeded", setupId, { payload })).statusCode).toBe(200);
    } else {
      const saved = await http("/api/payments/demo/confirm", {
        json: { clientSecret: page.body.clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" },
      });
      expect(saved.status).toBe(200);
    }
    expect((await http(`/api/payment-links/${tokenOf(sent.body.url)}`)).body).toMatchObject({ status: "paid", clientSecret: null });
    const after = await staffView(cookie, booking.id);
    expect(after).toMatchObject({ cardOnFile: true, payment: null });
    const row = await h.ctx.db.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row.card_customer_id).toMatch(/^cus_/);
    expect(row.card_payment_method_id).toMatch(/^pm_/);
  });

  it("a link paid twice at once records one payment", async () => {
    await start(stripe);
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "mary@example.com");
    const sent = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "deposit", amountPence: 2000 } });
    const page = await http(`/api/payment-links/${tokenOf(sent.body.url)}`);
    const paymentId = page.body.clientSecret.split("_secret_")[0];
    const [a, b] = await Promise.all([pay(page.body.clientSecret, paymentId), pay(page.body.clientSecret, paymentId)]);
    expect([a, b]).toEqual([200, 200]);
    expect((await payments(h)).filter((p) => p.status === "succeeded").map((p) => p.amount_pence)).toEqual([2000]);
    expect((await staffView(cookie, booking.id)).payment).toMatchObject({ status: "paid", paidPence: 2000 });
    expect((await outbox(h)).filter((m) => m.kind === "payment-link-paid")).toHaveLength(1);
  });

  it("expires after payment_link_days: the page answers 410 and the booking is no longer awaiting", async () => {
    await start(stripe);
    await updateSetting(h.ctx, "payment_link_days", "2", "test");
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "mary@example.com");
    const sent = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "deposit", amountPence: 1500 } });
    expect(sent.body.expiresAt).toBe("2026-06-03T09:00:00.000Z");
    h.advance(2 * 24 * 60 * 60_000);
    const page = await http(`/api/payment-links/${tokenOf(sent.body.url)}`);
    expect(page.status).toBe(410);
    expect(page.body).toEqual({ message: "This payment link has expired. Please contact the tearoom for a new one." });
    // Two days on, the staff session has lapsed too: sign in again.
    expect((await staffView(await signIn(), booking.id)).payment).toBeNull();
  });
});

describe("sending a payment link: the contract (R49)", () => {
  it("asks the full amount still to pay, refuses bad input naming the field, and 404s unknown tokens", async () => {
    await start(false);
    const cookie = await signIn();
    const booking = await phoneBooking(cookie, "mary@example.com");
    const refused = [
      [{ kind: "everything" }, 'kind: kind must be "deposit", "full" or "card"'],
      [{ kind: "deposit", amountPence: 12.5 }, "amountPence: amountPence must be a whole number of pence"],
      [{ kind: "deposit" }, "amountPence: please give the deposit to ask for"],
      // A table has no price of its own: the full amount must be given.
      [{ kind: "full" }, "amountPence: this booking has no amount left to pay; please give the amount to ask for"],
    ] as const;
    for (const [body, message] of refused) {
      const res = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: body });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await payments(h)).toEqual([]);
    expect((await http(`/api/bookings/${booking.id}/payment-link`, { json: { kind: "full", amountPence: 4500 } })).status).toBe(401);
    expect((await http(`/api/bookings/999999/payment-link`, { cookie, json: { kind: "full", amountPence: 4500 } })).status).toBe(404);

    const first = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "full", amountPence: 4500 } });
    const second = await http(`/api/bookings/${booking.id}/payment-link`, { cookie, json: { kind: "full", amountPence: 4000 } });
    expect([first.status, second.status]).toEqual([201, 201]);
    // A later link replaces the open one.
    expect((await http(`/api/payment-links/${tokenOf(first.body.url)}`)).status).toBe(410);
    expect((await http(`/api/payment-links/${tokenOf(second.body.url)}`)).body).toMatchObject({ amountPence: 4000, kind: "full" });
    expect((await http(`/api/payment-links/${"x".repeat(43)}`)).status).toBe(404);
  });
});
