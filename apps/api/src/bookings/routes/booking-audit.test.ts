import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, startTestServer, type TestServer } from "../../test/helpers.js";

// R40: every staff change to a booking is in the record, with who, what and before → after, and no
// guest's name or e-mail (the record is read by every member of staff and outlives an erasure).

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const guest = { name: "Hattie Jacques", email: "hattie@example.com", phone: "07700 900777" };
const events = async (action: string) =>
  (await (await s.request(`/api/audit-events?action=${action}`, { cookie })).json()) as {
    actor: string;
    subject: string;
    before: unknown;
    after: Record<string, unknown>;
  }[];

describe("staff booking changes in the record (R40)", () => {
  it("create, edit, confirm, decline and cancel are each recorded by the staff member, before → after", async () => {
    const created = await (
      await s.request("/api/bookings", { cookie, json: { type: "table", date: "2027-06-12", time: "12:00", guests: 2, ...guest, diningPreference: "lunch" } })
    ).json();
    const ref = created.booking.reference as string;
    expect(await events("booking.create")).toMatchObject([
      { actor: "admin", subject: `Booking ${ref}`, before: null, after: { status: "confirmed", date: "2027-06-12", time: "12:00", guests: 2 } },
    ]);

    expect(
      (await s.request(`/api/bookings/${created.booking.id}`, { method: "PATCH", cookie, json: { ...guest, date: "2027-06-12", time: "13:00", guests: 3 } }))
        .status,
    ).toBe(200);
    expect(await events("booking.update")).toMatchObject([
      { subject: `Booking ${ref}`, before: { time: "12:00", guests: 2 }, after: { time: "13:00", guests: 3 } },
    ]);

    for (const [action, path, json] of [
      ["booking.confirm", "confirm", undefined],
      ["booking.decline", "decline", { reason: "We are fully booked for a private party." }],
    ] as const) {
      const request = await (
        await s.request("/api/bookings", {
          from: newVisitor(),
          json: { type: "table", date: "2027-06-13", time: "12:00", guests: 2, ...guest, diningPreference: "lunch" },
        })
      ).json();
      const [row] = await (await s.request(`/api/bookings?search=${request.reference}`, { cookie })).json();
      expect((await s.request(`/api/bookings/${row.id}/${path}`, { cookie, ...(json ? { json } : { method: "POST" }) })).status).toBe(200);
      expect(await events(action)).toMatchObject([
        {
          actor: "admin",
          subject: `Booking ${request.reference}`,
          before: { status: "pending" },
          after: { status: action === "booking.confirm" ? "confirmed" : "declined" },
        },
      ]);
    }

    expect((await s.request(`/api/bookings/${created.booking.id}?notifyGuest=false`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await events("booking.cancel")).toMatchObject([{ subject: `Booking ${ref}`, before: { status: "confirmed" }, after: { status: "cancelled" } }]);

    const all = JSON.stringify(await (await s.request("/api/audit-events?pageSize=200", { cookie })).json());
    for (const personal of ["Hattie", "hattie@example.com", "07700"]) expect(all).not.toContain(personal);
  });

  it("a refused change records nothing", async () => {
    const before = (await events("booking.update")).length;
    expect(
      (await s.request("/api/bookings/999999", { method: "PATCH", cookie, json: { ...guest, date: "2027-06-12", time: "13:00", guests: 3 } })).status,
    ).toBe(404);
    expect(await events("booking.update")).toHaveLength(before);
  });
});
