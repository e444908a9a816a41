import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "../../client-key.js";
import { startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";
import { updateSetting } from "./booking-settings.js";

// R23 "Holds are bounded", over real HTTP. Each test plays its own visitors (addresses from the
// documentation ranges, e-mails of their own) on dates of its own, so they share one server.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000" } });
});
afterAll(async () => s.close());

const PHONE = "01234 567890";
const TEA_SLOTS = ["12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"];
const minutes = (m: number) => new Date(TEST_NOW.getTime() + m * 60_000);

function teaIntent(from: string, o: { date: string; time?: string; guests?: number; email?: string }) {
  const guests = o.guests ?? 2;
  const payload = {
    amount: Math.round(2995 * guests) / 100,
    metadata: {
      type: "afternoon-tea",
      date: o.date,
      time: o.time ?? "14:00",
      guests,
      teaType: "traditional",
      name: "Ada Lovelace",
      email: o.email ?? "ada@example.com",
      phone: PHONE,
      dietaryRequirements: "",
    },
  };
  return s.app.inject({ method: "POST", url: "/api/create-payment-intent", payload, remoteAddress: from });
}

const contact = (email: string) => ({ name: "Grace Hopper", email, phone: PHONE });
const tableRequest = (date: string, email: string, time = "12:30") => ({ type: "table", date, time, guests: 2, diningPreference: "lunch", ...contact(email) });
const hamperRequest = (date: string, email: string) => ({ type: "picnicHamper", date, time: "13:00", guests: 2, hamperType: "standard", ...contact(email) });
const teaRequest = (date: string, email: string) => ({ type: "afternoonTea", date, time: "15:00", guests: 2, teaType: "traditional", ...contact(email) });
const request = (from: string, payload: object) => s.app.inject({ method: "POST", url: "/api/bookings", payload, remoteAddress: from });

const remaining = async (date: string) =>
  Object.fromEntries(
    ((await (await s.request(`/api/availability?type=afternoonTea&date=${date}`)).json()).slots as { time: string; remaining: number }[]).map((x) => [
      x.time,
      x.remaining,
    ]),
  );
const heldRows = (date: string) =>
  s.ctx.sqlite.prepare("SELECT client_key, email, guests FROM bookings WHERE date = ? AND status = 'held' ORDER BY id").all(date) as {
    client_key: string | null;
    email: string;
    guests: number;
  }[];

const HOLDS_REFUSED =
  "You already have 2 afternoon tea bookings being paid for from this connection or e-mail address, and we can hold at most 2 at a time. " +
  `Please finish paying for them, or wait about 15 minutes for an unpaid one to lapse, then try again. For a larger party, please call us on ${PHONE}.`;
const REQUESTS_REFUSED =
  "You have already sent 3 booking requests today, which is as many as we can take online from one connection in a day. " +
  `We will reply to them soon. To book anything else, please call us on ${PHONE}, or send your request tomorrow.`;

