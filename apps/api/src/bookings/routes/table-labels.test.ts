import type { Booking } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// Issue 31: staff note the table a booking sits at ("T4", "Window") from the edit dialog; it shows
// in the reservations list and on the day sheet. TEST_NOW is Wednesday 2 June 2027.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const DAY = "2027-06-12"; // a Saturday
const guest = { name: "Joan Sims", email: "joan@example.com", phone: "07700 900123" };
const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

let minute = 0;
/** A confirmed staff booking for afternoon tea on DAY, at its own time so none crowds another. */
async function aBooking(guests = 2): Promise<Booking> {
  const time = ["12:00", "13:00", "14:00", "15:00"][minute++ % 4]!;
  const res = await staff("/api/bookings", { json: { type: "afternoonTea", teaType: "traditional", date: DAY, time, guests, ...guest } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
}
const edit = (b: Booking, over: Record<string, unknown>) =>
  staff(`/api/bookings/${b.id}`, {
    method: "PATCH",
    json: { name: b.name, email: b.email, phone: b.phone, date: b.date, time: b.time, guests: b.guests, ...over },
  });
const listed = async (b: Booking): Promise<Booking> => {
  const rows = (await (await staff(`/api/bookings?search=${b.reference}`)).json()) as Booking[];
  return rows.find((r) => r.id === b.id)!;
};
const onDaySheet = async (b: Booking): Promise<Booking> =>
  ((await (await staff(`/api/bookings/day?date=${b.date}`)).json()) as { bookings: Booking[] }).bookings.find((r) => r.id === b.id)!;
const updates = async (reference: string) =>
  (
    (await (await staff("/api/audit-events?action=booking.update")).json()) as {
      subject: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[]
  ).filter((e) => e.subject === `Booking ${reference}`);

describe("table labels (issue 31)", () => {
  it("a new booking has none", async () => {
    const b = await aBooking();
    expect(b.tableLabel).toBeNull();
    expect((await listed(b)).tableLabel).toBeNull();
  });

  it("is set alone, trimmed: nothing else changes, no warning, no e-mail; the list and the day sheet show it; it is in the record", async () => {
    const b = await aBooking();
    const mails = queuedMails(s).length;
    const res = await edit(b, { tableLabel: "  T4 " });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { booking: Booking; warnings: unknown[] };
    expect(answer.warnings).toEqual([]);
    expect(answer.booking).toEqual({ voucher: null, ...b, tableLabel: "T4" });
    expect(await listed(b)).toMatchObject({ tableLabel: "T4", date: b.date, time: b.time, guests: b.guests, status: "confirmed" });
    expect((await onDaySheet(b)).tableLabel).toBe("T4");
    expect(queuedMails(s)).toHaveLength(mails);
    expect(await updates(b.reference)).toMatchObject([{ before: { tableLabel: null }, after: { tableLabel: "T4", time: b.time, guests: b.guests } }]);
  });

  it("is set alone on a booking in a full slot without a warning (only what the edit changes is warned about)", async () => {
    // 24 seats at afternoon tea per slot: parties of 20 and 10, saved anyway, overfill it.
    const res = await staff("/api/bookings", {
      json: { type: "afternoonTea", teaType: "traditional", date: DAY, time: "12:30", guests: 20, acceptWarnings: true, ...guest },
    });
    const big = ((await res.json()) as { booking: Booking }).booking;
    await staff("/api/bookings", {
      json: { type: "afternoonTea", teaType: "traditional", date: DAY, time: "12:30", guests: 10, acceptWarnings: true, ...guest },
    });
    const labelled = await edit(big, { tableLabel: "Window" });
    expect(labelled.status).toBe(200);
    expect(((await labelled.json()) as { warnings: unknown[] }).warnings).toEqual([]);
  });

  it("is kept when left out, and cleared by an empty string or null", async () => {
    const b = await aBooking();
    await edit(b, { tableLabel: "Window" });
    expect((await (await edit(b, { staffNotes: "Birthday" })).json()).booking.tableLabel).toBe("Window");
    expect((await (await edit(b, { tableLabel: "   " })).json()).booking.tableLabel).toBeNull();
    await edit(b, { tableLabel: "T9" });
    expect((await (await edit(b, { tableLabel: null })).json()).booking.tableLabel).toBeNull();
    expect((await listed(b)).tableLabel).toBeNull();
  });

  it("refuses a label over 20 characters, or not text, with 400 naming the field; nothing changes", async () => {
    const b = await aBooking();
    await edit(b, { tableLabel: "T1" });
    const before = await listed(b);
    for (const tableLabel of ["x".repeat(21), 4, ["T4"]]) {
      const res = await edit(b, { tableLabel, guests: 3 });
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/^tableLabel: Table must/);
    }
    expect(await listed(b)).toEqual(before);
    // 20 characters after trimming is allowed.
    expect((await edit(b, { tableLabel: ` ${"y".repeat(20)} ` })).status).toBe(200);
  });

  it("may be given when staff create a booking", async () => {
    const res = await staff("/api/bookings", {
      json: { type: "afternoonTea", teaType: "traditional", date: DAY, time: "16:00", guests: 2, tableLabel: "Garden 2", ...guest },
    });
    expect(res.status).toBe(201);
    const b = ((await res.json()) as { booking: Booking }).booking;
    expect(b.tableLabel).toBe("Garden 2");
    expect((await listed(b)).tableLabel).toBe("Garden 2");
  });
});
