import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type TestResponse, type TestServer } from "../../test/helpers.js";

// R28 (confirm, decline, cancel, edits e-mailed), R29 (warnings before saving) and R30 (staff
// notes), on REST and on tRPC, with what each leaves in the bookings table and the outbox.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

let people = 0;
/** A guest of this test alone, so the outbox can be read per guest. */
const guest = () => ({ name: "Ada Lovelace", email: `guest${++people}@example.com`, phone: "01234 567890" });
const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const trpc = async (path: string, input: unknown) => {
  const res = await s.request(`/api/trpc/${path}`, { json: input, cookie });
  const body = (await res.json()) as {
    result?: { data: any };
    error?: { message: string; data: { code: string; warnings?: { code: string; message: string }[] } };
  };
  return { status: res.status, data: body.result?.data, error: body.error };
};
const row = (id: number) => s.ctx.sqlite.prepare("SELECT status, decline_reason, staff_notes, date, time, guests FROM bookings WHERE id = ?").get(id);
const bookingCount = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings").get() as { n: number }).n;
const outboxCount = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n;
const idOf = (reference: string) => (s.ctx.sqlite.prepare("SELECT id FROM bookings WHERE reference = ?").get(reference) as { id: number }).id;

/** A table request from the public site: pending, with the visitor's own notes. */
async function request(who = guest(), over: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
  const res = await s.request("/api/bookings", {
    json: { type: "table", date: "2027-06-10", time: "12:00", guests: 2, diningPreference: "lunch", ...who, ...over },
    from: newVisitor(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: idOf((await res.json()).reference), email: who.email };
}
/** A staff booking, saved whatever it warns about. */
async function staffBooking(over: Record<string, unknown> = {}): Promise<{ id: number; email: string; body: any }> {
  const who = guest();
  const res = await staff("/api/bookings", {
    method: "POST",
    json: { type: "table", date: "2027-06-10", time: "13:00", guests: 2, diningPreference: "lunch", ...who, acceptWarnings: true, ...over },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await res.json();
  return { id: body.id, email: who.email, body };
}
const message = async (res: TestResponse) => (await res.json()).message as string;

describe("confirm (R28)", () => {
  it("confirms a pending request and e-mails the guest the confirmation with its ICS", async () => {
    const { id, email } = await request();
    const res = await staff(`/api/bookings/${id}/confirm`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "confirmed" });
    const [mail] = queuedMails(s, { to: email, kind: "booking-confirmed" });
    expect(mail!.subject).toMatch(/^Your booking is confirmed \(TR-/);
    expect(mail!.text).toContain("Dear Ada,");
    expect(mail!.all).toContain("BEGIN:VCALENDAR");
    expect(mail!.all).toContain("DTSTART;TZID=Europe/London:20270610T120000");
  });

  it("is 409 unless the booking is pending, 404 for an unknown id, 400 for a malformed one; nothing e-mailed", async () => {
    const { id } = await request();
    await staff(`/api/bookings/${id}/confirm`, { method: "POST" });
    const before = outboxCount();
    const again = await staff(`/api/bookings/${id}/confirm`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(/is confirmed: only a pending request can be confirmed/);
    expect((await staff("/api/bookings/99999/confirm", { method: "POST" })).status).toBe(404);
    expect((await staff("/api/bookings/abc/confirm", { method: "POST" })).status).toBe(400);
    expect(outboxCount()).toBe(before);
    expect((await s.request(`/api/bookings/${id}/confirm`, { method: "POST" })).status).toBe(401);
  });
});

describe("decline (R28)", () => {
  it("declines with the staff member's reason, frees the seats and e-mails the reason", async () => {
    const { id, email } = await request(guest(), { guests: 6, date: "2027-06-11" });
    const seats = async () =>
      (await (await s.request("/api/availability?type=table&date=2027-06-11")).json()).slots.find((x: { time: string }) => x.time === "12:00").remaining;
    expect(await seats()).toBe(24);
    const res = await staff(`/api/bookings/${id}/decline`, { method: "POST", json: { reason: "We have a private event that day." } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "declined", declineReason: "We have a private event that day." });
    expect(await seats()).toBe(30);
    const [mail] = queuedMails(s, { to: email, kind: "booking-declined" });
    expect(mail!.text).toContain("We have a private event that day.");
  });

  it("needs a reason (400, nothing written) and a pending request (409)", async () => {
    const { id } = await request();
    const before = outboxCount();
    for (const json of [{}, { reason: "   " }, { reason: 42 }, { reason: "x".repeat(501) }]) {
      const res = await staff(`/api/bookings/${id}/decline`, { method: "POST", json });
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/^reason: /);
    }
    expect(row(id)).toMatchObject({ status: "pending", decline_reason: null });
    expect(outboxCount()).toBe(before);
    await staff(`/api/bookings/${id}/decline`, { method: "POST", json: { reason: "Full" } });
    expect((await staff(`/api/bookings/${id}/decline`, { method: "POST", json: { reason: "Full" } })).status).toBe(409);
    expect((await staff(`/api/bookings/${id}/confirm`, { method: "POST" })).status).toBe(409);
    expect((await staff("/api/bookings/99999/decline", { method: "POST", json: { reason: "Full" } })).status).toBe(404);
    // A declined request is not a booking to cancel.
    expect((await staff(`/api/bookings/${id}`, { method: "DELETE" })).status).toBe(409);
  });
});

describe("cancel (R28)", () => {
  it("e-mails the guest by default, and not with notifyGuest=false", async () => {
    const told = await staffBooking({ sendConfirmation: false });
    expect((await staff(`/api/bookings/${told.id}`, { method: "DELETE" })).status).toBe(200);
    expect(queuedMails(s, { to: told.email }).map((m) => m.kind)).toEqual(["booking-cancelled"]);

    const silent = await staffBooking({ sendConfirmation: false });
    const res = await staff(`/api/bookings/${silent.id}?notifyGuest=false`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("cancelled");
    expect(queuedMails(s, { to: silent.email })).toEqual([]);
    expect((await staff(`/api/bookings/${silent.id}?notifyGuest=maybe`, { method: "DELETE" })).status).toBe(400);
  });
});

/** The calendar file a mail carries, folded lines joined again; undefined when it has none. */
const calendarOf = (mail: { all: string }) => {
  const ics = /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\r\n/.exec(mail.all)?.[0];
  if (!ics) return undefined;
  const field = (name: string) => new RegExp(`^${name}[:;](.*)$`, "m").exec(ics.replace(/\r\n /g, ""))?.[1]?.replace(/\r$/, "");
  return { ics, method: field("METHOD"), uid: field("UID"), sequence: Number(field("SEQUENCE")), status: field("STATUS") };
};

describe("calendar files (R51)", () => {
  it("keep one UID per booking and a SEQUENCE that rises with each change e-mailed; a cancel sends a cancelling entry", async () => {
    const { id, email, body } = await staffBooking();
    const base = { name: "Ada Lovelace", email, phone: "01234 567890", date: "2027-06-10", time: "13:00", guests: 2 };
    await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, time: "13:30" } });
    // A silent correction sends no file, so it spends no number.
    await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, time: "14:00", notifyGuest: false } });
    await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, time: "14:00", guests: 3 } });
    await staff(`/api/bookings/${id}`, { method: "DELETE" });
    const mails = queuedMails(s, { to: email });
    expect(mails.map((m) => m.kind)).toEqual(["booking-confirmed", "booking-changed", "booking-changed", "booking-cancelled"]);
    const files = mails.map(calendarOf);
    const uid = `${body.booking?.reference ?? body.reference}@heritage-tearoom`;
    expect(files.map((f) => [f?.method, f?.uid, f?.sequence, f?.status])).toEqual([
      ["PUBLISH", uid, 0, "CONFIRMED"],
      ["PUBLISH", uid, 1, "CONFIRMED"],
      ["PUBLISH", uid, 2, "CONFIRMED"],
      ["CANCEL", uid, 3, "CANCELLED"],
    ]);
    expect(files[3]!.ics).toContain(`ATTENDEE:mailto:${email}\r\n`);
    expect(files[3]!.ics).toContain("DTSTART;TZID=Europe/London:20270610T140000\r\n");
    expect(files[3]!.ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect((s.ctx.sqlite.prepare("SELECT calendar_sequence AS n FROM bookings WHERE id = ?").get(id) as { n: number }).n).toBe(3);
  });

  it("sends no calendar file with a cancelled request, which never had one", async () => {
    const { id, email } = await request();
    await staff(`/api/bookings/${id}`, { method: "DELETE" });
    const [cancelled] = queuedMails(s, { to: email, kind: "booking-cancelled" });
    expect(calendarOf(cancelled!)).toBeUndefined();
  });
});