describe("unpaid seat holds are bounded per client (R23)", () => {
  it("the attack: 36 payment intents from one address hold 2 bookings, not a day's afternoon teas", async () => {
    const date = "2027-06-12"; // a Saturday, 24 covers per slot
    const answers = [];
    for (let i = 0; i < 36; i++) {
      // A new e-mail address each time: the address alone stops it.
      answers.push(await teaIntent("203.0.113.7", { date, time: TEA_SLOTS[i % 9], guests: 6, email: `attacker+${i}@example.com` }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, ...Array<number>(34).fill(429)]);
    expect(answers[2]!.json()).toEqual({ message: HOLDS_REFUSED });
    expect(answers[2]!.headers["retry-after"]).toBe("900");
    expect(await remaining(date)).toEqual({ ...Object.fromEntries(TEA_SLOTS.map((t) => [t, 24])), "12:00": 18, "12:30": 18 });
    // Refused visitors leave no payment intents behind, and the address is stored only as its key.
    expect(s.ctx.sqlite.prepare("SELECT count(*) AS n FROM payments").get()).toEqual({ n: 2 });
    expect(heldRows(date).map((r) => r.client_key)).toEqual([clientKey("203.0.113.7"), clientKey("203.0.113.7")]);
    expect(JSON.stringify(s.ctx.sqlite.prepare("SELECT * FROM bookings").all())).not.toContain("203.0.113.7");
  });

  it("holds end their count when they lapse, after hold_minutes (a setting)", async () => {
    const date = "2027-06-13";
    await updateSetting(s.ctx, "hold_minutes", "20", "test");
    try {
      expect((await teaIntent("203.0.113.20", { date, guests: 6, email: "lapse1@example.com" })).statusCode).toBe(200);
      expect((await teaIntent("203.0.113.20", { date, guests: 6, email: "lapse2@example.com" })).statusCode).toBe(200);
      expect(heldRows(date).reduce((n, r) => n + r.guests, 0)).toBe(12);
      const third = await teaIntent("203.0.113.20", { date, guests: 1, email: "lapse3@example.com" });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toContain("wait about 20 minutes for an unpaid one to lapse");

      s.clock.now = minutes(16); // past the default 15 minutes, not past the setting's 20
      expect((await teaIntent("203.0.113.20", { date, guests: 1, email: "lapse3@example.com" })).json().message).toContain("wait about 4 minutes");
      s.clock.now = minutes(20);
      expect((await teaIntent("203.0.113.20", { date, guests: 6, email: "lapse3@example.com" })).statusCode).toBe(200);
    } finally {
      s.clock.now = TEST_NOW;
      await updateSetting(s.ctx, "hold_minutes", "15", "test");
    }
  });

  it("counts one e-mail address across addresses, whatever its letter case", async () => {
    const date = "2027-06-16";
    expect((await teaIntent("198.51.100.1", { date, email: "Joan.Clarke@Example.com" })).statusCode).toBe(200);
    expect((await teaIntent("198.51.100.2", { date, email: "joan.clarke@example.com" })).statusCode).toBe(200);
    const third = await teaIntent("198.51.100.3", { date, email: "JOAN.CLARKE@EXAMPLE.COM" });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: HOLDS_REFUSED });
    // Another visitor at the same address is not held back by Joan's holds.
    expect((await teaIntent("198.51.100.3", { date, email: "alan@example.com" })).statusCode).toBe(200);
    expect(heldRows(date).map((r) => r.email)).toEqual(["Joan.Clarke@Example.com", "joan.clarke@example.com", "alan@example.com"]);
  });

  it("a paid or declined hold no longer counts", async () => {
    const date = "2027-06-17";
    const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });
    const pay = async (intent: { clientSecret: string }, number: string) =>
      s.app.inject({
        method: "POST",
        url: "/api/payments/demo/confirm",
        payload: { clientSecret: intent.clientSecret, card: card(number), returnUrl: "/confirmation" },
        remoteAddress: "198.51.100.10",
      });
    const first = (await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).json();
    const second = (await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).json();
    expect((await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).statusCode).toBe(429);
    expect((await pay(first, "4242 4242 4242 4242")).statusCode).toBe(200);
    expect((await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).statusCode).toBe(200);
    expect((await pay(second, "4000 0000 0000 0002")).statusCode).toBe(402);
    expect((await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).statusCode).toBe(200);
    expect((await teaIntent("198.51.100.10", { date, email: "mary@example.com" })).statusCode).toBe(429);
  });

  it("10 payment intents at once from one address: exactly 2 are accepted", async () => {
    const date = "2027-06-18";
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => teaIntent("203.0.113.99", { date, time: TEA_SLOTS[i % 9], email: `rush${i}@example.com` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8);
    expect(heldRows(date)).toHaveLength(2);
  });
});

