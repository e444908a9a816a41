import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";
import { offerFreedSeats } from "../../waitlist/services/waitlist.js";
import { applyRetention } from "../services/privacy.js";

// R39 over R52: a waiting-list entry is personal data. The export lists it, erasing the address
// removes it (giving back seats its offer held), retention removes it once its day is long past.
// TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
  for (const [key, value] of [
    ["table_covers_per_slot", "4"],
    ["open_days", "mon,tue,wed,thu,fri,sat,sun"],
    ["retention_months", "12"],
  ]) {
    const res = await s.request(`/api/booking-settings/${key}`, { method: "PATCH", cookie, json: { value } });
    expect(res.status, await res.text()).toBe(200);
  }
});
afterAll(async () => s.close());

const DAY = "2027-06-12";
const LATER = "2027-07-20";
const ada = { name: "Ada Lovelace", email: "ada@example.com", phone: "07700 900001" };
const bob = { name: "Bob Marley", email: "bob@example.com", phone: "07700 900002" };
const cyd = { name: "Cyd Charisse", email: "cyd@example.com", phone: "07700 900003" };

const join = async (who: typeof ada, date: string, guests: number) => {
  const res = await s.request("/api/waitlist", {
    from: newVisitor(),
    json: { type: "table", date, times: ["12:00"], guests, diningPreference: "lunch", ...who },
  });
  expect(res.status, await res.text()).toBe(201);
};
const fill = async (date: string) => {
  const res = await s.request("/api/bookings", {
    from: newVisitor(),
    json: { type: "table", date, time: "12:00", guests: 4, diningPreference: "lunch", name: "Full Table", email: "full@example.com", phone: "0770" },
  });
  expect(res.status).toBe(201);
  return (await res.json()).reference as string;
};
const list = async (date: string) => (await (await s.request(`/api/waitlist?date=${date}`, { cookie })).json()) as Record<string, any>[];
const exportOf = async (email: string) => (await s.request(`/api/privacy/export?email=${encodeURIComponent(email)}`, { cookie })).json();
const tokenIn = (to: string, kind: string, pattern: RegExp) => pattern.exec(queuedMails(s, { to, kind }).at(-1)?.text ?? "")?.[1];
const settled = async () => {
  while (s.ctx.tasks.size) await Promise.all([...s.ctx.tasks]);
};

describe("waiting-list entries and the privacy tools (R39, R52)", () => {
  it("the export lists an address's entries; erasing it removes them and gives the seats of its offer to the next guest", async () => {
    const full = await fill(DAY);
    await fill(LATER);
    await join(ada, DAY, 3);
    await join(bob, DAY, 2);
    await join({ ...ada, email: "ADA@example.com" }, LATER, 2);
    const [booking] = await (await s.request(`/api/bookings?search=${full}`, { cookie })).json();
    expect((await s.request(`/api/bookings/${booking.id}?notifyGuest=false`, { method: "DELETE", cookie })).status).toBe(200);
    await settled();
    // Ada (three) holds an offer; Bob (two) does not fit the one seat left.
    expect((await list(DAY)).map((e) => [e.name, e.status])).toEqual([
      [ada.name, "offered"],
      [bob.name, "waiting"],
    ]);
    const offer = tokenIn(ada.email, "waitlist-offer", /\/waitlist\/([\w-]{40,})/)!;
    expect(offer).toBeDefined();

    const exported = await exportOf("Ada@Example.com");
    expect(exported.waitlist.map((e: Record<string, unknown>) => [e.date, e.name, e.email, e.phone, e.status, e.guests])).toEqual([
      [DAY, ada.name, ada.email, ada.phone, "offered", 3],
      [LATER, ada.name, ada.email, ada.phone, "waiting", 2],
    ]);
    expect((await exportOf(bob.email)).waitlist.map((e: Record<string, unknown>) => e.name)).toEqual([bob.name]);

    const erased = await s.request("/api/privacy/erase", { cookie, json: { email: ada.email } });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toMatchObject({ waitlist: 2 });
    await settled();
    expect((await exportOf(ada.email)).waitlist).toEqual([]);
    expect(await list(LATER)).toEqual([]);
    // Ada's held seats went back, so Bob is offered them; her offer link shows nothing of her.
    expect((await list(DAY)).map((e) => [e.name, e.status])).toEqual([[bob.name, "offered"]]);
    expect((await s.request(`/api/waitlist/offers/${offer}`)).status).toBe(404);
    expect((await s.request(`/api/waitlist/offers/${offer}/claim`, { method: "POST", from: newVisitor() })).status).toBe(404);
    const text = JSON.stringify(await (await s.request(`/api/waitlist?date=${DAY}`, { cookie })).json());
    expect(text).not.toMatch(/Lovelace|ada@example/i);
  });

  it("retention removes entries no longer open once their day is past the retention period; later ones stay", async () => {
    await join(cyd, LATER, 2);
    const leave = tokenIn(cyd.email, "waitlist-joined", /\/waitlist\/leave\/([\w-]{40,})/)!;
    expect((await s.request(`/api/waitlist/leave/${leave}`, { method: "POST", from: newVisitor() })).status).toBe(204);
    // Twelve months and a few days after DAY: DAY's entries are past retention, LATER's are not.
    s.clock.now = new Date("2028-06-20T09:00:00.000Z");
    let passes: number[];
    try {
      await offerFreedSeats(s.ctx); // entries of past days end
      passes = [(await applyRetention(s.ctx)).waitlist, (await applyRetention(s.ctx)).waitlist];
    } finally {
      s.clock.now = TEST_NOW; // the staff session is read at today's time
    }
    expect(passes).toEqual([1, 0]);
    expect(await list(DAY)).toEqual([]);
    expect((await exportOf(bob.email)).waitlist).toEqual([]);
    expect((await list(LATER)).map((e) => [e.name, e.status])).toEqual([[cyd.name, "left"]]);
  });
});