describe("staff create (R28, R29, R30)", () => {
  it("e-mails the confirmation with its ICS when Send confirmation is ticked (the default), and nothing when not", async () => {
    const sent = await staffBooking();
    expect(sent.body).toMatchObject({ status: "confirmed", warnings: [] });
    const [mail] = queuedMails(s, { to: sent.email });
    expect(mail!.kind).toBe("booking-confirmed");
    expect(mail!.all).toContain("BEGIN:VCALENDAR");
    const quiet = await staffBooking({ sendConfirmation: false });
    expect(queuedMails(s, { to: quiet.email })).toEqual([]);
  });

  it("keeps staff notes, and never puts them in a guest's e-mail", async () => {
    const { id, email, body } = await staffBooking({ staffNotes: "Owner's cousin: seat by the window", dietaryRequirements: "No nuts" });
    expect(body.booking).toMatchObject({ staffNotes: "Owner's cousin: seat by the window", dietaryRequirements: "No nuts" });
    await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...guest(), email, date: "2027-06-10", time: "13:30", guests: 2 } });
    await staff(`/api/bookings/${id}`, { method: "DELETE" });
    const mails = queuedMails(s, { to: email });
    expect(mails.map((m) => m.kind)).toEqual(["booking-confirmed", "booking-changed", "booking-cancelled"]);
    for (const mail of mails) {
      expect(mail.all).not.toContain("cousin");
      expect(mail.all).not.toContain("No nuts");
    }
  });

  it("answers 409 with each warning and stores and sends nothing until acceptWarnings", async () => {
    const who = guest();
    const json = { type: "table", date: "2027-06-14", time: "17:30", guests: 40, diningPreference: "lunch", ...who };
    const [bookings, mails] = [bookingCount(), outboxCount()];
    let res = await staff("/api/bookings", { method: "POST", json: { ...json, guests: 20, date: "2027-06-14" } });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.warnings).toEqual([
      { code: "closed-day", message: "The tearoom is closed on Mondays (Monday, 14 June 2027)." },
      { code: "outside-opening-hours", message: "5:30 PM is outside opening hours (11am–5pm)." },
    ]);
    expect(body.message).toMatch(/^Please check before saving: /);
    expect([bookingCount(), outboxCount()]).toEqual([bookings, mails]);
    res = await staff("/api/bookings", { method: "POST", json: { ...json, guests: 20, acceptWarnings: true } });
    expect(res.status).toBe(201);
    expect((await res.json()).warnings.map((w: { code: string }) => w.code)).toEqual(["closed-day", "outside-opening-hours"]);
    expect(queuedMails(s, { to: who.email }).map((m) => m.kind)).toEqual(["booking-confirmed"]);
    // Bad flags are a 400 like any other field.
    res = await staff("/api/bookings", { method: "POST", json: { ...json, guests: 2, acceptWarnings: "yes" } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("acceptWarnings: acceptWarnings must be true or false");
  });

  it("warns about a double-booked private spot and an 18:00 standard spot", async () => {
    const spot = { type: "secretGarden", date: "2027-06-12", time: "14:00", guests: 2, gardenSpotId: "secret-alcove" };
    await staffBooking(spot);
    let res = await staff("/api/bookings", { method: "POST", json: { ...spot, ...guest() } });
    expect(res.status).toBe(409);
    expect((await res.json()).warnings.map((w: { code: string }) => w.code)).toEqual(["private-spot-taken"]);
    res = await staff("/api/bookings", { method: "POST", json: { ...spot, ...guest(), time: "18:00", gardenSpotId: "pond-pavilion" } });
    expect((await res.json()).warnings.map((w: { code: string }) => w.code)).toEqual(["private-only-time"]);
  });

  it("leaves visitors refused as before, with no warnings to accept", async () => {
    const spot = { type: "secretGarden", date: "2027-06-12", time: "16:00", guests: 2, gardenSpotId: "rose-garden" };
    await staffBooking(spot);
    const res = await s.request("/api/bookings", { json: { ...spot, ...guest(), acceptWarnings: true }, from: newVisitor() });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.warnings).toBeUndefined();
    expect(body.message).toMatch(/The Rose Garden is already booked at 4:00 PM/);
  });
});

