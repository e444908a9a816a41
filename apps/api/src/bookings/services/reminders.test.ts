import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../composition-root.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";
import { updateSetting } from "./booking-settings.js";
import { sendDueReminders } from "./reminders.js";

// R38: one reminder per confirmed booking, with the calendar file, exactly once across restarts.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => s.close());

const THURSDAY = "2027-06-03"; // the day after TEST_NOW (Wednesday 2 June 2027, 09:00 in London)
const guest = (name: string) => ({ name: `${name} Ashby`, email: `${name.toLowerCase()}@example.com`, phone: "07700 900123" });
const garden = (name: string, time: string, date = THURSDAY) =>
  s.request("/api/bookings", {
    from: newVisitor(),
    json: {
      type: "secretGarden",
      date,
      time,
      guests: 2,
      ...guest(name),
      gardenSpotId: "pond-pavilion",
      includeWine: false,
      specialRequests: "Please hide the ring in the scones",
    },
  });
const reminders = (to?: string) => queuedMails(s, { kind: "booking-reminder", ...(to ? { to } : {}) });
const at = (iso: string) => {
  s.clock.now = new Date(iso);
};

describe("booking reminders (R38)", () => {
  it("one per confirmed booking, from the set hours before the visit, with the calendar file and the address", async () => {
    expect((await garden("Iris", "14:00")).status).toBe(201);
    // A request waits for staff: no reminder for it.
    const request = await s.request("/api/bookings", {
      from: newVisitor(),
      json: { type: "table", date: THURSDAY, time: "14:00", guests: 2, ...guest("Rowan"), diningPreference: "lunch" },
    });
    expect(request.status).toBe(201);
    // Cancelled before its reminder was due: none either.
    const cancelled = await (await garden("Basil", "12:00")).json();
    const cookie = await s.login();
    const [row] = (await (await s.request(`/api/bookings?search=${cancelled.reference}`, { cookie })).json()) as { id: number }[];
    expect((await s.request(`/api/bookings/${row!.id}`, { method: "DELETE", cookie })).status).toBeLessThan(300);

    // 24 hours before 14:00 London time (13:00 UTC in summer time) it is not yet due…
    at("2027-06-02T12:59:00Z");
    expect(await sendDueReminders(s.ctx)).toBe(0);
    // …and then it is, once.
    at("2027-06-02T13:00:00Z");
    expect(await sendDueReminders(s.ctx)).toBe(1);
    const [mail] = reminders();
    expect(mail!.to).toBe("iris@example.com");
    expect(mail!.subject).toMatch(/^Reminder: your Secret Garden Experience booking, Thursday, 3 June 2027 at 2:00 PM \(TR-/);
    expect(mail!.text).toMatch(/^Dear Iris,\n/);
    // R37: with a manage link of its own, which opens the booking.
    const token = /\/booking\/([\w-]{43})/.exec(mail!.text)![1];
    expect((await (await s.request(`/api/manage/${token}`)).json()).reference).toBe(mail!.subject.match(/\((TR-\w+)\)/)![1]);
    expect(mail!.all).toContain("DTSTART;TZID=Europe/London:20270603T140000");
    // Calendar lines unfolded (RFC 5545 §3.1).
    expect(mail!.all.replace(/\r\n /g, "")).toContain("LOCATION:The Heritage Tearoom\\, Church Lane\\, Little Ashcombe\\, Hampshire\\, SO20 6AB");
    // R26: nothing the guest typed.
    expect(mail!.all).not.toContain("scones");
    expect(mail!.all).not.toContain("Ashby");

    at("2027-06-02T18:00:00Z");
    expect(await sendDueReminders(s.ctx)).toBe(0);
    expect(reminders()).toHaveLength(1);
  });

  it("two passes racing, and a restarted server, queue nothing twice", async () => {
    at("2027-06-02T08:00:00Z");
    expect((await garden("Hazel", "16:00")).status).toBe(201);
    at("2027-06-02T15:30:00Z");
    const [a, b] = await Promise.all([sendDueReminders(s.ctx), sendDueReminders(s.ctx)]);
    expect(a + b).toBe(1);
    const restarted = await createAppContext(s.ctx.env, { now: () => s.clock.now });
    try {
      expect(await sendDueReminders(restarted)).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(reminders("hazel@example.com")).toHaveLength(1);
  });

  it("a booking made after its reminder was due gets none; 0 hours turns reminders off", async () => {
    at("2027-06-03T09:00:00Z");
    expect((await garden("Late", "12:00", "2027-06-04")).status).toBe(201);
    expect(await sendDueReminders(s.ctx)).toBe(0);

    await updateSetting(s.ctx, "reminder_hours_before", "0", "test");
    at("2027-06-03T08:00:00Z");
    expect((await garden("Quiet", "14:00", "2027-06-05")).status).toBe(201);
    at("2027-06-04T14:00:00Z");
    expect(await sendDueReminders(s.ctx)).toBe(0);
    expect(reminders("quiet@example.com")).toHaveLength(0);
  });
});