describe("booking requests are bounded per address and London day (R23)", () => {
  it("the fourth request of a day from one address is refused; another address, and the next day, are fine", async () => {
    const date = "2027-06-19";
    const from = "192.0.2.40";
    expect((await request(from, tableRequest(date, "r1@example.com"))).statusCode).toBe(201);
    expect((await request(from, hamperRequest(date, "r2@example.com"))).statusCode).toBe(201);
    expect((await request(from, teaRequest(date, "r3@example.com"))).statusCode).toBe(201);
    const fourth = await request(from, tableRequest(date, "r4@example.com"));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: REQUESTS_REFUSED });
    expect(fourth.headers["retry-after"]).toBe(String(15 * 3600)); // 09:00 to midnight in London
    expect(s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings WHERE email = 'r4@example.com'").get()).toEqual({ n: 0 });

    expect((await request("192.0.2.41", tableRequest(date, "r4@example.com"))).statusCode).toBe(201);

    try {
      // 23:30 in London is still the same day, though it is the next day nowhere but in UTC's future.
      s.clock.now = new Date("2027-06-02T22:30:00Z");
      expect((await request(from, tableRequest(date, "r4@example.com"))).statusCode).toBe(429);
      s.clock.now = new Date("2027-06-02T23:00:00Z"); // midnight in London, 3 June
      expect((await request(from, tableRequest(date, "r4@example.com"))).statusCode).toBe(201);
    } finally {
      s.clock.now = TEST_NOW;
    }
  });

  it("payment holds are not requests", async () => {
    const date = "2027-06-26"; // a Saturday
    const from = "192.0.2.50";
    expect((await teaIntent(from, { date, email: "mixed1@example.com" })).statusCode).toBe(200);
    expect((await teaIntent(from, { date, email: "mixed2@example.com" })).statusCode).toBe(200);
    for (const time of ["11:00", "11:30", "12:00"]) expect((await request(from, tableRequest(date, "mixed4@example.com", time))).statusCode).toBe(201);
    expect((await request(from, tableRequest(date, "mixed4@example.com", "12:30"))).statusCode).toBe(429);
  });

  it("Secret Garden bookings, confirmed at once and unpaid, count as requests: one address cannot take every private spot", async () => {
    const date = "2027-06-26"; // a Saturday: the Secret Garden is open
    const from = "192.0.2.51";
    const garden = (time: string, spot: string) =>
      request(from, { type: "secretGarden", date, time, guests: 2, gardenSpotId: spot, includeWine: false, ...contact("garden@example.com") });
    expect((await garden("12:00", "rose-garden")).statusCode).toBe(201);
    expect((await garden("14:00", "secret-alcove")).statusCode).toBe(201);
    expect((await request(from, tableRequest(date, "garden@example.com", "11:00"))).statusCode).toBe(201);
    const refused = await garden("18:00", "rose-garden");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have already sent 3 booking requests today/);
    // Another visitor may still book the garden.
    expect(
      (
        await request("192.0.2.52", {
          type: "secretGarden",
          date,
          time: "18:00",
          guests: 2,
          gardenSpotId: "rose-garden",
          includeWine: false,
          ...contact("other@example.com"),
        })
      ).statusCode,
    ).toBe(201);
  });

  it("10 requests at once from one address: exactly 3 are accepted", async () => {
    const date = "2027-06-23";
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request("192.0.2.60", tableRequest(date, `crowd${i}@example.com`))));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
  });

  it("staff bookings are never limited, from any address", async () => {
    const date = "2027-06-24";
    for (let i = 0; i < 3; i++) expect((await s.request("/api/bookings", { json: tableRequest(date, `walkin${i}@example.com`) })).status).toBe(201);
    expect((await s.request("/api/bookings", { json: tableRequest(date, "walkin3@example.com") })).status).toBe(429);
    const cookie = await s.login();
    for (let i = 0; i < 5; i++) {
      const res = await s.request("/api/bookings", {
        cookie,
        json: { type: "afternoonTea", teaType: "traditional", date, time: "14:00", guests: 4, ...contact(`phoned${i}@example.com`) },
      });
      expect(res.status).toBe(201);
    }
    expect(s.ctx.sqlite.prepare("SELECT DISTINCT client_key FROM bookings WHERE date = ? AND source = 'admin'").all(date)).toEqual([{ client_key: null }]);
  });
});
