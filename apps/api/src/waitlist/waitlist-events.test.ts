import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, TEST_NOW, type TestServer } from "../test/helpers.js";
import { offerFreedSeats } from "./services/waitlist.js";

// R52 with R53 over HTTP: a sold-out sitting's waiting list. Tickets freed by a cancel are held
// for the first waiting guest they fit, paid for as tickets are, and lapse to the next.
// TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;
let terrace: number;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
  cookie = await s.login();
  const areas: { id: number; name: string }[] = await (await s.request("/api/areas", { cookie })).json();
  terrace = areas.find((a) => a.name === "Terrace")!.id;
});
afterAll(async () => s.close());

let people = 0;
const person = () => {
  const n = ++people;
  return { name: `Rose Waiter${n}`, email: `rose${n}@example.com`, phone: "07700 900789" };
};
async function soldOutSitting(name: string, sitting: Record<string, unknown> = {}) {
  const event = await (await s.request("/api/events", { cookie, json: { name, description: "Scones.", pricePence: 2000, published: true } })).json();
  const added = await s.request(`/api/events/${event.id}/sittings`, {
    cookie,
    json: { date: "2027-06-12", time: "15:00", minutes: 90, tickets: 4, areaId: terrace, perOrderLimit: 4, salesCutoffMinutes: 60, ...sitting },
  });
  expect(added.status).toBe(201);
  return { slug: event.slug as string, sittingId: (await added.json()).sittings[0].id as number };
}
const buy = (sittingId: number, tickets: number, who = person()) =>
  s.request("/api/create-payment-intent", {
    from: newVisitor(),
    json: { amount: (2000 * tickets) / 100, metadata: { type: "event", sittingId, tickets, ...who } },
  });
const pay = (clientSecret: string) =>
  s.request("/api/payments/demo/confirm", {
    from: newVisitor(),
    json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation" },
  });
/** Buys and pays `tickets`; the guest's manage token from the confirmation e-mail. */
async function bought(sittingId: number, tickets: number): Promise<string> {
  const who = person();
  const res = await buy(sittingId, tickets, who);
  expect(res.status).toBe(200);
  expect((await pay((await res.json()).clientSecret)).status).toBe(200);
  const [mail] = queuedMails(s, { to: who.email, kind: "event-tickets-confirmation" });
  return /\/booking\/([\w-]{43})/.exec(mail!.text)![1]!;
}
const join = (sittingId: number, guests: number, who = person(), extra: Record<string, unknown> = {}) =>
  s.request("/api/waitlist", { from: newVisitor(), json: { type: "event", sittingId, times: null, guests, ...who, ...extra } });
const ticketsLeft = async (slug: string) => (await (await s.request(`/api/events/${slug}`)).json()).sittings[0].ticketsLeft as number;
const offerToken = (to: string) => {
  const mail = queuedMails(s, { to, kind: "waitlist-offer" }).at(-1);
  return mail ? /\/waitlist\/([\w-]{40,})/.exec(mail.text)?.[1] : undefined;
};
const settled = async () => {
  while (s.ctx.tasks.size) await Promise.all([...s.ctx.tasks]);
};
const claim = (token: string) => s.request(`/api/waitlist/offers/${token}/claim`, { method: "POST", from: newVisitor() });

