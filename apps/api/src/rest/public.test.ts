import { BookingAnswerSchema, SiteInfoSchema } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxRow } from "../db/schema.js";
import { deliverableMail } from "../mail/outbox.js";
import { confirmationToken, newVisitor, queuedMails, startTestServer, type TestServer } from "../test/helpers.js";

// The clock is Wednesday 2 June 2027, 09:00 in London (TEST_NOW).
const SATURDAY = "2027-06-05";
const SUNDAY = "2027-06-06";
const MONDAY = "2027-06-07";
const YESTERDAY = "2027-06-01";

const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
const table = { type: "table", date: SATURDAY, time: "12:00", guests: 2, ...contact, diningPreference: "lunch" };
const tea = { type: "afternoonTea", date: SATURDAY, time: "14:00", guests: 2, ...contact, teaType: "traditional" };
const hamper = { type: "picnicHamper", date: SATURDAY, time: "13:00", guests: 3, ...contact, hamperType: "champagne" };
const garden = { type: "secretGarden", date: SATURDAY, time: "14:00", guests: 2, ...contact, gardenSpotId: "pond-pavilion", includeWine: false };

let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: each write below comes from a visitor of its own (R23 limits one address; its
  // own tests are in bookings/services/client-limits.test.ts).
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000", TRUST_PROXY: "true" } });
});
afterAll(async () => s.close());

const post = (path: string, json: unknown) => s.request(path, { json, from: newVisitor() });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const outboxCount = () => s.ctx.sqlite.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number };
const bookingCount = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings").get() as { n: number }).n;

describe("GET /api/site", () => {
  it("gives facts, every setting and prices in pence from the pricing items (R6, R11)", async () => {
    const res = await s.request("/api/site");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.facts.openingHours).toBe("Wednesday to Sunday 11am-5pm");
    expect(body.facts.phone).toBe("01234 567890");
    expect(body.settings.open_days).toBe("wed,thu,fri,sat,sun");
    expect(body.settings.afternoon_tea_covers_per_slot).toBe("24");
    expect(body.prices).toEqual({
      traditional: 2995,
      champagne: 3995,
      voucherAfternoonTea: 2995,
      voucherPicnicHamper: 3495,
      voucherMonetary: 2500,
      wine: 1500,
    });
    expect(body.monetaryAmounts).toEqual([25, 50, 75, 100]);
  });

  it("answers exactly the domain's SiteInfoSchema, the type the public site reads", async () => {
    const body = await (await s.request("/api/site")).json();
    expect(SiteInfoSchema.parse(body)).toEqual(body);
  });

  it("says whether afternoon tea carries Coming Soon, on until staff switch the setting off (R51)", async () => {
    const read = async () => (await (await s.request("/api/site")).json()) as { facts: { afternoonTeaComingSoon: boolean }; settings: Record<string, string> };
    const before = await read();
    expect([before.facts.afternoonTeaComingSoon, before.settings.afternoon_tea_coming_soon]).toEqual([true, "true"]);
    const cookie = await s.login();
    const off = await s.request("/api/booking-settings/afternoon_tea_coming_soon", { method: "PATCH", json: { value: "false" }, cookie });
    expect(off.status).toBe(200);
    const after = await read();
    expect([after.facts.afternoonTeaComingSoon, after.settings.afternoon_tea_coming_soon]).toEqual([false, "false"]);
    expect((await s.request("/api/booking-settings/afternoon_tea_coming_soon", { method: "PATCH", json: { value: "soon" }, cookie })).status).toBe(400);
    await s.request("/api/booking-settings/afternoon_tea_coming_soon", { method: "PATCH", json: { value: "true" }, cookie });
  });
});

