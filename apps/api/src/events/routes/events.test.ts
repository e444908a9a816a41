import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertHundredPoundVoucher } from "../../test/vouchers.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// R53: events with ticketed sittings, over HTTP. TEST_NOW is Wednesday 2 June 2027, 09:00 in London.
let s: TestServer;
let cookie: string;
let terrace: number;
let tearoom: number;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
  cookie = await s.login();
  const areas: { id: number; name: string }[] = await (await staff("/api/areas")).json();
  terrace = areas.find((a) => a.name === "Terrace")!.id;
  tearoom = areas.find((a) => a.name === "Tearoom")!.id;
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const SATURDAY = "2027-06-12";
let buyers = 0;
const buyer = () => {
  buyers++;
  return { name: `Ivy Buyer${buyers}`, email: `ivy${buyers}@example.com`, phone: "07700 900456" };
};

async function newEvent(name: string, sitting: Record<string, unknown>, pricePence = 3495): Promise<{ id: number; slug: string; sittingId: number }> {
  const created = await staff("/api/events", { json: { name, description: "Carols and scones.", pricePence, published: true } });
  expect(created.status).toBe(201);
  const event = await created.json();
  const added = await staff(`/api/events/${event.id}/sittings`, {
    json: { date: SATURDAY, time: "15:00", minutes: 120, tickets: 12, areaId: terrace, perOrderLimit: 4, salesCutoffMinutes: 60, ...sitting },
  });
  expect(added.status).toBe(201);
  const withSitting = await added.json();
  return { id: event.id, slug: event.slug, sittingId: withSitting.sittings.at(-1).id };
}

const buy = (sittingId: number, tickets: number, pricePence = 3495, extra: Record<string, unknown> = {}, who = buyer()) =>
  s.request("/api/create-payment-intent", {
    from: newVisitor(),
    json: { amount: (pricePence * tickets) / 100, metadata: { type: "event", sittingId, tickets, ...who, ...extra } },
  });
const pay = (clientSecret: string) =>
  s.request("/api/payments/demo/confirm", {
    from: newVisitor(),
    json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation" },
  });
const sittingOf = async (slug: string, id: number) =>
  ((await (await s.request(`/api/events/${slug}`)).json()).sittings as { id: number; ticketsLeft: number }[]).find((x) => x.id === id);

