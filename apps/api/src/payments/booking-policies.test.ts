import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../test/helpers.js";

// R47: booking policies, staff's editor over REST and the guest's held request, on the demo provider.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const SATURDAY = "2027-06-12";
const SUNDAY = "2027-06-13";
let guests = 0;
const guest = () => {
  guests++;
  return { name: `Flora Guest${guests}`, email: `flora${guests}@example.com`, phone: "07700 900123" };
};
const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });
const policy = (over: Record<string, unknown> = {}) => ({
  kind: "deposit",
  depositPencePerGuest: 1000,
  minGuests: 1,
  weekdays: [],
  noShowFeePencePerGuest: 0,
  lateCancelFeePencePerGuest: 0,
  text: "",
  ...over,
});
const put = (type: string, json: unknown) => s.request(`/api/booking-policies/${type}`, { method: "PUT", json, cookie });
const list = async () => (await (await s.request("/api/booking-policies", { cookie })).json()) as { bookingType: string; kind: string; text: string }[];
async function requestTable(over: Record<string, unknown> = {}) {
  const who = guest();
  const res = await s.request("/api/bookings", {
    from: newVisitor(),
    json: { type: "table", date: SATURDAY, time: "12:00", guests: 2, diningPreference: "lunch", ...who, ...over },
  });
  return { res, body: await res.json(), who };
}
/** The booking as staff see it in the reservations list. */
async function staffView(reference: string) {
  const found = (await (await s.request(`/api/bookings?search=${reference}`, { cookie })).json()) as { reference: string }[];
  return found.find((b) => b.reference === reference);
}
const bookingRow = (reference: string) => s.ctx.db.selectFrom("bookings").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

describe("GET and PUT /api/booking-policies (R47)", () => {
  it("lists the four types with the defaults: afternoon tea prepaid, the rest nothing, each in words", async () => {
    const policies = await list();
    expect(policies.map((p) => [p.bookingType, p.kind])).toEqual([
      ["afternoonTea", "prepay"],
      ["table", "none"],
      ["picnicHamper", "none"],
      ["secretGarden", "none"],
    ]);
    expect(policies[0]!.text).toContain("paid in full when you book");
    expect(policies[1]!.text).toBe("Nothing is charged when you book.");
  });

  it("is for staff only", async () => {
    expect((await s.request("/api/booking-policies")).status).toBe(401);
    expect((await s.request("/api/booking-policies/table", { method: "PUT", json: policy() })).status).toBe(401);
  });

  it("refuses afternoon tea less than prepay, prepay elsewhere and bad amounts, naming the field, changing nothing", async () => {
    const before = await list();
    const tea = await put("afternoonTea", policy({ kind: "card" }));
    expect(tea.status).toBe(400);
    expect((await tea.json()).message).toMatch(/^kind: afternoon tea is paid in full when booked/);
    expect((await put("table", policy({ kind: "prepay" }))).status).toBe(400);
    for (const [field, value] of [
      ["depositPencePerGuest", -5],
      ["depositPencePerGuest", 12.5],
      ["depositPencePerGuest", "ten pounds"],
      ["noShowFeePencePerGuest", 5_000_000],
      ["lateCancelFeePencePerGuest", -1],
      ["minGuests", 0],
    ] as const) {
      const res = await put("table", policy({ [field]: value }));
      expect(res.status, `${field}=${value}`).toBe(400);
      expect((await res.json()).message).toContain(field);
    }
    const none = await put("table", policy({ depositPencePerGuest: 0 }));
    expect((await none.json()).message).toBe("depositPencePerGuest: a deposit needs an amount per guest");
    expect((await put("weddings", policy())).status).toBe(400);
    expect(await list()).toEqual(before);
  });

  it("saves a policy, shows it on /api/site in words, and keeps staff's own words", async () => {
    const res = await put("picnicHamper", policy({ kind: "card", noShowFeePencePerGuest: 1500, weekdays: ["sat", "sun"], minGuests: 4 }));
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ bookingType: "picnicHamper", kind: "card", minGuests: 4, weekdays: ["sat", "sun"], depositPencePerGuest: 0 });
    expect(saved.text).toBe(
      "For parties of 4 or more on Saturdays and Sundays: We ask for a card to hold your booking; nothing is charged now. You can cancel free of charge until 48 hours before your visit. If you do not come, we may charge up to £15.00 per guest to this card.",
    );
    const site = await (await s.request("/api/site")).json();
    expect(site.policies.picnicHamper).toEqual({ kind: "card", text: saved.text });
    expect(site.policies.afternoonTea.kind).toBe("prepay");

    const own = await (await put("picnicHamper", { ...policy({ kind: "card" }), text: "Cards kept safe; no charge." })).json();
    expect(own.text).toBe("Cards kept safe; no charge.");
    // Sending back generated words keeps the words generated.
    const back = await (await put("picnicHamper", { ...policy({ kind: "none" }), text: "" })).json();
    expect(back.text).toBe("Nothing is charged when you book.");
  });
});

