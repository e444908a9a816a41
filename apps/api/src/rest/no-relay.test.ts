import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type QueuedMail, type TestServer } from "../test/helpers.js";

// R26 "No relay for strangers' text": the public forms take anyone's e-mail address, so an e-mail
// to that address must never carry what the visitor typed (an attacker would use our mail server
// to deliver their phishing text). Each attack below is replayed against the real server and the
// outbox read: the visitor's address gets our words and their chosen values only; the staff get
// everything.

const SATURDAY = "2027-06-05"; // the clock is Wednesday 2 June 2027 (TEST_NOW)
const PHISH = "Your account is suspended. Verify at https://evil.example/verify today";
const NAME = "Mallory Phisher-Smith";
const LONG_NAME = `${"Bartholomew".repeat(5)} Surname`; // a first word of 55 characters
const PHONE = "0909 666 1234";

let s: TestServer;
beforeAll(async () => {
  // Behind a proxy, so each booking below comes from a visitor of its own (R23 counts per address).
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
});
afterAll(async () => s.close());

const stranger = (label: string) => ({ name: NAME, email: `victim-${label}@example.com`, phone: PHONE });

/** Everything the stranger's address was sent; asserts none of it carries the typed text. */
function expectNothingTypedTo(email: string, typed: string[]): QueuedMail[] {
  const mails = queuedMails(s, { to: email });
  expect(mails.length, `mails to ${email}`).toBeGreaterThan(0);
  for (const mail of mails) {
    for (const text of typed) expect(mail.all, `${mail.kind} to ${email} carries "${text}"`).not.toContain(text);
    expect(mail.all).not.toContain("evil.example");
  }
  return mails;
}

/** The staff notice about the same request: it keeps every word, and a reply to it goes to the guest. */
function staffMail(kind: string, mentioning: string): QueuedMail {
  const mail = queuedMails(s, { kind }).find((m) => m.all.includes(mentioning));
  expect(mail, `${kind} mentioning ${mentioning}`).toBeDefined();
  expect(mail!.to).toBe("hello@heritagetearoom.co.uk");
  expect(mail!.replyTo).toBe(mentioning);
  return mail!;
}

