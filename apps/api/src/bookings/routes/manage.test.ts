import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../payments/providers/provider.js";
import { paymentProvider, setPaymentProvider } from "../../payments/services/payment-provider.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// R37: the guest manages their booking from the link in their e-mails.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => s.close());

const SATURDAY = "2027-06-12";
let guests = 0;
const guest = () => {
  guests++;
  return { name: `Flora Guest${guests}`, email: `flora${guests}@example.com`, phone: "07700 900123" };
};
const at = (iso: string) => {
  s.clock.now = new Date(iso);
};
/** The token of the newest manage link e-mailed to `email`. */
function linkToken(email: string): string {
  const mail = queuedMails(s, { to: email }).findLast((m) => m.text.includes("/booking/"));
  const token = mail && /\/booking\/([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no manage link e-mailed to ${email}`);
  return token;
}
async function book(json: Record<string, unknown>): Promise<{ email: string; token: string; reference: string }> {
  const who = guest();
  const res = await s.request("/api/bookings", { from: newVisitor(), json: { ...json, ...who } });
  expect(res.status).toBe(201);
  return { email: who.email, token: linkToken(who.email), reference: (await res.json()).reference };
}
const table = (date = SATURDAY, time = "12:00") => book({ type: "table", date, time, guests: 2, diningPreference: "lunch" });
const manage = (token: string, init: { method?: string; json?: unknown } = {}) => s.request(`/api/manage/${token}`, init);

describe("the manage link (R37)", () => {
  beforeAll(() => at("2027-06-02T08:00:00Z"));

  it("every request e-mail carries it; it shows the booking, never internal ids or what staff wrote", async () => {
    const { token, reference, email } = await table();
    const [mail] = queuedMails(s, { to: email });
    expect(mail!.text).toContain(`View, change or cancel your booking: http://localhost:3000/booking/${token}`);
    const res = await manage(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const view = await res.json();
    expect(view).toMatchObject({
      reference,
      type: "table",
      status: "pending",
      date: SATURDAY,
      time: "12:00",
      guests: 2,
      canCancel: true,
      canChange: true,
      phone: "01234 567890",
    });
    expect(view.cutoffAt).toBe("2027-06-10T11:00:00.000Z");
    for (const key of ["id", "email", "staffNotes", "paymentReference", "clientKey"]) expect(view).not.toHaveProperty(key);
  });

  it("an unknown, malformed or erased link is a 404 with a plain message", async () => {
    for (const token of ["A".repeat(43), "short", "../../api/bookings"]) {
      const res = await manage(encodeURIComponent(token));
      expect(res.status).toBe(404);
      expect((await res.json()).message).toMatch(/^This link is not valid/);
    }
  });

  it("changes within the visitor's rules: e-mails the guest a new link and the staff; both links work", async () => {
    const { token, email } = await table();
    const res = await manage(token, { method: "PATCH", json: { date: "2027-06-13", time: "13:00", guests: 4 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ date: "2027-06-13", time: "13:00", guests: 4, status: "pending" });
    const [changed] = queuedMails(s, { to: email, kind: "guest-changed" });
    expect(changed!.subject).toMatch(/^Your booking is changed: Sunday, 13 June 2027 at 1:00 PM/);
    const staff = queuedMails(s, { kind: "staff-guest-managed" }).at(-1)!;
    expect(staff.replyTo).toBe(email);
    expect(staff.text).toMatch(/Was: +Saturday, 12 June 2027 at 12:00 PM, 2 guests/);
    const fresh = linkToken(email);
    expect(fresh).not.toBe(token);
    expect((await (await manage(fresh)).json()).guests).toBe(4);
    expect((await (await manage(token)).json()).guests).toBe(4);
  });

  it("a broken rule or a full slot answers 409 with the reason and changes nothing", async () => {
    const { token } = await table();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ date: "2027-06-14" }, /We are closed on Mondays/],
      [{ time: "18:30" }, /18:30 is not a booking time for Table/],
      [{ date: "2027-05-01" }, /has passed/],
    ];
    for (const [json, reason] of cases) {
      const res = await manage(token, { method: "PATCH", json });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(reason);
    }
    for (const json of [{}, { guests: 0 }, { guests: 7 }, { name: "Mallory" }]) expect((await manage(token, { method: "PATCH", json })).status).toBe(400);
    // Fill the 15:00 slot (30 covers) with other guests, then try to move there.
    for (let i = 0; i < 5; i++) await book({ type: "table", date: SATURDAY, time: "15:00", guests: 6, diningPreference: "lunch" });
    const full = await manage(token, { method: "PATCH", json: { time: "15:00" } });
    expect(full.status).toBe(409);
    expect(await (await manage(token)).json()).toMatchObject({ date: SATURDAY, time: "12:00", guests: 2 });
  });

  it("cancels (a request: withdraws) once, e-mailing guest and staff", async () => {
    const { token, email } = await table();
    const res = await manage(`${token}/cancel`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "cancelled", refundedPence: 0 });
    expect(queuedMails(s, { to: email, kind: "guest-cancelled" })[0]!.subject).toMatch(/^Your booking request is withdrawn/);
    expect(queuedMails(s, { to: email, kind: "guest-cancelled" })[0]!.all).not.toContain("BEGIN:VCALENDAR"); // a request had no calendar file
    expect(await (await manage(token)).json()).toMatchObject({ status: "cancelled", canCancel: false, canChange: false, cutoffAt: null });
    const again = await manage(`${token}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This booking can no longer be changed or cancelled online. Please call us on 01234 567890.");
  });

  it("after the cut-off a confirmed booking is the phone's; a request can still be withdrawn", async () => {
    const garden = await book({ type: "secretGarden", date: "2027-06-04", time: "14:00", guests: 2, gardenSpotId: "pond-pavilion" });
    const request = await table("2027-06-04", "12:00");
    // 14:00 on Friday 4 June in London is 13:00 UTC; 48 hours before is 2 June 13:00 UTC.
    at("2027-06-02T12:59:59Z");
    expect(await (await manage(garden.token)).json()).toMatchObject({
      status: "confirmed",
      canCancel: true,
      canChange: true,
      cutoffAt: "2027-06-02T13:00:00.000Z",
    });
    at("2027-06-02T13:00:00Z");
    expect(await (await manage(garden.token)).json()).toMatchObject({ canCancel: false, canChange: false });
    expect((await manage(`${garden.token}/cancel`, { method: "POST" })).status).toBe(409);
    expect((await manage(garden.token, { method: "PATCH", json: { guests: 3 } })).status).toBe(409);
    at("2027-06-03T09:00:00Z");
    expect(await (await manage(request.token)).json()).toMatchObject({ canCancel: true, canChange: false });
    expect((await manage(`${request.token}/cancel`, { method: "POST" })).status).toBe(200);
    at("2027-06-02T08:00:00Z");
  });

  it("the cut-off counts real hours across the autumn clock change", async () => {
    at("2027-10-20T09:00:00Z");
    // Sunday 31 October 2027 12:00 GMT (the clocks went back at 01:00 UTC that day); 48 hours before is
    // Friday 29 October 12:00 UTC, which London reads as 13:00 BST.
    const { token } = await table("2027-10-31", "12:00");
    at("2027-10-29T11:59:59Z");
    expect(await (await manage(token)).json()).toMatchObject({ canChange: true, cutoffAt: "2027-10-29T12:00:00.000Z" });
    at("2027-10-29T12:00:00Z");
    expect((await (await manage(token)).json()).canChange).toBe(false);
    at("2027-06-02T08:00:00Z");
  });

  it("a paid tea: fewer guests refund their share, cancelling refunds the rest to the card", async () => {
    at("2027-06-02T08:00:00Z");
    const who = guest();
    const intent = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: { amount: 89.85, metadata: { type: "afternoon-tea", date: SATURDAY, time: "14:00", guests: 3, teaType: "traditional", ...who } },
    });
    expect(intent.status).toBe(200);
    const { clientSecret } = await intent.json();
    const paid = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
    });
    expect(paid.status).toBe(200);
    const token = linkToken(who.email);
    expect(await (await manage(token)).json()).toMatchObject({ status: "confirmed", guests: 3, paidPence: 8985, canCancel: true });

    const fewer = await manage(token, { method: "PATCH", json: { guests: 2 } });
    expect(fewer.status).toBe(200);
    const cookie = await s.login();
    const [staffView] = await (await s.request(`/api/bookings?search=${who.email.split("@")[0]}`, { cookie })).json();
    expect(staffView.payment).toMatchObject({ paidPence: 8985, refundedPence: 2995, status: "partly-refunded" });

    const cancelled = await manage(`${token}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ status: "cancelled", refundedPence: 5990 });
    const [after] = await (await s.request(`/api/bookings?search=${who.email.split("@")[0]}&includeCancelled=true`, { cookie })).json();
    expect(after).toMatchObject({ status: "cancelled", payment: { refundedPence: 8985, status: "refunded" } });
    // R51: the cancel's one e-mail tells of its refund (a demo payment's, so in test mode); only the earlier share had an e-mail of its own.
    expect(queuedMails(s, { to: who.email, kind: "guest-cancelled" })[0]!.text).toContain("£59.90 is refunded in test mode");
    expect(queuedMails(s, { to: who.email, kind: "refund-guest" })).toHaveLength(1);
    // R51: one UID throughout; the change's file outranks the confirmation's, the cancel outranks both.
    const files = queuedMails(s, { to: who.email })
      .map((m) => /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(m.all)?.[0])
      .filter((ics): ics is string => ics !== undefined)
      .map((ics) => ["METHOD", "UID", "SEQUENCE", "STATUS"].map((name) => new RegExp(`^${name}:(.*?)\r?$`, "m").exec(ics)?.[1]));
    const uid = `${after.reference}@heritage-tearoom`;
    expect(files).toEqual([
      ["PUBLISH", uid, "0", "CONFIRMED"],
      ["PUBLISH", uid, "1", "CONFIRMED"],
      ["CANCEL", uid, "2", "CANCELLED"],
    ]);
  });

  it("a paid tea: more guests are paid for by card first, and the change is made once paid; refunds span both payments", async () => {
    at("2027-06-02T08:00:00Z");
    const who = guest();
    const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });
    const pay = (clientSecret: string, number = "4242 4242 4242 4242") =>
      s.request("/api/payments/demo/confirm", { json: { clientSecret, card: card(number), returnUrl: "/confirmation?type=afternoon-tea" } });
    const intent = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: { amount: 59.9, metadata: { type: "afternoon-tea", date: SATURDAY, time: "15:00", guests: 2, teaType: "traditional", ...who } },
    });
    expect((await pay((await intent.json()).clientSecret)).status).toBe(200);
    const token = linkToken(who.email);

    // More guests: nothing changes until the difference is paid.
    const asked = await manage(token, { method: "PATCH", json: { guests: 4 } });
    expect(asked.status).toBe(200);
    const payment = await asked.json();
    expect(payment).toMatchObject({ amountPence: 5990, guests: 4 });
    expect(payment.clientSecret).toMatch(/_secret_/);
    expect(await (await manage(token)).json()).toMatchObject({ guests: 2, paidPence: 5990 });

    // A declined card changes nothing, and the same payment can be tried again.
    expect((await pay(payment.clientSecret, "4000 0000 0000 0002")).status).toBe(402);
    expect(await (await manage(token)).json()).toMatchObject({ guests: 2 });
    expect((await pay(payment.clientSecret)).status).toBe(200);
    expect(await (await manage(token)).json()).toMatchObject({ guests: 4, paidPence: 11980 });
    const changed = queuedMails(s, { to: who.email, kind: "guest-changed" });
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain("We have taken £59.90 by card for the guests you added.");
    const status = await (await s.request(`/api/payments/${payment.paymentIntentId}/status`)).json();
    expect(status).toMatchObject({ status: "succeeded", kind: "afternoon-tea" });
    expect(status.bookingReference).toMatch(/^TR-/);

    const cookie = await s.login();
    const find = async () => (await (await s.request(`/api/bookings?search=${who.email.split("@")[0]}&includeCancelled=true`, { cookie })).json())[0];
    expect((await find()).payment).toMatchObject({ paidPence: 11980, refundedPence: 0, status: "paid", balancePence: null });

    // A second change started and then replaced: its payment can no longer be taken.
    const replaced = await (await manage(token, { method: "PATCH", json: { guests: 5 } })).json();
    expect(replaced.amountPence).toBe(2995);
    const fewer = await manage(token, { method: "PATCH", json: { guests: 3 } });
    expect(fewer.status).toBe(200);
    expect((await pay(replaced.clientSecret)).status).not.toBe(200);
    expect((await find()).payment).toMatchObject({ paidPence: 11980, refundedPence: 2995, status: "partly-refunded" });

    // Staff refund more than the later payment holds: it comes from both.
    const refund = await s.request(`/api/bookings/${(await find()).id}/refunds`, { cookie, json: { amountPence: 4000, reason: "Goodwill" } });
    expect(refund.status).toBe(201);
    expect(await refund.json()).toMatchObject({ amountPence: 4000, refundedPence: 6995, status: "partly-refunded" });
    const cancelled = await manage(`${token}/cancel`, { method: "POST" });
    expect(await cancelled.json()).toEqual({ status: "cancelled", refundedPence: 4985 });
    expect((await find()).payment).toMatchObject({ paidPence: 11980, refundedPence: 11980, status: "refunded" });
  });

  it("more guests than the slot has room for answer 409 with the reason, before any payment", async () => {
    at("2027-06-02T08:00:00Z");
    const who = guest();
    const intent = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: { amount: 59.9, metadata: { type: "afternoon-tea", date: "2027-06-19", time: "12:00", guests: 2, teaType: "traditional", ...who } },
    });
    const { clientSecret } = await intent.json();
    await s.request("/api/payments/demo/confirm", {
      json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
    });
    const token = linkToken(who.email);
    const full = await manage(token, { method: "PATCH", json: { guests: 40 } });
    expect(full.status).toBe(400);
    const cookie = await s.login();
    const [row] = await (await s.request(`/api/bookings?search=${who.email.split("@")[0]}`, { cookie })).json();
    // Fill the slot around this booking, then ask for one more seat.
    const capacity = Number(
      (await (await s.request("/api/availability?type=afternoonTea&date=2027-06-19")).json()).slots.find((x: { time: string }) => x.time === "12:00").remaining,
    );
    for (let left = capacity; left > 0; left -= Math.min(left, 8)) {
      const more = await s.request("/api/bookings", {
        cookie,
        json: { type: "afternoonTea", date: "2027-06-19", time: "12:00", guests: Math.min(left, 8), teaType: "traditional", ...guest(), acceptWarnings: true },
      });
      expect(more.status).toBe(201);
    }
    const over = await manage(token, { method: "PATCH", json: { guests: 3 } });
    expect(over.status).toBe(409);
    expect((await over.json()).message).toMatch(/^Only 2 places left at 12:00 PM/);
    expect(await (await manage(token)).json()).toMatchObject({ guests: 2 });
    expect(row.payment).toMatchObject({ paidPence: 5990 });
  });

  it("a guest can still cancel while the provider cannot cancel their unpaid payment for added guests", async () => {
    at("2027-06-02T08:00:00Z");
    const who = guest();
    const intent = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: { amount: 59.9, metadata: { type: "afternoon-tea", date: "2027-06-13", time: "15:00", guests: 2, teaType: "traditional", ...who } },
    });
    await s.request("/api/payments/demo/confirm", {
      json: {
        clientSecret: (await intent.json()).clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
        returnUrl: "/confirmation?type=afternoon-tea",
      },
    });
    const token = linkToken(who.email);
    expect((await manage(token, { method: "PATCH", json: { guests: 3 } })).status).toBe(200);
    const real = paymentProvider(s.ctx);
    setPaymentProvider(
      s.ctx,
      new Proxy(real, {
        get: (target, key) =>
          key === "cancelIntent"
            ? async () => {
                throw new ProviderError("the payment provider is unreachable");
              }
            : Reflect.get(target, key, target),
      }),
    );
    try {
      const cancelled = await manage(`${token}/cancel`, { method: "POST" });
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toEqual({ status: "cancelled", refundedPence: 5990 });
    } finally {
      setPaymentProvider(s.ctx, real);
    }
  });
});