describe("GET /api/garden-spots", () => {
  it("lists the five seeded spots of spec section 3", async () => {
    const spots = await (await s.request("/api/garden-spots")).json();
    expect(spots.map((x: { name: string; capacity: number; isPrivate: boolean }) => [x.name, x.capacity, x.isPrivate])).toEqual([
      ["The Rose Garden", 4, true],
      ["The Pond Pavilion", 6, false],
      ["Wisteria Terrace", 8, false],
      ["The Secret Alcove", 2, true],
      ["Manor View", 4, false],
    ]);
  });
});

describe("GET /api/availability", () => {
  it("lists every afternoon tea slot with its remaining covers", async () => {
    const body = await (await s.request(`/api/availability?type=afternoonTea&date=2027-06-12`)).json();
    expect(body.bookable).toBe(true);
    expect(body.slots.map((x: { time: string }) => x.time)).toEqual(["12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(body.slots.every((x: { remaining: number }) => x.remaining === 24)).toBe(true);
  });

  it("is not bookable on closed days and past dates", async () => {
    for (const date of [MONDAY, YESTERDAY]) {
      const body = await (await s.request(`/api/availability?type=table&date=${date}`)).json();
      expect(body).toEqual({ type: "table", date, bookable: false, slots: [] });
    }
  });

  it("counts bookings against the slot", async () => {
    expect((await post("/api/bookings", { ...table, date: "2027-06-10", guests: 5 })).status).toBe(201);
    const body = await (await s.request(`/api/availability?type=table&date=2027-06-10`)).json();
    expect(body.slots.find((x: { time: string }) => x.time === "12:00").remaining).toBe(25);
    expect(body.slots.find((x: { time: string }) => x.time === "12:30").remaining).toBe(30);
  });

  it("for the Secret Garden: 18:00 only at private spots, a booked private spot shows 0", async () => {
    const date = "2027-06-11";
    const before = await (await s.request(`/api/availability?type=secretGarden&date=${date}&gardenSpotId=secret-alcove`)).json();
    expect(before.slots).toEqual([
      { time: "12:00", remaining: 2 },
      { time: "14:00", remaining: 2 },
      { time: "16:00", remaining: 2 },
      { time: "18:00", remaining: 2 },
    ]);
    const pond = await (await s.request(`/api/availability?type=secretGarden&date=${date}&gardenSpotId=pond-pavilion`)).json();
    expect(pond.slots.find((x: { time: string }) => x.time === "18:00").remaining).toBe(0);
    expect((await post("/api/bookings", { ...garden, date, time: "16:00", gardenSpotId: "secret-alcove", guests: 1 })).status).toBe(201);
    const after = await (await s.request(`/api/availability?type=secretGarden&date=${date}&gardenSpotId=secret-alcove`)).json();
    expect(after.slots.find((x: { time: string }) => x.time === "16:00").remaining).toBe(0);
  });

  it("refuses bad queries with a message naming the field", async () => {
    let res = await s.request("/api/availability?type=brunch&date=2027-06-05");
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^type: /);
    res = await s.request("/api/availability?type=table&date=2027-02-30");
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^date: /);
    res = await s.request("/api/availability?type=secretGarden&date=2027-06-05&gardenSpotId=nowhere");
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^gardenSpotId: /);
  });
});