describe("a sold-out sitting's waiting list (R52, R53)", () => {
  it("joining: 409 with the tickets left when the order fits, 400 past the per-order limit, the cut-off or for no sitting; nothing stored", async () => {
    const { sittingId } = await soldOutSitting("Jazz Tea");
    await bought(sittingId, 3);
    const fits = await join(sittingId, 1);
    expect(fits.status).toBe(409);
    expect(await fits.json()).toEqual({ message: expect.stringMatching(/1 ticket left/), ticketsLeft: 1 });
    const over = await join(sittingId, 5);
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe("guests: At most 4 tickets can be bought in one order.");
    const none = await join(999_999, 2);
    expect(none.status).toBe(400);
    expect((await none.json()).message).toMatch(/^sittingId: /);
    const badTimes = await join(sittingId, 2, person(), { times: ["15:00"] });
    expect(badTimes.status).toBe(400);
    expect((await badTimes.json()).message).toMatch(/^times: /);
    // Today at 09:30 with a 60-minute cut-off: sales closed at 08:30.
    const soon = await soldOutSitting("Early Tour", { date: "2027-06-02", time: "09:30", minutes: 30 });
    const late = await join(soon.sittingId, 2);
    expect(late.status).toBe(400);
    expect((await late.json()).message).toMatch(/^sittingId: Tickets for this sitting are no longer on sale/);
    expect(await (await s.request("/api/waitlist?date=2027-06-02", { cookie })).json()).toEqual([]);
  });

  it("a cancel frees 2 tickets: the first waiting guest they fit is offered them, held; unclaimed they lapse to the next, who pays", async () => {
    const { slug, sittingId } = await soldOutSitting("Christmas Tea");
    const cancelToken = await bought(sittingId, 2);
    await bought(sittingId, 2);
    expect(await ticketsLeft(slug)).toBe(0);
    const big = person();
    const first = person();
    const second = person();
    expect((await join(sittingId, 3, big)).status).toBe(201); // three never fit in the two freed
    const joined = await join(sittingId, 2, first);
    expect(joined.status).toBe(201);
    expect(await joined.json()).toEqual({ reference: expect.any(String), position: 2 });
    expect((await join(sittingId, 2, second)).status).toBe(201);
    expect(queuedMails(s, { to: first.email, kind: "waitlist-joined" })[0]!.text).toContain("Christmas Tea tickets");

    expect((await s.request(`/api/manage/${cancelToken}/cancel`, { method: "POST" })).status).toBe(200);
    await settled();
    await offerFreedSeats(s.ctx);
    expect(offerToken(big.email)).toBeUndefined();
    expect(offerToken(second.email)).toBeUndefined();
    const offer = offerToken(first.email)!;
    expect(offer).toBeDefined();
    // Held for the first: the sitting still shows none left.
    expect(await ticketsLeft(slug)).toBe(0);
    const entries = await (await s.request("/api/waitlist?date=2027-06-12", { cookie })).json();
    expect(entries.map((e: Record<string, unknown>) => [e.name, e.type, e.status, e.offerTime])).toEqual([
      [big.name, "event", "waiting", null],
      [first.name, "event", "offered", "15:00"],
      [second.name, "event", "waiting", null],
    ]);
    expect(await (await s.request(`/api/waitlist/offers/${offer}`)).json()).toMatchObject({
      type: "event",
      time: "15:00",
      guests: 2,
      status: "offered",
      amountPence: 4000,
    });

    s.clock.now = new Date(TEST_NOW.getTime() + 31 * 60_000);
    try {
      await offerFreedSeats(s.ctx);
      expect((await claim(offer)).status).toBe(410);
      const next = offerToken(second.email)!;
      expect(next).toBeDefined();
      const claimed = await claim(next);
      expect(claimed.status).toBe(200);
      const { clientSecret, amountPence } = await claimed.json();
      expect(amountPence).toBe(4000);
      expect((await pay(clientSecret)).status).toBe(200);
      await offerFreedSeats(s.ctx);
      const after = await (await s.request("/api/waitlist?date=2027-06-12", { cookie })).json();
      expect(after.map((e: Record<string, unknown>) => e.status)).toEqual(["waiting", "lapsed", "claimed"]);
      expect(await ticketsLeft(slug)).toBe(0);
      const [mail] = queuedMails(s, { to: second.email, kind: "event-tickets-confirmation" });
      expect(mail!.text).toContain("2 tickets for Christmas Tea");
    } finally {
      s.clock.now = TEST_NOW;
    }
  });
});