describe("staff edit (R28, R29, R30)", () => {
  it("saves staff notes without a word to the guest, and e-mails a change of date, time or guests", async () => {
    const { id, email } = await staffBooking({ sendConfirmation: false });
    const base = { name: "Ada Lovelace", email, phone: "01234 567890", date: "2027-06-10", time: "13:00", guests: 2 };
    let res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, staffNotes: "Birthday cake at 3" } });
    expect(res.status).toBe(200);
    expect((await res.json()).booking.staffNotes).toBe("Birthday cake at 3");
    expect(queuedMails(s, { to: email })).toEqual([]);
    // Left out, the notes stay; sent empty, they are cleared.
    await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, name: "Ada King" } });
    expect(row(id)).toMatchObject({ staff_notes: "Birthday cake at 3" });

    res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, guests: 3 } });
    expect(res.status).toBe(200);
    const [changed] = queuedMails(s, { to: email });
    expect(changed!.kind).toBe("booking-changed");
    expect(changed!.text).toMatch(/Guests:\s+3/);
    expect(changed!.all).toContain("BEGIN:VCALENDAR");

    res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, time: "14:00", notifyGuest: false, staffNotes: "" } });
    expect(res.status).toBe(200);
    expect(row(id)).toMatchObject({ time: "14:00", staff_notes: null });
    expect(queuedMails(s, { to: email })).toHaveLength(1);
  });

  it("answers 409 with the warnings and changes nothing until acceptWarnings", async () => {
    const { id, email } = await staffBooking({ sendConfirmation: false, type: "picnicHamper", hamperType: "standard", time: "11:00" });
    const base = { name: "Ada Lovelace", email, phone: "01234 567890", date: "2027-06-10", time: "11:00", guests: 2 };
    const before = row(id);
    let res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, guests: 17 } });
    expect(res.status).toBe(409);
    expect((await res.json()).warnings).toEqual([
      { code: "over-capacity", message: "Picnic Hamper at 11:00 AM on Thursday, 10 June 2027 would have 17 of 16 places taken (1 over)." },
    ]);
    expect(row(id)).toEqual(before);
    expect(queuedMails(s, { to: email })).toEqual([]);
    res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, guests: 17, acceptWarnings: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ overCapacity: true, booking: { guests: 17 } });
    expect(queuedMails(s, { to: email }).map((m) => m.kind)).toEqual(["booking-changed"]);
    res = await staff(`/api/bookings/${id}`, { method: "PATCH", json: { ...base, guests: 2, notifyGuest: "no" } });
    expect(res.status).toBe(400);
  });
});