describe("POST /api/bookings", () => {
  it("takes every type: requests are pending with a readable reference, the Secret Garden is confirmed (R14, R15)", async () => {
    for (const body of [table, tea, hamper]) {
      const res = await post("/api/bookings", body);
      expect(res.status).toBe(201);
      const answer = await res.json();
      expect(answer.status).toBe("pending");
      expect(answer.reference).toMatch(/^TR-[A-Z2-9]{6}$/);
      expect(answer.id, "R27: no internal id in a public answer").toBeUndefined();
      expect(BookingAnswerSchema.parse(answer), "the domain's BookingAnswerSchema, exactly").toEqual(answer);
    }
    const res = await post("/api/bookings", { ...garden, includeWine: true, specialRequests: "A birthday" });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(BookingAnswerSchema.parse(answer)).toEqual(answer);
    expect(answer.status).toBe("confirmed");
    expect(answer.amountPence).toBe(3000);
    const row = s.ctx.sqlite.prepare("SELECT * FROM bookings WHERE reference = ?").get(answer.reference) as Record<string, unknown>;
    expect(row).toMatchObject({ type: "secretGarden", garden_spot_id: "pond-pavilion", include_wine: 1, special_requests: "A birthday", source: "public" });
  });

  it("queues the visitor's e-mail and the staff notice with the booking (R17)", async () => {
    const before = outboxCount().n;
    const res = await post("/api/bookings", { ...table, time: "15:00" });
    const { reference } = await res.json();
    const mails = s.ctx.sqlite.prepare("SELECT kind, to_address, subject FROM outbox ORDER BY id DESC LIMIT 2").all() as {
      kind: string;
      to_address: string;
      subject: string;
    }[];
    expect(outboxCount().n).toBe(before + 2);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking-request-received", "staff-new-booking"]);
    expect(mails.find((m) => m.kind === "booking-request-received")).toMatchObject({ to_address: "ada@example.com" });
    expect(mails.every((m) => m.subject.includes(reference))).toBe(true);
  });

  it.each([
    [{ ...table, date: undefined }, "date: Please select a date."],
    [{ ...table, date: "05/06/2027" }, "date: Please select a date."],
    [{ ...table, time: "" }, "time: Please select a time."],
    [{ ...table, guests: 0 }, "guests: Please select number of guests."],
    [{ ...table, guests: "two" }, "guests: Please select number of guests."],
    [{ ...table, guests: 7 }, "guests: Table reservations are for up to 6 people. For larger groups please contact us directly."],
    [{ ...table, name: "" }, "name: Please enter your name."],
    [{ ...table, email: "not-an-email" }, "email: Please enter a valid email."],
    [{ ...table, phone: "" }, "phone: Please enter your phone number."],
    [{ ...tea, teaType: undefined }, "teaType: Please select a tea type."],
    [{ ...table, diningPreference: "dinner" }, "diningPreference: Please select a dining preference."],
    [{ ...hamper, hamperType: undefined }, "hamperType: Please select a hamper type."],
    [{ ...garden, gardenSpotId: "" }, "gardenSpotId: Please select a date, time, and garden location."],
  ])("refuses bad fields with the spec's text: %#", async (body, text) => {
    const before = bookingCount();
    const res = await post("/api/bookings", body);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(text);
    expect(bookingCount()).toBe(before);
  });

  it("refuses an unknown type", async () => {
    const res = await post("/api/bookings", { ...table, type: "brunch" });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("type: Please choose a booking type: afternoonTea, table, picnicHamper or secretGarden.");
  });

  it("refuses past dates, closed days and closed dates (R11, R12)", async () => {
    let res = await post("/api/bookings", { ...table, date: YESTERDAY });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("date: Tuesday, 1 June 2027 has passed. Please choose a date from today onwards.");
    res = await post("/api/bookings", { ...table, date: MONDAY });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("date: We are closed on Mondays. We are open Wednesday to Sunday. Please choose another date.");
    // The seeded closed dates are in 2026; staff add one.
    const cookie = await s.login();
    await s.request("/api/booking-settings/closed_dates", { method: "PATCH", json: { value: "2027-06-19" }, cookie });
    res = await post("/api/bookings", { ...table, date: "2027-06-19" });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("date: We are closed on Saturday, 19 June 2027. Please choose another date.");
  });

  it("refuses Secret Garden bookings on Sundays, beyond a spot's capacity and at 18:00 for open spots (R15)", async () => {
    let res = await post("/api/bookings", { ...garden, date: SUNDAY });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("date: The Secret Garden Experience is not available on Sundays. Please choose another date.");
    res = await post("/api/bookings", { ...garden, gardenSpotId: "secret-alcove", guests: 3 });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("guests: The Secret Alcove has room for up to 2 guests.");
    res = await post("/api/bookings", { ...garden, time: "18:00" });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("time: 6:00 PM is for Private Events Only. Please choose a private location or another time.");
    res = await post("/api/bookings", { ...garden, gardenSpotId: "the-moon" });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("gardenSpotId: Please select a date, time, and garden location.");
  });

  it("books a private spot once per date and time: the second gets 409 (R15)", async () => {
    const body = { ...garden, date: "2027-06-18", time: "18:00", gardenSpotId: "rose-garden" };
    expect((await post("/api/bookings", body)).status).toBe(201);
    const res = await post("/api/bookings", { ...body, guests: 1, name: "Someone Else" });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("The Rose Garden is already booked at 6:00 PM on Friday, 18 June 2027. Please choose another time or location.");
    expect((await post("/api/bookings", { ...body, time: "16:00" })).status).toBe(201);
  });

  it("refuses times outside the settings and slots that already started today (R11, R12)", async () => {
    let res = await post("/api/bookings", { ...table, time: "12:15" });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^time: 12:15 is not a booking time for Table\. Please choose one of 11:00, 11:30, .*16:00\.$/);
    res = await post("/api/bookings", { ...tea, time: "11:00" });
    expect(res.status).toBe(400);
    s.clock.now = new Date("2027-06-02T12:40:00Z"); // 13:40 in London
    try {
      res = await post("/api/bookings", { ...tea, date: "2027-06-02", time: "13:30" });
      expect(res.status).toBe(400);
      expect(await message(res)).toBe("time: The 13:30 slot has already started. Please choose a later time.");
      expect((await post("/api/bookings", { ...tea, date: "2027-06-02", time: "14:00" })).status).toBe(201);
    } finally {
      s.clock.now = new Date("2027-06-02T08:00:00Z");
    }
  });

  it("answers 409 when the slot is full, naming what is left (R44: the Lawn's 12 places)", async () => {
    const date = "2027-06-24";
    expect((await post("/api/bookings", { ...hamper, date, guests: 6 })).status).toBe(201);
    expect((await post("/api/bookings", { ...hamper, date, guests: 4 })).status).toBe(201);
    let res = await post("/api/bookings", { ...hamper, date, guests: 3 });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("Only 2 places left at 1:00 PM on Thursday, 24 June 2027. Please choose fewer guests or another time.");
    expect((await post("/api/bookings", { ...hamper, date, guests: 2 })).status).toBe(201);
    res = await post("/api/bookings", { ...hamper, date, guests: 1 });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("The 1:00 PM slot on Thursday, 24 June 2027 is fully booked. Please choose another time.");
  });

  it("pretends success for a filled honeypot and stores nothing (R5)", async () => {
    const before = bookingCount();
    const mails = outboxCount().n;
    const res = await post("/api/bookings", { ...table, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect((await res.json()).reference).toMatch(/^TR-/);
    expect(bookingCount()).toBe(before);
    expect(outboxCount().n).toBe(mails);
  });
});

describe("POST /api/contact", () => {
  const enquiry = { name: "Ada", email: "ada@example.com", phone: "", enquiryType: "group-booking", message: "A table for twelve, please." };

  it("stores the enquiry and queues the acknowledgement and the staff notice", async () => {
    const mails = outboxCount().n;
    const res = await post("/api/contact", enquiry);
    expect(res.status).toBe(201);
    const row = s.ctx.sqlite.prepare("SELECT * FROM inquiries ORDER BY id DESC LIMIT 1").get() as Record<string, unknown>;
    expect(row).toMatchObject({ name: "Ada", phone: null, enquiry_type: "group-booking", is_resolved: 0 });
    expect(outboxCount().n).toBe(mails + 2);
    // R26: the acknowledgement says what arrived and when, not what it said; the staff get the message.
    const [ack] = queuedMails(s, { kind: "enquiry-acknowledgement" }).slice(-1);
    expect(ack).toMatchObject({ to: "ada@example.com" });
    expect(ack!.text).toContain("Enquiry:  Group Booking");
    expect(ack!.text).toContain("Received: Wednesday, 2 June 2027 at 9:00 AM");
    expect(ack!.all).not.toContain("A table for twelve");
    expect(queuedMails(s, { kind: "staff-new-enquiry" }).at(-1)!.text).toContain("A table for twelve, please.");
  });

  it.each([
    [{ ...enquiry, name: "" }, "name: Please enter your name"],
    [{ ...enquiry, email: "x@" }, "email: Please enter a valid email"],
    [{ ...enquiry, enquiryType: "" }, "enquiryType: Please select an enquiry type"],
    [{ ...enquiry, message: "Too short" }, "message: Message must be at least 10 characters"],
  ])("refuses bad fields with the spec's text: %#", async (body, text) => {
    const res = await post("/api/contact", body);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(text);
  });

  it("stores nothing for a filled honeypot", async () => {
    const count = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n;
    const before = count();
    expect((await post("/api/contact", { ...enquiry, website: "x" })).status).toBe(201);
    expect(count()).toBe(before);
  });
});

describe("newsletter (R16, double opt-in by R26)", () => {
  const subscription = () =>
    s.ctx.sqlite.prepare("SELECT * FROM newsletter_subscriptions WHERE email = 'reader@example.com'").all() as Record<string, unknown>[];

  it("subscribes once (202, then 202 again), confirms through the e-mailed link, welcomes with a working unsubscribe link", async () => {
    let res = await post("/api/newsletter/subscribe", { email: "Reader@Example.com", source: "popup" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    res = await post("/api/newsletter/subscribe", { email: "reader@example.com", source: "footer" });
    expect(res.status).toBe(202);
    expect(subscription()).toHaveLength(1);
    expect(subscription()[0]).toMatchObject({ source: "popup", is_active: 0, consent_at: null });

    const token = confirmationToken(s, "reader@example.com");
    expect((await post("/api/newsletter/confirm", { token })).status).toBe(200);
    expect(subscription()[0]).toMatchObject({ is_active: 1, consent_at: "2027-06-02T08:00:00.000Z" });

    const mail = deliverableMail(
      s.ctx.sqlite.prepare("SELECT * FROM outbox WHERE kind = 'newsletter-welcome' AND to_address = 'reader@example.com'").get() as OutboxRow,
    );
    const link = /http:\/\/localhost:3000(\/newsletter\/unsubscribe\?token=([\w-]+))/.exec(mail.text)!;
    expect(mail.html).toContain(link[1]!.replace(/&/g, "&amp;"));

    // Opening the link shows the button and changes nothing; the button unsubscribes.
    res = await s.request(link[1]!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("Unsubscribe from our newsletter");
    expect(subscription()[0]).toMatchObject({ is_active: 1 });
    expect((await post("/api/newsletter/unsubscribe", { token: link[2] })).status).toBe(200);
    expect(subscription()[0]).toMatchObject({ is_active: 0 });
    expect((await post("/api/newsletter/unsubscribe", { token: link[2] })).status).toBe(200); // idempotent

    // Subscribing again keeps the same row and asks for confirmation again.
    expect((await post("/api/newsletter/subscribe", { email: "reader@example.com" })).status).toBe(202);
    expect((await post("/api/newsletter/confirm", { token: confirmationToken(s, "reader@example.com") })).status).toBe(200);
    expect(s.ctx.sqlite.prepare("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = 'reader@example.com' AND is_active = 1").get()).toEqual({
      n: 1,
    });
  });

  it("answers an unknown token with a 404 page or message, and a bad e-mail with 400", async () => {
    const res = await s.request("/api/newsletter/unsubscribe?token=nope");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("not valid");
    const unknown = await post("/api/newsletter/unsubscribe", { token: "a".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe("This unsubscribe link is not valid.");
    const bad = await post("/api/newsletter/subscribe", { email: "nope" });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("email: Please enter a valid email");
  });
});
