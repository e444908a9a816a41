import type { AdminBookingCreate, Booking } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "../services/bookings.js";
import { queuedMails, startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";

// R45: closures may span a date range. POST /api/closures takes `{ from, to }` beside `{ date }`;
// GET /api/closures/preview?from=&to= lists what the range would touch first. TEST_NOW is
// Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const closedDates = () => (s.ctx.sqlite.prepare("SELECT setting_value AS v FROM booking_settings WHERE setting_key = 'closed_dates'").get() as { v: string }).v;
const statusOf = (id: number) => (s.ctx.sqlite.prepare("SELECT status FROM bookings WHERE id = ?").get(id) as { status: string }).status;
const closures = async (action: string) =>
  (await (await staff(`/api/audit-events?action=${action}`)).json()) as { subject: string; after: Record<string, unknown> }[];

let guestNo = 0;
/** A staff booking (saved anyway on a day the tearoom is shut: the test is about the closure, not the week). */
async function book(date: string, time = "12:00", status: "confirmed" | "pending" | "held" = "confirmed"): Promise<Booking> {
  const n = ++guestNo;
  const input = {
    type: "afternoonTea",
    teaType: "traditional",
    date,
    time,
    guests: 2,
    name: `Guest ${n}`,
    email: `range${n}@example.com`,
    phone: "01234 567890",
    acceptWarnings: true,
  };
  const opts =
    status === "held"
      ? { status: "held" as const, source: "admin" as const, holdExpiresAt: new Date(TEST_NOW.getTime() + 10 * 60_000) }
      : { status, source: "admin" as const };
  return (await createBooking(s.ctx, input as AdminBookingCreate, opts)).booking;
}

describe("previewing a range (R45)", () => {
  it("lists the bookings standing on the dates it would close in date and time order, and which dates are closed already", async () => {
    const later = await book("2027-07-03", "14:00");
    const earlier = await book("2027-07-01", "12:00");
    const outside = await book("2027-07-05");
    const onClosedDate = await book("2027-07-02");
    expect((await staff("/api/closures", { json: { date: "2027-07-02", cancelBookings: false } })).status).toBe(201);
    const res = await staff("/api/closures/preview?from=2027-07-01&to=2027-07-04");
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview).toMatchObject({ from: "2027-07-01", to: "2027-07-04", days: 4, closedDates: ["2027-07-02"] });
    expect(preview.bookings.map((b: Booking) => b.id)).toEqual([earlier.id, later.id]);
    expect(preview.bookings.map((b: Booking) => b.id)).not.toContain(outside.id);
    // Closing the range leaves the date closed already (and its bookings) as they are.
    expect(preview.bookings.map((b: Booking) => b.id)).not.toContain(onClosedDate.id);
    // The one-date preview is as it was.
    expect(await (await staff("/api/closures/2027-07-01")).json()).toMatchObject({ date: "2027-07-01", closed: false });
  });

  it.each([
    ["", /^from: /],
    ["?from=2027-07-01", /^to: /],
    ["?from=2027-07-10&to=2027-07-09", /^to: The last date must be on or after the first date/],
    ["?from=2027-07-01&to=2028-07-01", /^to: A closure spans at most 366 days/],
    ["?from=2027-02-30&to=2027-03-01", /^from: /],
  ])("refuses %j with 400 naming the field", async (query, text) => {
    const res = await staff(`/api/closures/preview${query}`);
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(text);
  });

  it("is for staff only (R1)", async () => {
    expect((await s.request("/api/closures/preview?from=2027-07-01&to=2027-07-02")).status).toBe(401);
  });
});

