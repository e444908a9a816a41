import { CloseDateInputSchema, type AdminBookingCreate, type Booking } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDate } from "../services/closures.js";
import { createBooking } from "../services/bookings.js";
import { onPostgres } from "../../test/pg-databases.js";
import { queuedMails, startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";

// TEST_NOW is Wednesday 2 June 2027, 09:00 in London.
const TODAY = "2027-06-02";
const NEXT_WEEK = "2027-06-09";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

let guestNo = 0;
/** A booking made through the service, then moved to `status` the way the server would leave it. */
async function book(
  over: Partial<AdminBookingCreate> & { date: string },
  status: "confirmed" | "pending" | "declined" | "cancelled" | "held" = "confirmed",
  holdMinutes = 10,
): Promise<Booking> {
  const n = ++guestNo;
  const input = {
    type: "afternoonTea",
    time: "12:00",
    guests: 2,
    name: `Guest ${n}`,
    email: `guest${n}@example.com`,
    phone: "01234 567890",
    teaType: "traditional",
    ...over,
  } as AdminBookingCreate;
  const opts =
    status === "held"
      ? { status: "held" as const, source: "admin" as const, holdExpiresAt: new Date(TEST_NOW.getTime() + holdMinutes * 60_000) }
      : { status: status === "pending" ? ("pending" as const) : ("confirmed" as const), source: "admin" as const };
  const { booking } = await createBooking(s.ctx, input, opts);
  if (status === "declined" || status === "cancelled") s.ctx.sqlite.prepare("UPDATE bookings SET status = ? WHERE id = ?").run(status, booking.id);
  return { ...booking, status: status === "held" ? "held" : booking.status };
}

const row = (id: number) => s.ctx.sqlite.prepare("SELECT status, arrival FROM bookings WHERE id = ?").get(id) as { status: string; arrival: string | null };
const closedDates = () => (s.ctx.sqlite.prepare("SELECT setting_value AS v FROM booking_settings WHERE setting_key = 'closed_dates'").get() as { v: string }).v;

describe("staff only (R1)", () => {
  it.each([
    ["GET", `/api/bookings/day?date=${TODAY}`],
    ["POST", "/api/bookings/1/arrival"],
    ["GET", "/api/closures"],
    ["GET", `/api/closures/${TODAY}`],
    ["POST", "/api/closures"],
    ["DELETE", `/api/closures/${TODAY}`],
  ])("%s %s answers 401 without a session", async (method, path) => {
    const res = await s.request(path, { method, ...(method === "POST" ? { json: {} } : {}) });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/bookings/day (R31)", () => {
  it.each(["", "?date=", "?date=tomorrow", "?date=2027-02-30", "?date=2027-6-9"])("refuses %j with 400 naming the date", async (query) => {
    const res = await staff(`/api/bookings/day${query}`);
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^date: /);
  });

  it("counts covers per slot from the bookings that hold seats, and lists those bookings in time order with their notes", async () => {
    const tea = await book({ date: NEXT_WEEK, time: "13:00", guests: 2, specialRequests: "Window table please" });
    s.ctx.sqlite.prepare("UPDATE bookings SET dietary_requirements = 'Coeliac', staff_notes = 'Regulars' WHERE id = ?").run(tea.id);
    const request = await book({ date: NEXT_WEEK, type: "table", diningPreference: "lunch", time: "12:00", guests: 3, teaType: undefined }, "pending");
    const liveHold = await book({ date: NEXT_WEEK, time: "13:00", guests: 4 }, "held", 10);
    const lapsedHold = await book({ date: NEXT_WEEK, time: "13:00", guests: 5 }, "held", -1);
    const declined = await book({ date: NEXT_WEEK, time: "13:00", guests: 6 }, "declined");
    const cancelled = await book({ date: NEXT_WEEK, time: "13:00", guests: 1 }, "cancelled");

    const res = await staff(`/api/bookings/day?date=${NEXT_WEEK}`);
    expect(res.status).toBe(200);
    const sheet = await res.json();
    expect(sheet).toMatchObject({ date: NEXT_WEEK, open: true });
    const slot = (type: string, time: string) => sheet.slots.find((x: { type: string; time: string }) => x.type === type && x.time === time);
    // 2 confirmed + 4 held and still paying; the lapsed hold, the declined and the cancelled ones hold nothing.
    expect(slot("afternoonTea", "13:00")).toEqual({ type: "afternoonTea", time: "13:00", covers: 6, capacity: 24 });
    expect(slot("afternoonTea", "12:00")).toEqual({ type: "afternoonTea", time: "12:00", covers: 0, capacity: 24 });
    expect(slot("table", "12:00")).toEqual({ type: "table", time: "12:00", covers: 3, capacity: 30 });
    expect(slot("secretGarden", "18:00")).toEqual({ type: "secretGarden", time: "18:00", covers: 0, capacity: 6 });

    const ids = sheet.bookings.map((b: Booking) => b.id);
    expect(ids).toEqual([request.id, tea.id, liveHold.id]);
    for (const gone of [lapsedHold, declined, cancelled]) expect(ids).not.toContain(gone.id);
    expect(sheet.bookings[1]).toMatchObject({
      status: "confirmed",
      dietaryRequirements: "Coeliac",
      specialRequests: "Window table please",
      staffNotes: "Regulars",
      arrival: null,
    });
    expect(sheet.bookings[0]).toMatchObject({ status: "pending", type: "table", diningPreference: "lunch" });
  });

  it("says when the tearoom is shut that day, and lists only the slots of the types open then", async () => {
    // Monday 7 June 2027: the tearoom opens Wednesday to Sunday; the Secret Garden closes on Sundays only.
    const sheet = await (await staff("/api/bookings/day?date=2027-06-07")).json();
    expect(sheet).toMatchObject({ date: "2027-06-07", open: false, bookings: [] });
    expect(new Set(sheet.slots.map((x: { type: string }) => x.type))).toEqual(new Set(["secretGarden"]));
  });

  // SQLite's query plan; PostgreSQL's planner chooses by its statistics, not by this test.
  it.skipIf(onPostgres())("reads one day through an index, not the whole table (decision 010)", () => {
    const plan = s.ctx.sqlite
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM bookings WHERE date = ? AND status NOT IN ('declined', 'cancelled') AND (status != 'held' OR hold_expires_at > ?) ORDER BY time, id",
      )
      .all(NEXT_WEEK, TEST_NOW.toISOString()) as { detail: string }[];
    const details = plan.map((p) => p.detail).join("\n");
    expect(details).toMatch(/USING INDEX bookings_(day_status|date) \(date=\?/);
    expect(details).not.toMatch(/SCAN bookings(?! USING)/);
  });
});

describe("POST /api/bookings/{id}/arrival (R28)", () => {
  it("marks a confirmed booking of today arrived or no-show, and takes a mistaken mark back with null", async () => {
    const b = await book({ date: TODAY, time: "14:00" });
    let res = await staff(`/api/bookings/${b.id}/arrival`, { json: { status: "arrived" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: b.id, status: "confirmed", arrival: "arrived" });
    const sheet = await (await staff(`/api/bookings/day?date=${TODAY}`)).json();
    expect(sheet.bookings.find((x: Booking) => x.id === b.id).arrival).toBe("arrived");

    res = await staff(`/api/bookings/${b.id}/arrival`, { json: { status: "no-show" } });
    expect((await res.json()).arrival).toBe("no-show");
    // A no-show still held its seats: it stays confirmed and counted.
    expect(row(b.id)).toEqual({ status: "confirmed", arrival: "no-show" });
    res = await staff(`/api/bookings/${b.id}/arrival`, { json: { status: null } });
    expect(res.status).toBe(200);
    expect((await res.json()).arrival).toBeNull();
  });

  it.each([
    ["pending", /TR-\w+ is pending/],
    ["cancelled", /TR-\w+ is cancelled/],
    ["declined", /TR-\w+ is declined/],
  ] as const)("refuses a %s booking with 409 and writes nothing", async (status, text) => {
    const b = await book({ date: TODAY, time: "15:00" }, status);
    const res = await staff(`/api/bookings/${b.id}/arrival`, { json: { status: "arrived" } });
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(text);
    expect(row(b.id).arrival).toBeNull();
  });

  it("refuses a visit still to come (409): arrival is marked on the day", async () => {
    const b = await book({ date: NEXT_WEEK, time: "15:00" });
    const res = await staff(`/api/bookings/${b.id}/arrival`, { json: { status: "arrived" } });
    expect(res.status).toBe(409);
    expect(await message(res)).toContain("on the day of the visit");
    expect(row(b.id).arrival).toBeNull();
  });

  it("answers 404 for an unknown booking and 400 for a bad id or body", async () => {
    expect((await staff("/api/bookings/999999/arrival", { json: { status: "arrived" } })).status).toBe(404);
    expect((await staff("/api/bookings/abc/arrival", { json: { status: "arrived" } })).status).toBe(400);
    const b = await book({ date: TODAY, time: "15:30" });
    for (const json of [{ status: "late" }, {}, { status: true }]) {
      const res = await staff(`/api/bookings/${b.id}/arrival`, { json });
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/^status: /);
    }
    expect(row(b.id).arrival).toBeNull();
  });
});

describe("closures (R32)", () => {
  const DAY = "2027-06-16"; // a Wednesday

  it("previews a date: not closed, with the bookings that stand on it; bad dates are 400", async () => {
    const b = await book({ date: DAY, time: "12:30" });
    const res = await staff(`/api/closures/${DAY}`);
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview).toMatchObject({ date: DAY, closed: false });
    expect(preview.bookings.map((x: Booking) => x.id)).toEqual([b.id]);
    expect((await staff("/api/closures/2027-13-01")).status).toBe(400);
    expect((await staff("/api/closures/soon")).status).toBe(400);
  });

  it("keeps the bookings when asked: the date is closed, nothing cancelled, nobody e-mailed", async () => {
    const mailsBefore = queuedMails(s).length;
    const res = await staff("/api/closures", { json: { date: DAY, cancelBookings: false } });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result).toMatchObject({ date: DAY, closed: true, cancelled: [] });
    expect(result.bookings).toHaveLength(1);
    expect(closedDates()).toContain(DAY);
    expect(queuedMails(s)).toHaveLength(mailsBefore);
    expect((await (await staff("/api/closures")).json()).dates).toContain(DAY);
    // Visitors can no longer book it.
    const availability = await (await s.request(`/api/availability?type=afternoonTea&date=${DAY}`)).json();
    expect(availability).toMatchObject({ bookable: false, slots: [] });
    // The day sheet says so, and still lists the booking kept.
    const sheet = await (await staff(`/api/bookings/day?date=${DAY}`)).json();
    expect(sheet.open).toBe(false);
    expect(sheet.bookings).toHaveLength(1);
  });

  it("refuses to close a date twice (409) and reopens it once (then 404)", async () => {
    const before = closedDates();
    const again = await staff("/api/closures", { json: { date: DAY, cancelBookings: true } });
    expect(again.status).toBe(409);
    expect(closedDates()).toBe(before);
    expect((await staff(`/api/closures/${DAY}`)).status).toBe(200);
    const reopened = await staff(`/api/closures/${DAY}`, { method: "DELETE" });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toMatchObject({ date: DAY, closed: false });
    expect(closedDates()).not.toContain(DAY);
    expect((await staff(`/api/closures/${DAY}`, { method: "DELETE" })).status).toBe(404);
  });

  it("cancels the bookings and writes one e-mail to each guest in the outbox; a hold being paid for is left alone", async () => {
    const date = "2027-06-17";
    const confirmed = await book({ date, time: "12:00" });
    const request = await book({ date, time: "13:00", type: "table", diningPreference: "lunch", teaType: undefined }, "pending");
    const hold = await book({ date, time: "14:00" }, "held", 10);
    const res = await staff("/api/closures", { json: { date, cancelBookings: true } });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result.cancelled.map((b: Booking) => [b.id, b.status])).toEqual([
      [confirmed.id, "cancelled"],
      [request.id, "cancelled"],
    ]);
    expect(result.bookings.map((b: Booking) => b.id)).toEqual([hold.id]);
    expect(row(confirmed.id).status).toBe("cancelled");
    expect(row(request.id).status).toBe("cancelled");
    expect(row(hold.id).status).toBe("held");
    const toConfirmed = queuedMails(s, { to: confirmed.email, kind: "booking-cancelled-closure" });
    expect(toConfirmed).toHaveLength(1);
    expect(toConfirmed[0]!.subject).toBe(`Your booking on Thursday, 17 June 2027 is cancelled (${confirmed.reference})`);
    expect(toConfirmed[0]!.text).toContain("the tearoom has to close on Thursday, 17 June 2027");
    // R51: the confirmed booking's calendar entry is cancelled, under its UID with a higher SEQUENCE; the request never had one.
    const ics = /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(toConfirmed[0]!.all)?.[0] ?? "";
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain(`UID:${confirmed.reference}@heritage-tearoom\r\nSEQUENCE:1\r\n`);
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(queuedMails(s, { to: request.email, kind: "booking-cancelled-closure" })[0]!.all).not.toContain("BEGIN:VCALENDAR");
    expect(queuedMails(s, { to: request.email, kind: "booking-cancelled-closure" })[0]!.subject).toContain("Your booking request on");
    expect(queuedMails(s, { to: hold.email })).toHaveLength(0);
  });

  it("cancels without e-mails when staff untick notifying the guests", async () => {
    const date = "2027-06-18";
    const b = await book({ date, time: "12:00" });
    const res = await staff("/api/closures", { json: { date, cancelBookings: true, notifyGuests: false } });
    expect(res.status).toBe(201);
    expect(row(b.id).status).toBe("cancelled");
    expect(queuedMails(s, { to: b.email, kind: "booking-cancelled-closure" })).toHaveLength(0);
  });

  it.each([
    [{ date: "2027-06-19" }, /^cancelBookings: /],
    [{ date: "19/06/2027", cancelBookings: false }, /^date: /],
    [{ date: "2027-06-19", cancelBookings: "yes" }, /^cancelBookings: /],
    [{ date: "2027-06-19", cancelBookings: true, notifyGuests: "no" }, /^notifyGuests: /],
  ])("refuses bad input %j with 400 and writes nothing", async (json, text) => {
    const before = closedDates();
    const res = await staff("/api/closures", { json });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(text);
    expect(closedDates()).toBe(before);
  });

  it("refuses a date that has passed (400)", async () => {
    const res = await staff("/api/closures", { json: { date: "2027-06-01", cancelBookings: false } });
    expect(res.status).toBe(400);
    expect(await message(res)).toContain("has passed");
  });

  it("leaves nothing half-done when a step fails: the date stays open, the bookings stand, no e-mail", async () => {
    const date = "2027-06-20";
    const first = await book({ date, time: "12:00" });
    const second = await book({ date, time: "12:30" });
    const before = closedDates();
    const mails = queuedMails(s).length;
    // The second guest's e-mail cannot be written: the whole closure must roll back.
    s.ctx.sqlite.exec(
      onPostgres()
        ? `CREATE FUNCTION fail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF new.to_address = '${second.email}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN new; END $$;
           CREATE TRIGGER fail_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION fail_outbox()`
        : `CREATE TEMP TRIGGER fail_outbox BEFORE INSERT ON outbox WHEN new.to_address = '${second.email}' BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    try {
      await expect(closeDate(s.ctx, CloseDateInputSchema.parse({ date, cancelBookings: true }))).rejects.toThrow("disk full");
    } finally {
      s.ctx.sqlite.exec(onPostgres() ? "DROP TRIGGER fail_outbox ON outbox; DROP FUNCTION fail_outbox()" : "DROP TRIGGER fail_outbox");
    }
    expect(closedDates()).toBe(before);
    expect(row(first.id).status).toBe("confirmed");
    expect(row(second.id).status).toBe("confirmed");
    expect(queuedMails(s)).toHaveLength(mails);
    expect((await (await staff(`/api/closures/${date}`)).json()).closed).toBe(false);
  });

  it("closes a date when the closed dates setting was deleted, from its default value", async () => {
    s.ctx.sqlite.prepare("DELETE FROM booking_settings WHERE setting_key = 'closed_dates'").run();
    s.ctx.cache.clear();
    const res = await staff("/api/closures", { json: { date: "2027-06-23", cancelBookings: false } });
    expect(res.status).toBe(201);
    // The default's dates are still closed, now with this one.
    expect(closedDates()).toBe("2026-12-25,2026-12-26,2027-06-23");
  });
});
