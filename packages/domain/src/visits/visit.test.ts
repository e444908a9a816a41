import { describe, expect, it } from "vitest";
import { reminderDue, visitInstant, visitMinutes } from "./visit.js";

describe("visitInstant (R12)", () => {
  it("reads London's wall clock: GMT in winter, BST in summer", () => {
    expect(visitInstant("2026-12-02", "14:00").toISOString()).toBe("2026-12-02T14:00:00.000Z");
    expect(visitInstant("2027-06-10", "14:00").toISOString()).toBe("2027-06-10T13:00:00.000Z");
  });

  it("lands right on the days the clocks change", () => {
    // 28 March 2027: clocks go forward at 01:00 GMT; 31 October 2027: back at 01:00 GMT.
    expect(visitInstant("2027-03-28", "12:00").toISOString()).toBe("2027-03-28T11:00:00.000Z");
    expect(visitInstant("2027-10-31", "12:00").toISOString()).toBe("2027-10-31T12:00:00.000Z");
  });
});

describe("reminderDue (R38)", () => {
  const booking = { date: "2026-12-02", time: "14:00", createdAt: "2026-11-20T09:00:00.000Z" };
  const at = (iso: string) => new Date(iso);

  it("is due from the set hours before the visit until it starts", () => {
    expect(reminderDue(booking, 24, at("2026-12-01T13:59:00.000Z"))).toBe(false);
    expect(reminderDue(booking, 24, at("2026-12-01T14:00:00.000Z"))).toBe(true);
    expect(reminderDue(booking, 24, at("2026-12-02T13:59:00.000Z"))).toBe(true);
    expect(reminderDue(booking, 24, at("2026-12-02T14:00:00.000Z"))).toBe(false);
  });

  it("0 hours turns reminders off", () => {
    expect(reminderDue(booking, 0, at("2026-12-02T10:00:00.000Z"))).toBe(false);
  });

  it("a booking made inside the window gets no reminder: its confirmation is one", () => {
    const late = { ...booking, createdAt: "2026-12-01T18:00:00.000Z" };
    expect(reminderDue(late, 24, at("2026-12-01T18:05:00.000Z"))).toBe(false);
    expect(reminderDue(late, 2, at("2026-12-02T12:30:00.000Z"))).toBe(true);
  });
});

describe("visitMinutes", () => {
  it("each type lasts its stay setting (R44): tea 120, table 90, picnic 120, Secret Garden 120 by default", () => {
    expect(visitMinutes("afternoonTea", {})).toBe(120);
    expect(visitMinutes("afternoonTea", { afternoon_tea_minutes: "90" })).toBe(90);
    expect(visitMinutes("secretGarden", {})).toBe(120);
    expect(visitMinutes("table", {})).toBe(90);
    expect(visitMinutes("picnicHamper", {})).toBe(120);
    expect(visitMinutes("table", { table_minutes: "105" })).toBe(105);
  });
});