describe("closing a range (R45)", () => {
  it("keeps the bookings when asked: every date of the range is closed, nothing cancelled, nobody e-mailed; audited once", async () => {
    const b = await book("2027-08-02");
    const mails = queuedMails(s).length;
    const res = await staff("/api/closures", { json: { from: "2027-08-01", to: "2027-08-03", cancelBookings: false } });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result).toMatchObject({ date: "2027-08-01", closed: true, cancelled: [], notRefunded: [] });
    expect(result.range).toEqual({ from: "2027-08-01", to: "2027-08-03", closedDates: ["2027-08-01", "2027-08-02", "2027-08-03"] });
    expect(result.bookings.map((x: Booking) => x.id)).toEqual([b.id]);
    expect(closedDates()).toContain("2027-08-01,2027-08-02,2027-08-03");
    expect((await (await staff("/api/closures")).json()).dates).toEqual(expect.arrayContaining(["2027-08-01", "2027-08-02", "2027-08-03"]));
    expect(statusOf(b.id)).toBe("confirmed");
    expect(queuedMails(s)).toHaveLength(mails);
    expect((await closures("closure.close")).filter((e) => e.subject === "Dates 2027-08-01 to 2027-08-03")).toMatchObject([
      { after: { closed: true, dates: ["2027-08-01", "2027-08-02", "2027-08-03"], cancelled: [] } },
    ]);
  });

  it("cancels the bookings on every date with one e-mail each; a hold being paid for is left alone", async () => {
    const first = await book("2027-08-10", "13:00");
    const request = await book("2027-08-12", "12:00", "pending");
    const hold = await book("2027-08-11", "14:00", "held");
    const after = await book("2027-08-13");
    const res = await staff("/api/closures", { json: { from: "2027-08-10", to: "2027-08-12", cancelBookings: true } });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result.cancelled.map((b: Booking) => [b.id, b.status])).toEqual([
      [first.id, "cancelled"],
      [request.id, "cancelled"],
    ]);
    expect(result.bookings.map((b: Booking) => b.id)).toEqual([hold.id]);
    expect([statusOf(first.id), statusOf(request.id), statusOf(hold.id), statusOf(after.id)]).toEqual(["cancelled", "cancelled", "held", "confirmed"]);
    expect(queuedMails(s, { to: first.email, kind: "booking-cancelled-closure" })[0]!.text).toContain("Tuesday, 10 August 2027");
    expect(queuedMails(s, { to: request.email, kind: "booking-cancelled-closure" })[0]!.text).toContain("Thursday, 12 August 2027");
    expect(queuedMails(s, { to: hold.email })).toHaveLength(0);
  });

  it("cancels without e-mails when staff untick notifying the guests", async () => {
    const b = await book("2027-08-21");
    const res = await staff("/api/closures", { json: { from: "2027-08-20", to: "2027-08-21", cancelBookings: true, notifyGuests: false, refund: "none" } });
    expect(res.status).toBe(201);
    expect(statusOf(b.id)).toBe("cancelled");
    expect(queuedMails(s, { to: b.email })).toHaveLength(0);
  });

  it("leaves the dates already closed as they are, and refuses (409) a range closed already in full", async () => {
    expect((await staff("/api/closures", { json: { date: "2027-09-02", cancelBookings: false } })).status).toBe(201);
    const res = await staff("/api/closures", { json: { from: "2027-09-01", to: "2027-09-03", cancelBookings: false } });
    expect(res.status).toBe(201);
    expect((await res.json()).range.closedDates).toEqual(["2027-09-01", "2027-09-03"]);
    const before = closedDates();
    const again = await staff("/api/closures", { json: { from: "2027-09-01", to: "2027-09-03", cancelBookings: true } });
    expect(again.status).toBe(409);
    expect(closedDates()).toBe(before);
  });

  it("cancels only on the dates it closes: a booking kept on a date closed already stays", async () => {
    const kept = await book("2027-09-12");
    expect((await staff("/api/closures", { json: { date: "2027-09-12", cancelBookings: false } })).status).toBe(201);
    const cancelled = await book("2027-09-11");
    const res = await staff("/api/closures", { json: { from: "2027-09-11", to: "2027-09-12", cancelBookings: true } });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result.cancelled.map((b: Booking) => b.id)).toEqual([cancelled.id]);
    expect(result.range.closedDates).toEqual(["2027-09-11"]);
    expect([statusOf(kept.id), statusOf(cancelled.id)]).toEqual(["confirmed", "cancelled"]);
  });

  it("closes a range of one date, and the most a range may span (366 days)", async () => {
    expect((await staff("/api/closures", { json: { from: "2027-10-05", to: "2027-10-05", cancelBookings: false } })).status).toBe(201);
    const res = await staff("/api/closures", { json: { from: "2028-01-01", to: "2028-12-31", cancelBookings: false } });
    expect(res.status).toBe(201);
    expect((await res.json()).range.closedDates).toHaveLength(366);
  });

  it.each([
    [{ from: "2027-11-10", to: "2027-11-09", cancelBookings: true }, /^to: The last date must be on or after the first date/],
    [{ from: "2029-01-01", to: "2030-01-02", cancelBookings: true }, /^to: A closure spans at most 366 days/],
    [{ from: "2027-06-01", to: "2027-06-05", cancelBookings: true }, /^from: Tuesday, 1 June 2027 has passed/],
    [{ from: "2027-11-10", cancelBookings: true }, /^to: /],
    [{ to: "2027-11-10", cancelBookings: true }, /^from: /],
    [{ from: "10/11/2027", to: "2027-11-12", cancelBookings: true }, /^from: /],
    [{ from: "2027-11-10", to: "2027-11-12" }, /^cancelBookings: /],
    [{ from: "2027-11-10", to: "2027-11-12", cancelBookings: true, refund: "part" }, /^refund: /],
    [{ from: "2027-11-10", to: "2027-11-12", cancelBookings: true, notifyGuests: "no" }, /^notifyGuests: /],
  ])("refuses %j with 400 naming the field; nothing is closed or cancelled", async (json, text) => {
    const b = await book("2027-06-04");
    const inRange = await book("2027-11-11");
    const before = closedDates();
    const mails = queuedMails(s).length;
    const res = await staff("/api/closures", { json });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(text);
    expect(closedDates()).toBe(before);
    expect([statusOf(b.id), statusOf(inRange.id)]).toEqual(["confirmed", "confirmed"]);
    expect(queuedMails(s)).toHaveLength(mails);
  });

  it("still answers a one-date body exactly as before: no `range`", async () => {
    const res = await staff("/api/closures", { json: { date: "2027-12-01", cancelBookings: false } });
    expect(res.status).toBe(201);
    expect(Object.keys(await res.json()).sort()).toEqual(["bookings", "cancelled", "closed", "date", "notRefunded"]);
  });
});