describe("the same on tRPC", () => {
  it("confirm, decline and cancel, with the same refusals", async () => {
    const a = await request();
    expect((await trpc("bookings.confirm", { id: a.id })).data).toMatchObject({ status: "confirmed" });
    expect(queuedMails(s, { to: a.email, kind: "booking-confirmed" })).toHaveLength(1);
    const again = await trpc("bookings.confirm", { id: a.id });
    expect([again.status, again.error?.data.code]).toEqual([409, "CONFLICT"]);
    expect((await trpc("bookings.confirm", { id: 99999 })).status).toBe(404);

    const b = await request();
    const noReason = await trpc("bookings.decline", { id: b.id, reason: "" });
    expect([noReason.status, noReason.error?.message]).toEqual([400, "reason: Please give a reason for the guest."]);
    expect((await trpc("bookings.decline", { id: b.id, reason: "Fully booked" })).data).toMatchObject({ status: "declined", declineReason: "Fully booked" });

    const c = await request();
    expect((await trpc("bookings.cancel", { id: c.id, notifyGuest: false })).data).toMatchObject({ status: "cancelled" });
    expect(queuedMails(s, { to: c.email }).map((m) => m.kind)).toEqual(["booking-request-received"]);
  });

  it("a create with warnings is a CONFLICT carrying them; accepted, it saves", async () => {
    const who = guest();
    const json = { type: "afternoonTea", teaType: "traditional", date: "2027-06-10", time: "12:15", guests: 2, ...who, staffNotes: "VIP" };
    const warned = await trpc("bookings.create", json);
    expect(warned.status).toBe(409);
    expect(warned.error?.data.warnings?.map((w) => w.code)).toEqual(["not-a-booking-time"]);
    expect(queuedMails(s, { to: who.email })).toEqual([]);
    const saved = await trpc("bookings.create", { ...json, acceptWarnings: true, sendConfirmation: false });
    expect(saved.data.booking).toMatchObject({ time: "12:15", staffNotes: "VIP" });
    expect(queuedMails(s, { to: who.email })).toEqual([]);
  });
});