describe("a table request under a deposit policy (R47)", () => {
  beforeAll(async () => {
    expect((await put("table", policy({ kind: "deposit", depositPencePerGuest: 1000, minGuests: 2, weekdays: ["sat"] }))).status).toBe(200);
  });

  it("stays a 201 request where the policy does not apply (fewer guests, another weekday)", async () => {
    expect((await requestTable({ guests: 1 })).res.status).toBe(201);
    const sunday = await requestTable({ date: SUNDAY });
    expect(sunday.res.status).toBe(201);
    expect(sunday.body.status).toBe("pending");
  });

  it("is held (202) until the deposit is paid, then pending with the deposit shown and its e-mail", async () => {
    const { res, body, who } = await requestTable({ guests: 3 });
    expect(res.status).toBe(202);
    expect(body).toMatchObject({ status: "held", payment: { kind: "deposit", amountPence: 3000 } });
    expect(body.payment.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect((await bookingRow(body.reference)).status).toBe("held");
    expect(queuedMails(s, { to: who.email })).toEqual([]);

    const declined = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret: body.payment.clientSecret, card: card("4000 0000 0000 0002"), returnUrl: "/confirmation" },
    });
    expect(declined.status).toBe(402);
    expect((await declined.json()).message).toBe("Your card was declined.");
    // As a declined tea: the hold is released; the guest starts again.
    expect((await bookingRow(body.reference)).status).toBe("cancelled");

    const again = await requestTable({ guests: 3, email: who.email, name: who.name });
    const paid = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret: again.body.payment.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: "/confirmation" },
    });
    expect(paid.status).toBe(200);
    const row = await bookingRow(again.body.reference);
    expect(row.status).toBe("pending");
    expect(await staffView(row.reference)).toMatchObject({ status: "pending", cardOnFile: false, payment: { paidPence: 3000 } });
    const [mail] = queuedMails(s, { to: who.email, kind: "booking-request-received" });
    expect(mail!.text).toContain("Deposit paid: £30.00");
    expect(mail!.text).toContain("A deposit of £10.00 per guest is taken when you book");

    // Staff confirm it: the confirmation repeats the terms the deposit was taken under.
    expect((await s.request(`/api/bookings/${row.id}/confirm`, { method: "POST", cookie })).status).toBe(200);
    const [confirmed] = queuedMails(s, { to: who.email, kind: "booking-confirmed" });
    expect(confirmed!.text).toContain("A deposit of £10.00 per guest is taken when you book");
  });

  it("refunds the deposit in full when the guest cancels before the cut-off (R37)", async () => {
    const { body, who } = await requestTable({ guests: 2 });
    await s.request("/api/payments/demo/confirm", {
      json: { clientSecret: body.payment.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: "/confirmation" },
    });
    const mail = queuedMails(s, { to: who.email, kind: "booking-request-received" }).at(-1)!;
    const token = /\/booking\/([\w-]{43})/.exec(mail.text)![1]!;
    const cancelled = await s.request(`/api/manage/${token}/cancel`, { method: "POST", json: {} });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ status: "cancelled", refundedPence: 2000 });
  });

  it("lapses like a tea hold when nobody pays: released, and a late card can no longer pay", async () => {
    const { body } = await requestTable({ guests: 2 });
    const paymentId = body.payment.clientSecret.split("_secret_")[0];
    const start = s.clock.now;
    s.clock.now = new Date(start.getTime() + 16 * 60_000);
    try {
      // The confirmation page's status check re-reads the payment (decision 004) and finds the hold lapsed.
      expect((await (await s.request(`/api/payments/${paymentId}/status`)).json()).status).toBe("failed");
      expect((await bookingRow(body.reference)).status).toBe("cancelled");
      const late = await s.request("/api/payments/demo/confirm", {
        json: { clientSecret: body.payment.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: "/confirmation" },
      });
      expect(late.status).toBe(402);
      expect((await bookingRow(body.reference)).status).toBe("cancelled");
    } finally {
      s.clock.now = start;
    }
  });
});

describe("a request under a card-on-file policy (R47)", () => {
  beforeAll(async () => {
    expect((await put("table", policy({ kind: "card", depositPencePerGuest: 0, noShowFeePencePerGuest: 2000 }))).status).toBe(200);
  });

  it("is held (202) for a SetupIntent, and once the card is saved is pending with the card on file, nothing charged", async () => {
    const { res, body, who } = await requestTable();
    expect(res.status).toBe(202);
    expect(body).toMatchObject({ status: "held", payment: { kind: "setup", amountPence: 0 } });
    expect(body.payment.clientSecret).toMatch(/^seti_\w+_secret_/);
    const saved = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret: body.payment.clientSecret, card: card("4000 0000 0000 0341"), returnUrl: "/confirmation" },
    });
    expect(saved.status).toBe(200);
    const row = await bookingRow(body.reference);
    expect(row).toMatchObject({ status: "pending", payment_reference: null });
    expect(row.card_customer_id).toMatch(/^cus_/);
    expect(row.card_payment_method_id).toMatch(/^pm_/);
    expect(await staffView(row.reference)).toMatchObject({ cardOnFile: true, payment: null });
    const [mail] = queuedMails(s, { to: who.email, kind: "booking-request-received" });
    expect(mail!.text).toContain("nothing has been charged");
  });

  it("a declined card saves nothing and the hold stays for another card", async () => {
    const { body } = await requestTable();
    const declined = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret: body.payment.clientSecret, card: card("4000 0000 0000 0002"), returnUrl: "/confirmation" },
    });
    expect(declined.status).toBe(402);
    expect((await bookingRow(body.reference)).status).toBe("held");
  });
});
