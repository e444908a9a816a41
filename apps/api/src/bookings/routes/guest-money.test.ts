import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// R51: the guest sees exactly what happens to their money: what the confirmation page shows of a
// paid booking, the manage page's preview of a change's refund, and one e-mail when a closure cancels.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => s.close());

const SATURDAY = "2027-06-12";
const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
let guests = 0;
const guest = () => {
  guests++;
  return { name: `Flora Money${guests}`, email: `money${guests}@example.com`, phone: "07700 900123" };
};
const pay = (clientSecret: string) => s.request("/api/payments/demo/confirm", { json: { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" } });
const status = (id: string, secret?: string) =>
  s.request(`/api/payments/${id}/status${secret === undefined ? "" : `?client_secret=${encodeURIComponent(secret)}`}`);

/** A £`pounds` gift voucher bought and paid online; answers its code. */
async function buyVoucher(pounds: number): Promise<string> {
  const intent = await (await s.request("/api/create-payment-intent", { from: newVisitor(), json: { voucherType: "monetary", amount: pounds } })).json();
  const details = {
    recipientName: "Grace Hopper",
    recipientEmail: "grace@example.com",
    senderName: "Ada Lovelace",
    senderEmail: "ada@example.com",
    message: "",
  };
  expect(
    (await s.request("/api/payments/voucher-details", { json: { clientSecret: intent.clientSecret, voucherType: "monetary", amount: pounds, ...details } }))
      .status,
  ).toBe(200);
  expect((await pay(intent.clientSecret)).status).toBe(200);
  return (await (await status(intent.paymentIntentId, intent.clientSecret)).json()).voucher.code;
}

/** An afternoon tea paid online (by card, with `voucherCode` first when given). */
async function paidTea(over: { date?: string; time?: string; guests?: number; voucherCode?: string } = {}) {
  const who = guest();
  const n = over.guests ?? 3;
  const metadata = { type: "afternoon-tea", date: over.date ?? SATURDAY, time: over.time ?? "14:00", guests: n, teaType: "traditional", ...who };
  const res = await s.request("/api/create-payment-intent", {
    from: newVisitor(),
    json: { amount: Math.round(2995 * n) / 100, metadata: over.voucherCode ? { ...metadata, voucherCode: over.voucherCode } : metadata },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const intent = await res.json();
  if (intent.clientSecret) expect((await pay(intent.clientSecret)).status).toBe(200);
  const mail = queuedMails(s, { to: who.email }).findLast((m) => m.text.includes("/booking/"));
  const token = /\/booking\/([\w-]{43})/.exec(mail!.text)![1]!;
  return { ...who, token, paymentIntentId: intent.paymentIntentId as string, clientSecret: intent.clientSecret as string };
}

const manage = (token: string, init: { method?: string; json?: unknown } = {}) => s.request(`/api/manage/${token}`, init);
const preview = (token: string, json: unknown) => s.request(`/api/manage/${token}/preview`, { json });
async function staffView(email: string) {
  const cookie = await s.login();
  return (await (await s.request(`/api/bookings?search=${email.split("@")[0]}&includeCancelled=true`, { cookie })).json())[0];
}
const balance = async (code: string) => (await (await s.request(`/api/voucher-balance?code=${code}`)).json()).balancePence as number;

describe("the confirmation page's booking (R51)", () => {
  it("shows the holder of the client secret what was booked, what card and voucher paid, the address and a calendar file", async () => {
    const code = await buyVoucher(50);
    const tea = await paidTea({ time: "15:00", voucherCode: code });
    const answer = await (await status(tea.paymentIntentId, tea.clientSecret)).json();
    expect(answer).toMatchObject({ status: "succeeded", kind: "afternoon-tea" });
    expect(answer.booking).toEqual({
      reference: answer.bookingReference,
      type: "afternoonTea",
      date: SATURDAY,
      time: "15:00",
      guests: 3,
      teaType: "traditional",
      status: "confirmed",
      cardPence: 3985,
      voucher: { code, amountPence: 5000 },
      address: expect.stringMatching(/\w/),
      calendarUrl: `/api/payments/${tea.paymentIntentId}/calendar.ics?client_secret=${encodeURIComponent(tea.clientSecret)}`,
    });

    const ics = await s.request(answer.booking.calendarUrl);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(ics.headers.get("cache-control")).toBe("no-store");
    const text = await ics.text();
    expect(text).toContain(`UID:${answer.bookingReference}@heritage-tearoom`);
    expect(text).toMatch(/^SEQUENCE:0\r?$/m);
    expect(text).toContain("DTSTART;TZID=Europe/London:20270612T150000");
  });

  it("shows nothing of the booking to whoever has only the payment's id, or a wrong secret", async () => {
    const tea = await paidTea({ time: "16:00" });
    const bare = await (await status(tea.paymentIntentId)).json();
    expect(bare.booking).toBeNull();
    expect(bare.bookingReference).toMatch(/^TR-/);
    expect((await (await status(tea.paymentIntentId, `${tea.clientSecret.slice(0, -2)}xx`)).json()).booking).toBeNull();
    for (const query of ["", `?client_secret=${encodeURIComponent(`${tea.clientSecret.slice(0, -2)}xx`)}`, "?client_secret=short"]) {
      const res = await s.request(`/api/payments/${tea.paymentIntentId}/calendar.ics${query}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("BEGIN:VCALENDAR");
    }
    expect((await s.request(`/api/payments/pi_unknown/calendar.ics?client_secret=${encodeURIComponent(tea.clientSecret)}`)).status).toBe(404);
  });
});

describe("the manage page's preview of a change (R51)", () => {
  it("dropping a guest previews the card refund, and the refund then made is the same", async () => {
    const tea = await paidTea({ date: "2027-06-13", time: "14:00" });
    const res = await preview(tea.token, { guests: 2 });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const p = await res.json();
    expect(p).toEqual({ date: "2027-06-13", time: "14:00", guests: 2, cardBackPence: 2995, voucherBack: null, toPayPence: 0, testPayment: true });
    // The preview wrote nothing.
    expect(await (await manage(tea.token)).json()).toMatchObject({ guests: 3, refundedPence: 0 });

    expect((await manage(tea.token, { method: "PATCH", json: { guests: 2 } })).status).toBe(200);
    expect((await staffView(tea.email)).payment).toMatchObject({ paidPence: 8985, refundedPence: p.cardBackPence });
  });

  it("with a gift voucher, previews the card part and the voucher part; both are then what goes back", async () => {
    const code = await buyVoucher(50);
    const tea = await paidTea({ date: "2027-06-13", time: "15:00", voucherCode: code });
    const before = await balance(code);
    const p = await (await preview(tea.token, { guests: 1 })).json();
    expect(p.voucherBack).toEqual({ code, amountPence: expect.any(Number) });
    expect(p.voucherBack.amountPence + p.cardBackPence).toBe(5990);

    expect((await manage(tea.token, { method: "PATCH", json: { guests: 1 } })).status).toBe(200);
    expect((await staffView(tea.email)).payment.refundedPence).toBe(p.cardBackPence);
    expect((await balance(code)) - before).toBe(p.voucherBack.amountPence);
  });

  it("more guests preview the amount to pay first, the same the change then asks for; a move alone moves no money", async () => {
    const tea = await paidTea({ date: "2027-06-13", time: "16:00", guests: 2 });
    const p = await (await preview(tea.token, { guests: 3 })).json();
    expect(p).toMatchObject({ guests: 3, toPayPence: 2995, cardBackPence: 0, voucherBack: null });
    expect((await (await manage(tea.token, { method: "PATCH", json: { guests: 3 } })).json()).amountPence).toBe(p.toPayPence);
    expect(await (await preview(tea.token, { time: "15:30" })).json()).toMatchObject({ time: "15:30", guests: 2, toPayPence: 0, cardBackPence: 0 });
  });

  it("bad input is a 400 naming the field; a change that could not be made a 409 with the reason; an unknown link a 404", async () => {
    const tea = await paidTea({ date: "2027-06-13", time: "12:00", guests: 2 });
    for (const [json, text] of [
      [{ guests: 0 }, /^guests: Please select number of guests/],
      [{ guests: "two" }, /^guests: /],
      [{ date: "13/06/2027" }, /^date: /],
      [{}, /Nothing to change/],
    ] as const) {
      const res = await preview(tea.token, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).message).toMatch(text);
    }
    const past = await preview(tea.token, { date: "2027-06-01" });
    expect(past.status).toBe(409);
    expect((await past.json()).message).toMatch(/\w/);
    expect((await preview("A".repeat(43), { guests: 1 })).status).toBe(404);
    expect(await (await manage(tea.token)).json()).toMatchObject({ guests: 2, date: "2027-06-13", time: "12:00" });
  });
});

describe("a closure that cancels paid bookings (R51)", () => {
  it("sends each guest one e-mail that says the booking is cancelled and where each part of the money goes", async () => {
    const code = await buyVoucher(50);
    const byCard = await paidTea({ date: "2027-06-19", time: "14:00", guests: 2 });
    const withVoucher = await paidTea({ date: "2027-06-19", time: "15:00", guests: 3, voucherCode: code });
    const cookie = await s.login();
    const res = await s.request("/api/closures", { cookie, json: { date: "2027-06-19", cancelBookings: true } });
    expect(res.status).toBe(201);

    for (const who of [byCard, withVoucher]) {
      const after = queuedMails(s, { to: who.email }).filter((m) => !["afternoon-tea-confirmation"].includes(m.kind!));
      expect(after.map((m) => m.kind)).toEqual(["booking-cancelled-closure"]);
    }
    const [toCard] = queuedMails(s, { to: byCard.email, kind: "booking-cancelled-closure" });
    expect(toCard!.text).toContain("£59.90 is refunded in test mode");
    const [toBoth] = queuedMails(s, { to: withVoucher.email, kind: "booking-cancelled-closure" });
    expect(toBoth!.text).toContain("£39.85 is refunded in test mode");
    expect(toBoth!.text).toContain(`£50.00 goes back on gift voucher ${code}, now worth £50.00.`);
    expect((await staffView(withVoucher.email)).payment).toMatchObject({ refundedPence: 3985, status: "refunded" });
  });

  it("without telling the guests, the refund keeps its own e-mail", async () => {
    const byCard = await paidTea({ date: "2027-06-26", time: "14:00", guests: 2 });
    const cookie = await s.login();
    const res = await s.request("/api/closures", { cookie, json: { date: "2027-06-26", cancelBookings: true, notifyGuests: false } });
    expect(res.status).toBe(201);
    expect(queuedMails(s, { to: byCard.email, kind: "booking-cancelled-closure" })).toHaveLength(0);
    expect(queuedMails(s, { to: byCard.email, kind: "refund-guest" })).toHaveLength(1);
  });
});
