import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, TEST_NOW, type TestServer } from "../test/helpers.js";
import { offerFreedSeats } from "./services/waitlist.js";

// R52 over HTTP: the waiting list holds freed seats for the first guest who fits, lapses to the
// next, and never holds one seat twice. TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;
let day = 10; // each test its own day of June, so they do not share seats
const nextDay = () => `2027-06-${String(day++).padStart(2, "0")}`;

beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
  // Four table guests may arrive at one time: one party of four fills a time.
  for (const [key, value] of [
    ["table_covers_per_slot", "4"],
    ["afternoon_tea_covers_per_slot", "4"],
    ["open_days", "mon,tue,wed,thu,fri,sat,sun"],
  ]) {
    const res = await s.request(`/api/booking-settings/${key}`, { method: "PATCH", cookie, json: { value } });
    expect(res.status, await res.text()).toBe(200);
  }
});
afterAll(async () => s.close());

let people = 0;
const guest = () => {
  const n = ++people;
  return { name: `Guest${n} Ashby`, email: `guest${n}@example.com`, phone: "07700 900123" };
};
const book = async (date: string, time: string, guests: number) => {
  const res = await s.request("/api/bookings", { from: newVisitor(), json: { type: "table", date, time, guests, diningPreference: "lunch", ...guest() } });
  expect(res.status).toBe(201);
  const { reference } = await res.json();
  const [row] = await (await s.request(`/api/bookings?search=${reference}`, { cookie })).json();
  return row.id as number;
};
const join = (json: Record<string, unknown>, from = newVisitor()) =>
  s.request("/api/waitlist", { from, json: { type: "table", guests: 2, diningPreference: "lunch", ...guest(), ...json } });
const list = async (date: string) => (await (await s.request(`/api/waitlist?date=${date}`, { cookie })).json()) as Record<string, any>[];
const tableLeft = async (date: string, time: string) => {
  const res = await (await s.request(`/api/availability?type=table&date=${date}`)).json();
  return res.slots.find((x: { time: string }) => x.time === time).remaining as number;
};
const tokenIn = (to: string, kind: string, pattern: RegExp) => {
  const mail = queuedMails(s, { to, kind }).at(-1);
  return mail ? pattern.exec(mail.text)?.[1] : undefined;
};
const offerToken = (to: string) => tokenIn(to, "waitlist-offer", /\/waitlist\/([\w-]{40,})/);
const leaveToken = (to: string) => tokenIn(to, "waitlist-joined", /\/waitlist\/leave\/([\w-]{40,})/);
const cancel = (id: number) => s.request(`/api/bookings/${id}?notifyGuest=false`, { method: "DELETE", cookie });
const settled = async () => {
  while (s.ctx.tasks.size) await Promise.all([...s.ctx.tasks]);
};