describe("R26: no relay for strangers' text", () => {
  it("contact: the acknowledgement says an enquiry arrived, never what it said", async () => {
    const who = stranger("contact");
    const res = await s.request("/api/contact", { json: { ...who, enquiryType: "general-enquiry", message: PHISH } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const [ack] = expectNothingTypedTo(who.email, [PHISH, "Phisher", PHONE]);
    expect(ack!.kind).toBe("enquiry-acknowledgement");
    expect(ack!.text).toMatch(/^Dear Mallory,\n/);
    expect(ack!.text).toContain("General Enquiry");
    expect(ack!.text).toContain("For your security we do not repeat it in this e-mail.");
    const staff = staffMail("staff-new-enquiry", who.email);
    for (const text of [PHISH, NAME, PHONE]) expect(staff.text).toContain(text);
  });

  it("a booking request with dietary requirements: noted, not quoted", async () => {
    const who = stranger("tea-request");
    const res = await s.request("/api/bookings", {
      from: newVisitor(),
      json: { type: "afternoonTea", date: SATURDAY, time: "14:00", guests: 2, ...who, teaType: "traditional", dietaryRequirements: PHISH },
    });
    expect(res.status).toBe(201);
    const [mail] = expectNothingTypedTo(who.email, [PHISH, "Phisher", PHONE]);
    expect(mail!.kind).toBe("booking-request-received");
    expect(mail!.text).toContain("We have noted your dietary requirements.");
    expect(mail!.text).toContain("Traditional");
    const staff = staffMail("staff-new-booking", who.email);
    for (const text of [PHISH, NAME, PHONE]) expect(staff.text).toContain(text);
  });

  it("table and picnic hamper requests carry no name beyond the first, nor the phone", async () => {
    for (const [label, body] of [
      ["table", { type: "table", date: SATURDAY, time: "12:00", guests: 2, diningPreference: "lunch" }],
      ["hamper", { type: "picnicHamper", date: SATURDAY, time: "13:00", guests: 2, hamperType: "standard" }],
    ] as const) {
      const who = stranger(label);
      expect((await s.request("/api/bookings", { from: newVisitor(), json: { ...body, ...who } })).status).toBe(201);
      const [mail] = expectNothingTypedTo(who.email, ["Phisher", PHONE]);
      expect(mail!.text).toMatch(/^Dear Mallory,\n/);
      expect(mail!.text).not.toContain("We have noted");
    }
  });

  it("a Secret Garden booking with special requests: confirmed, the requests noted, not quoted", async () => {
    const who = stranger("garden");
    const res = await s.request("/api/bookings", {
      from: newVisitor(),
      json: {
        type: "secretGarden",
        date: SATURDAY,
        time: "14:00",
        guests: 2,
        ...who,
        gardenSpotId: "pond-pavilion",
        includeWine: true,
        specialRequests: PHISH,
      },
    });
    expect(res.status).toBe(201);
    const [mail] = expectNothingTypedTo(who.email, [PHISH, "Phisher", PHONE]);
    expect(mail!.kind).toBe("booking-confirmed");
    expect(mail!.text).toContain("We have noted your special requests.");
    expect(mail!.text).toContain("Pond Pavilion");
    const staff = staffMail("staff-new-booking", who.email);
    expect(staff.text).toContain(PHISH);
  });

  it("a paid afternoon tea: the confirmation and its calendar file carry no dietary text", async () => {
    const who = stranger("paid-tea");
    const intent = await s.request("/api/create-payment-intent", {
      json: {
        amount: 59.9,
        metadata: { type: "afternoon-tea", date: SATURDAY, time: "15:00", guests: 2, teaType: "traditional", ...who, dietaryRequirements: PHISH },
      },
    });
    expect(intent.status).toBe(200);
    const { clientSecret } = await intent.json();
    const paid = await s.request("/api/payments/demo/confirm", {
      json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
    });
    expect(paid.status).toBe(200);
    const [mail] = expectNothingTypedTo(who.email, [PHISH, "Phisher", PHONE]);
    expect(mail!.kind).toBe("afternoon-tea-confirmation");
    expect(mail!.text).toContain("We have noted your dietary requirements.");
    expect(mail!.all).toContain("BEGIN:VCALENDAR");
    const staff = staffMail("staff-paid-booking", who.email);
    for (const text of [PHISH, NAME, PHONE]) expect(staff.text).toContain(text);
  });

  it("a staff-made booking e-mails the guest without the special requests either", async () => {
    const cookie = await s.login();
    const who = stranger("staff-made");
    const res = await s.request("/api/bookings", {
      from: newVisitor(),
      cookie,
      json: { type: "secretGarden", date: SATURDAY, time: "16:00", guests: 2, ...who, gardenSpotId: "pond-pavilion", specialRequests: PHISH },
    });
    expect(res.status).toBe(201);
    const [mail] = expectNothingTypedTo(who.email, [PHISH, "Phisher", PHONE]);
    expect(mail!.text).toContain("We have noted your special requests.");
  });

  it("staff confirming, declining, changing and cancelling send none of the guest's text either (R28)", async () => {
    const cookie = await s.login();
    const ids: number[] = [];
    const people = ["confirmed", "declined", "changed"].map((label) => stranger(`staff-${label}`));
    for (const who of people) {
      const res = await s.request("/api/bookings", {
        from: newVisitor(),
        json: { type: "table", date: SATURDAY, time: "13:00", guests: 2, ...who, diningPreference: "lunch" },
      });
      ids.push((s.ctx.sqlite.prepare("SELECT id FROM bookings WHERE reference = ?").get((await res.json()).reference) as { id: number }).id);
    }
    expect((await s.request(`/api/bookings/${ids[0]}/confirm`, { method: "POST", cookie })).status).toBe(200);
    expect((await s.request(`/api/bookings/${ids[1]}/decline`, { json: { reason: "We are fully booked." }, cookie })).status).toBe(200);
    expect(
      (await s.request(`/api/bookings/${ids[2]}`, { method: "PATCH", json: { ...people[2], date: SATURDAY, time: "13:30", guests: 3 }, cookie })).status,
    ).toBe(200);
    expect((await s.request(`/api/bookings/${ids[2]}`, { method: "DELETE", cookie })).status).toBe(200);
    const kinds = people.map((who) => expectNothingTypedTo(who.email, ["Phisher", PHONE]).map((m) => m.kind));
    expect(kinds).toEqual([
      ["booking-request-received", "booking-confirmed"],
      ["booking-request-received", "booking-declined"],
      ["booking-request-received", "booking-changed", "booking-cancelled"],
    ]);
  });

  it("a long name: the greeting keeps the first 40 characters of the first word, and no more", async () => {
    const who = { ...stranger("long-name"), name: LONG_NAME };
    expect((await s.request("/api/contact", { json: { ...who, enquiryType: "group-booking", message: "A table for twelve, please." } })).status).toBe(201);
    const [ack] = expectNothingTypedTo(who.email, ["Surname", "A table for twelve", LONG_NAME.slice(0, 41)]);
    expect(ack!.text).toMatch(new RegExp(`^Dear ${LONG_NAME.slice(0, 40)},\n`));
  });

  it("a name that is a link is not used at all", async () => {
    const who = { ...stranger("link-name"), name: "www.evil.example/reset Smith" };
    expect((await s.request("/api/contact", { json: { ...who, enquiryType: "group-booking", message: "A table for twelve, please." } })).status).toBe(201);
    const [ack] = expectNothingTypedTo(who.email, ["Smith"]);
    expect(ack!.text).toMatch(/^Hello,\n/);
  });
});