describe("staff make events; the public list shows the published ones", () => {
  it("needs a session to make one; bad input is a 400 naming the field, storing nothing", async () => {
    expect((await s.request("/api/events", { json: { name: "Gate-crash", pricePence: 100 } })).status).toBe(401);
    const bad = await staff("/api/events", { json: { name: "Supper", pricePence: -5 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^pricePence: /);
    const badSitting = await staff("/api/events/1/sittings", { json: { date: "12 June", time: "15:00", minutes: 60, tickets: 10, areaId: terrace } });
    expect(badSitting.status).toBe(400);
    expect((await badSitting.json()).message).toMatch(/date/);
  });

  it("an event appears on GET /api/events only once published, with tickets left per sitting", async () => {
    const created = await staff("/api/events", { json: { name: "Mother's Day Tea", description: "A sitting for mothers.", pricePence: 2995 } });
    expect(created.status).toBe(201);
    const event = await created.json();
    expect(event).toMatchObject({ slug: "mother-s-day-tea", published: false, sittings: [] });
    const added = await staff(`/api/events/${event.id}/sittings`, {
      json: { date: "2027-06-13", time: "14:00", minutes: 90, tickets: 10, areaId: terrace, question: "Any allergies?" },
    });
    expect(added.status).toBe(201);
    expect((await added.json()).sittings[0]).toMatchObject({ tickets: 10, ticketsSold: 0, ticketsLeft: 10, perOrderLimit: 10, salesCutoffMinutes: 60 });
    const listed = async () => ((await (await s.request("/api/events")).json()) as { slug: string }[]).map((e) => e.slug);
    expect(await listed()).not.toContain("mother-s-day-tea");
    expect((await s.request("/api/events/mother-s-day-tea")).status).toBe(404);

    const published = await staff(`/api/events/${event.id}`, { method: "PATCH", json: { published: true } });
    expect(published.status).toBe(200);
    expect(await listed()).toContain("mother-s-day-tea");
    const one = await (await s.request("/api/events/mother-s-day-tea")).json();
    expect(one).toMatchObject({ name: "Mother's Day Tea", pricePence: 2995, imageUrl: null });
    expect(one.sittings).toEqual([
      {
        id: expect.any(Number),
        date: "2027-06-13",
        time: "14:00",
        minutes: 90,
        ticketsLeft: 10,
        perOrderLimit: 10,
        question: "Any allergies?",
        salesClosed: false,
      },
    ]);
  });
});

describe("buying tickets (POST /api/create-payment-intent, type event)", () => {
  it("14 racing buyers of a 12-ticket sitting get exactly 12 tickets", async () => {
    const { slug, sittingId } = await newEvent("Garden Tour", { tickets: 12, perOrderLimit: 2 }, 1500);
    const answers = await Promise.all(Array.from({ length: 14 }, () => buy(sittingId, 1, 1500)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(12);
    expect(statuses.filter((x) => x === 409)).toHaveLength(2);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await refused.json()).message).toBe("This sitting is sold out.");
    expect((await sittingOf(slug, sittingId))!.ticketsLeft).toBe(0);
  });

  it("the per-order limit is a 400 and a closed sale a 409, nothing held", async () => {
    const { slug, sittingId } = await newEvent("Supper Evening", { tickets: 16, perOrderLimit: 4, time: "18:00" });
    const over = await buy(sittingId, 5);
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe("tickets: At most 4 tickets can be bought in one order.");
    const wrongAmount = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: { amount: 1, metadata: { type: "event", sittingId, tickets: 2, ...buyer() } },
    });
    expect(wrongAmount.status).toBe(400);
    expect((await wrongAmount.json()).message).toMatch(/^amount: £1.00 does not match the price of £69.90 for 2 tickets for Supper Evening/);
    const before = s.clock.now;
    s.clock.now = new Date("2027-06-12T16:30:00Z"); // 17:30 in London, half an hour before the 18:00 start
    try {
      const late = await buy(sittingId, 2);
      expect(late.status).toBe(409);
      expect((await late.json()).message).toBe("Tickets for this sitting are no longer on sale online. Please call us.");
    } finally {
      s.clock.now = before;
    }
    expect((await sittingOf(slug, sittingId))!.ticketsLeft).toBe(16);
  });

  it("a monetary voucher pays for the tickets: confirmed at once, the e-mail says what was bought", async () => {
    const { sittingId } = await newEvent("Christmas Afternoon Tea", { time: "12:00" });
    await insertHundredPoundVoucher(s.ctx.db, {
      code: "TEA-EVNT-AAAA-BBBB",
      printToken: "p".repeat(43),
      createdAt: "2027-01-01T00:00:00.000Z",
      expiryDate: "2028-01-01",
    });
    const who = buyer();
    const res = await buy(sittingId, 2, 3495, { voucherCode: "tea-evnt-aaaa-bbbb", answer: "One vegetarian" }, who);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ clientSecret: null, amountPence: 0, voucherAppliedPence: 6990, bookingReference: expect.any(String) });
    const [mail] = queuedMails(s, { to: who.email, kind: "event-tickets-confirmation" });
    expect(mail!.subject).toBe("Your tickets for Christmas Afternoon Tea – Saturday, 12 June 2027, 12:00 PM");
    expect(mail!.text).toContain("Thank you for buying 2 tickets for Christmas Afternoon Tea.");
    expect(mail!.text).toContain("£69.90 (voucher ending BBBB)");
    expect(mail!.all).toContain("BEGIN:VCALENDAR");
    const [listed] = await (await staff(`/api/bookings?search=${answer.bookingReference}`)).json();
    expect(listed).toMatchObject({ type: "event", status: "confirmed", guests: 2, specialRequests: "One vegetarian" });
    // The day sheet and the bookings export show the tickets as a booking of type event.
    const day = await (await staff(`/api/bookings/day?date=${SATURDAY}`)).json();
    expect(day.bookings.find((b: { reference: string }) => b.reference === answer.bookingReference)).toMatchObject({ type: "event", guests: 2 });
    expect(day.slots).toContainEqual({ type: "event", time: "12:00", covers: 2, capacity: 2 });
    const csv = await (await staff(`/api/bookings.csv?from=${SATURDAY}&to=${SATURDAY}`)).text();
    expect(csv.split("\n").find((line) => line.includes(answer.bookingReference))).toMatch(/event/);
  });

  it("an afternoon-tea voucher cannot pay for tickets (400), nothing held", async () => {
    const { slug, sittingId } = await newEvent("Tea Tasting", { time: "10:00", tickets: 8 });
    await s.ctx.db
      .insertInto("gift_vouchers")
      .values({
        voucher_type: "afternoonTea",
        voucher_code: "TEA-EVNT-CCCC-DDDD",
        price_text: "£59.90",
        price_pence: 5990,
        people: 2,
        recipient_name: "R",
        recipient_email: "r@example.com",
        sender_name: "S",
        sender_email: "s@example.com",
        message: "",
        is_redeemed: 0,
        payment_reference: null,
        created_at: "2027-01-01T00:00:00.000Z",
        expiry_date: "2028-01-01",
        remaining: 2,
        print_token: "q".repeat(43),
      })
      .execute();
    const res = await buy(sittingId, 2, 3495, { voucherCode: "TEA-EVNT-CCCC-DDDD" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^voucherCode: Only a money gift voucher/);
    expect((await sittingOf(slug, sittingId))!.ticketsLeft).toBe(8);
  });

  it("paid by card: the confirmation page shows the event; the guest cancels from the link and is refunded", async () => {
    const { sittingId } = await newEvent("Summer Supper", { time: "19:00", tickets: 10, areaId: tearoom });
    const who = buyer();
    const res = await buy(sittingId, 2, 3495, {}, who);
    expect(res.status).toBe(200);
    const { clientSecret, paymentIntentId, amountPence } = await res.json();
    expect(amountPence).toBe(6990);
    expect((await pay(clientSecret)).status).toBe(200);
    const status = await (await s.request(`/api/payments/${paymentIntentId}/status?client_secret=${encodeURIComponent(clientSecret)}`)).json();
    expect(status).toMatchObject({
      status: "succeeded",
      booking: { type: "event", guests: 2, date: SATURDAY, time: "19:00", eventName: "Summer Supper", cardPence: 6990 },
    });
    const ics = await s.request(status.booking.calendarUrl);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain("Summer Supper (2 tickets)");

    const [mail] = queuedMails(s, { to: who.email, kind: "event-tickets-confirmation" });
    expect(mail!.text).toContain("2 tickets for Summer Supper");
    const token = /\/booking\/([\w-]{43})/.exec(mail!.text)![1]!;
    // Tickets are cancelled online, never changed: the link says so.
    expect(mail!.text).toContain(`View or cancel your tickets: http://localhost:3000/booking/${token}`);
    expect(mail!.text).not.toContain("View, change or cancel");
    expect((await s.request(`/api/manage/${token}`, { method: "PATCH", json: { guests: 3 } })).status).toBe(409);
    const cancelled = await s.request(`/api/manage/${token}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ status: "cancelled", refundedPence: 6990 });
  });
});

describe("sittings in the room", () => {
  const ROOM_DAY = "2027-06-26";
  it("a sitting's seats are not sold to a table booking, and a sitting that closes its area closes it", async () => {
    // The Tearoom (36 seats) keeps 3 beside a 33-ticket sitting; the Terrace is closed for another.
    await newEvent("Jazz Lunch", { date: ROOM_DAY, time: "12:00", tickets: 33, perOrderLimit: 10, areaId: tearoom, minutes: 120 });
    await newEvent("Terrace Party", { date: ROOM_DAY, time: "11:00", tickets: 10, areaId: terrace, minutes: 180, closesArea: true });
    const table = (guests: number) =>
      s.request("/api/bookings", { from: newVisitor(), json: { type: "table", date: ROOM_DAY, time: "12:30", guests, diningPreference: "lunch", ...buyer() } });
    const four = await table(4);
    expect(four.status).toBe(409);
    expect((await four.json()).message).toMatch(/Only 3 places left/);
    expect((await table(3)).status).toBe(201);
    const availability = await s.request(`/api/availability?date=${ROOM_DAY}&type=table`);
    expect(availability.status).toBe(200);
    expect((await availability.json()).slots.find((x: { time: string }) => x.time === "12:30").remaining).toBe(0);
  });

  it("a sitting that does not fit beside the bookings already made is refused (409)", async () => {
    const created = await (await staff("/api/events", { json: { name: "Crowded", pricePence: 1000 } })).json();
    const res = await staff(`/api/events/${created.id}/sittings`, {
      json: { date: ROOM_DAY, time: "12:00", minutes: 60, tickets: 5, areaId: tearoom },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/^Tearoom has only 0 seats free/);
  });

  it("DELETE of a sitting with tickets sold is a 409; without, a 204", async () => {
    const { id, sittingId } = await newEvent("Book Club Tea", { time: "16:00", tickets: 6, areaId: terrace, date: "2027-06-19" });
    expect((await buy(sittingId, 1)).status).toBe(200);
    const refused = await staff(`/api/events/${id}/sittings/${sittingId}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/^1 ticket is sold for this sitting/);
    const moved = await staff(`/api/events/${id}/sittings/${sittingId}`, { method: "PATCH", json: { time: "17:00" } });
    expect(moved.status).toBe(409);
    const more = await staff(`/api/events/${id}/sittings/${sittingId}`, { method: "PATCH", json: { tickets: 8 } });
    expect(more.status).toBe(200);
    expect((await more.json()).sittings[0]).toMatchObject({ tickets: 8, ticketsSold: 1, ticketsLeft: 7 });

    const added = await (
      await staff(`/api/events/${id}/sittings`, { json: { date: "2027-06-20", time: "16:00", minutes: 60, tickets: 4, areaId: terrace } })
    ).json();
    const empty = added.sittings.at(-1).id;
    expect((await staff(`/api/events/${id}/sittings/${empty}`, { method: "DELETE" })).status).toBe(204);
    expect((await staff(`/api/events/${id}/sittings/${empty}`, { method: "DELETE" })).status).toBe(404);
  });

  it("DELETE of an area with a sitting is a 409 naming it, nothing removed; once the sitting is gone, a 204", async () => {
    const made = await staff("/api/areas", { method: "POST", json: { name: "Marquee", seats: 20, bookingTypes: ["afternoonTea"] } });
    expect(made.status).toBe(201);
    const marquee = (await made.json()).id as number;
    const { id, sittingId } = await newEvent("Marquee Supper", { date: "2027-06-26", time: "19:00", tickets: 10, areaId: marquee });
    const refused = await staff(`/api/areas/${marquee}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Marquee has 1 event sitting: Marquee Supper on Saturday, 26 June 2027 at 7:00 PM. Move it to another area or remove it before removing the area.",
    );
    expect(((await (await staff("/api/areas")).json()) as { id: number }[]).map((a) => a.id)).toContain(marquee);
    expect((await staff(`/api/events/${id}/sittings/${sittingId}`, { method: "DELETE" })).status).toBe(204);
    expect((await staff(`/api/areas/${marquee}`, { method: "DELETE" })).status).toBe(204);
  });
});