describe("waiting list (R52)", () => {
  it("joining: 409 with the free times when the party fits now, 400 for a past day or bad input, 429 past three a day", async () => {
    const date = nextDay();
    await book(date, "12:00", 4);
    const fits = await join({ date, times: ["12:00", "14:00"] });
    expect(fits.status).toBe(409);
    expect((await fits.json()).times).toEqual(["14:00"]);

    const past = await join({ date: "2027-06-01", times: null });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toMatch(/^date:/);
    const bad = await join({ date, times: ["2pm"] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/times/);
    expect(await list(date)).toEqual([]);

    const me = guest();
    for (let i = 1; i <= 3; i++) {
      const res = await join({ date, times: ["12:00"], ...me });
      expect(res.status).toBe(201);
      expect((await res.json()).position).toBe(i);
    }
    const fourth = await join({ date, times: ["12:00"], ...me });
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).message).toMatch(/3 times for this day/);
    const [mail] = queuedMails(s, { to: me.email, kind: "waitlist-joined" });
    expect(mail!.subject).toMatch(/^You are on the waiting list \(TR-/);
    expect(mail!.text).toMatch(/number 1 on our table waiting list/);
    expect(leaveToken(me.email)).toBeDefined();
  });

  it("a guest cancels: the first fitting entry is offered the seats, held; unclaimed, the offer lapses to the next; a table is claimed in one click", async () => {
    const date = nextDay();
    const full = await book(date, "12:00", 4);
    const big = guest();
    const first = guest();
    const second = guest();
    expect((await join({ date, times: ["12:00"], guests: 6, ...big })).status).toBe(201); // never fits a time of four
    expect((await join({ date, times: ["12:00"], ...first })).status).toBe(201);
    expect((await join({ date, times: ["12:00"], ...second })).status).toBe(201);
    expect(await tableLeft(date, "12:00")).toBe(0);

    expect((await cancel(full)).status).toBe(200);
    await settled(); // the pass a cancel nudges, run at once
    expect(offerToken(big.email)).toBeUndefined();
    const offer = offerToken(first.email)!;
    expect(offer).toBeDefined();
    // Held: two of the four seats are taken by the offer; the rest went to the next fitting entry.
    const entries = await list(date);
    expect(entries.map((e) => [e.name, e.status, e.offerTime, e.position])).toEqual([
      [big.name, "waiting", null, 1],
      [first.name, "offered", "12:00", null],
      [second.name, "offered", "12:00", null],
    ]);
    expect(await tableLeft(date, "12:00")).toBe(0);
    const view = await (await s.request(`/api/waitlist/offers/${offer}`)).json();
    expect(view).toMatchObject({ type: "table", date, time: "12:00", guests: 2, status: "offered" });

    // The first lets it lapse: its seats go back, and another pass offers them again.
    const secondOffer = offerToken(second.email)!;
    expect((await s.request(`/api/waitlist/offers/${secondOffer}/claim`, { method: "POST", from: newVisitor() })).status).toBe(201);
    s.clock.now = new Date(TEST_NOW.getTime() + 31 * 60_000);
    try {
      await offerFreedSeats(s.ctx);
      const lapsed = await s.request(`/api/waitlist/offers/${offer}/claim`, { method: "POST", from: newVisitor() });
      expect(lapsed.status).toBe(410);
      expect((await list(date)).map((e) => e.status)).toEqual(["waiting", "lapsed", "claimed"]);
      // Two seats free again; the party of six still does not fit, so they stay free.
      expect(await tableLeft(date, "12:00")).toBe(2);
    } finally {
      s.clock.now = TEST_NOW;
    }
    const request = queuedMails(s, { to: second.email, kind: "booking-request-received" });
    expect(request).toHaveLength(1);
  });

  it("staff offer by hand (409 when it does not fit), remove entries, and guests leave", async () => {
    const date = nextDay();
    await book(date, "14:00", 4);
    const a = guest();
    const b = guest();
    await join({ date, times: ["14:00"], ...a });
    await join({ date, times: ["14:00"], ...b });
    const [ea] = await list(date);
    const refused = await s.request(`/api/waitlist/${ea!.id}/offer`, { method: "POST", cookie, json: { time: "14:00" } });
    expect(refused.status).toBe(409);
    const offered = await s.request(`/api/waitlist/${ea!.id}/offer`, { method: "POST", cookie, json: { time: "12:00" } });
    expect(offered.status).toBe(201);
    expect(await offered.json()).toMatchObject({ status: "offered", offerTime: "12:00" });
    expect(await tableLeft(date, "12:00")).toBe(2);
    expect((await s.request(`/api/waitlist/${ea!.id}/offer`, { method: "POST", cookie, json: { time: "nope" } })).status).toBe(400);

    expect((await s.request(`/api/waitlist/${ea!.id}`, { method: "DELETE", cookie })).status).toBe(204);
    expect(await tableLeft(date, "12:00")).toBe(4);
    expect((await s.request(`/api/waitlist/leave/${leaveToken(b.email)}`, { method: "POST", from: newVisitor() })).status).toBe(204);
    expect((await list(date)).map((e) => e.status)).toEqual(["left", "left"]);
    expect((await s.request(`/api/waitlist/leave/not-a-token`, { method: "POST", from: newVisitor() })).status).toBe(404);
    expect((await s.request(`/api/waitlist?date=3 June`, { cookie })).status).toBe(400);
    expect((await s.request(`/api/waitlist?date=${date}`)).status).toBe(401);
  });

  it("a tea offer is claimed by paying (demo card); the paid booking stands", async () => {
    const date = nextDay();
    const staff = await s.request("/api/bookings", {
      cookie,
      json: {
        type: "afternoonTea",
        date,
        time: "14:00",
        guests: 4,
        teaType: "traditional",
        name: "Full Tea",
        email: "full@example.com",
        phone: "0770",
        sendConfirmation: false,
      },
    });
    expect(staff.status).toBe(201);
    const { id } = await staff.json();
    const tea = guest();
    expect((await join({ type: "afternoonTea", teaType: "traditional", date, times: ["14:00"], ...tea })).status).toBe(201);
    expect((await cancel(id)).status).toBe(200);
    await settled();
    const token = offerToken(tea.email)!;
    const claim = await s.request(`/api/waitlist/offers/${token}/claim`, { method: "POST", from: newVisitor() });
    expect(claim.status).toBe(200);
    const { clientSecret, amountPence } = await claim.json();
    expect(amountPence).toBeGreaterThan(0);
    const paid = await s.request("/api/payments/demo/confirm", {
      from: newVisitor(),
      json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
    });
    expect(paid.status, await paid.text()).toBe(200);
    await offerFreedSeats(s.ctx);
    expect((await list(date)).map((e) => e.status)).toEqual(["claimed"]);
    expect((await (await s.request(`/api/waitlist/offers/${token}`)).json()).status).toBe("claimed");
    expect(queuedMails(s, { to: tea.email, kind: "afternoon-tea-confirmation" })).toHaveLength(1);
  });

  it("a tea offer claimed twice (two clicks, two tabs) answers with the one open payment; once paid, 410", async () => {
    const date = nextDay();
    const staff = await s.request("/api/bookings", {
      cookie,
      json: {
        type: "afternoonTea",
        date,
        time: "14:00",
        guests: 4,
        teaType: "traditional",
        name: "Full Tea",
        email: "full@example.com",
        phone: "0770",
        sendConfirmation: false,
      },
    });
    const tea = guest();
    expect((await join({ type: "afternoonTea", teaType: "traditional", date, times: ["14:00"], ...tea })).status).toBe(201);
    expect((await cancel((await staff.json()).id)).status).toBe(200);
    await settled();
    const token = offerToken(tea.email)!;
    const claim = async () => {
      const res = await s.request(`/api/waitlist/offers/${token}/claim`, { method: "POST", from: newVisitor() });
      expect(res.status).toBe(200);
      return (await res.json()) as { clientSecret: string; amountPence: number };
    };
    // Two tabs at once, then a third click: one payment.
    const [a, b] = await Promise.all([claim(), claim()]);
    const c = await claim();
    expect(b.clientSecret).toBe(a.clientSecret);
    expect(c).toEqual(a);
    const pay = (number: string) =>
      s.request("/api/payments/demo/confirm", {
        from: newVisitor(),
        json: { clientSecret: a.clientSecret, card: { number, expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
      });
    expect((await pay("4242 4242 4242 4242")).status).toBe(200);
    const again = await s.request(`/api/waitlist/offers/${token}/claim`, { method: "POST", from: newVisitor() });
    expect(again.status).toBe(410);
    expect((await again.json()).message).toMatch(/already been claimed/);
    expect(queuedMails(s, { to: tea.email, kind: "afternoon-tea-confirmation" })).toHaveLength(1);
  });

  it("20 racing cancellations, passes and claims never hold one seat twice", async () => {
    const date = nextDay();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await book(date, "12:00", 1));
    const waiting = Array.from({ length: 8 }, () => guest());
    for (const g of waiting) expect((await join({ date, times: ["12:00"], guests: 1, ...g })).status).toBe(201);
    const claims = async () => {
      for (const g of waiting) {
        const t = offerToken(g.email);
        if (t) await s.request(`/api/waitlist/offers/${t}/claim`, { method: "POST", from: newVisitor() });
      }
    };
    await Promise.all([...ids.map((id) => cancel(id)), ...Array.from({ length: 12 }, () => offerFreedSeats(s.ctx)), claims(), claims(), claims(), claims()]);
    await settled();
    await claims();
    await offerFreedSeats(s.ctx);
    const entries = await list(date);
    const holding = entries.filter((e) => e.status === "offered" || e.status === "claimed");
    expect(holding).toHaveLength(4);
    expect(entries.filter((e) => e.status === "waiting")).toHaveLength(4);
    expect(await tableLeft(date, "12:00")).toBe(0);
  });
});
