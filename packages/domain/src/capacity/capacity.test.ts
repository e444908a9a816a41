import { describe, expect, it } from "vitest";
import { bookedBySlot, fits, occupiesSeats, remainingBySlot, type Occupancy } from "./capacity.js";

const now = new Date("2026-06-17T10:00:00Z");
const later = "2026-06-17T10:15:00Z";
const earlier = "2026-06-17T09:45:00Z";

describe("occupiesSeats (R9, R14)", () => {
  it("counts pending and confirmed bookings, not cancelled ones", () => {
    expect(occupiesSeats({ status: "pending" }, now)).toBe(true);
    expect(occupiesSeats({ status: "confirmed" }, now)).toBe(true);
    expect(occupiesSeats({ status: "cancelled" }, now)).toBe(false);
  });

  it("counts a hold only until it lapses", () => {
    expect(occupiesSeats({ status: "held", holdExpiresAt: later }, now)).toBe(true);
    expect(occupiesSeats({ status: "held", holdExpiresAt: earlier }, now)).toBe(false);
    expect(occupiesSeats({ status: "held", holdExpiresAt: now.toISOString() }, now)).toBe(false);
    expect(occupiesSeats({ status: "held", holdExpiresAt: null }, now)).toBe(false);
    expect(occupiesSeats({ status: "held", holdExpiresAt: later }, new Date("2026-06-17T10:16:00Z"))).toBe(false);
  });
});

describe("remainingBySlot and fits (R13)", () => {
  const bookings: Occupancy[] = [
    { time: "12:00", guests: 4, status: "confirmed" },
    { time: "12:00", guests: 6, status: "pending" },
    { time: "12:00", guests: 5, status: "cancelled" },
    { time: "12:30", guests: 2, status: "held", holdExpiresAt: later },
    { time: "12:30", guests: 3, status: "held", holdExpiresAt: earlier },
    { time: "13:00", guests: 30, status: "confirmed" },
    { time: "17:00", guests: 2, status: "confirmed" },
  ];

  it("gives places left per slot, counting live holds and not lapsed holds or cancellations", () => {
    expect(remainingBySlot(["12:00", "12:30", "13:00", "13:30"], bookings, 24, now)).toEqual([
      { time: "12:00", remaining: 14 },
      { time: "12:30", remaining: 22 },
      { time: "13:00", remaining: 0 },
      { time: "13:30", remaining: 24 },
    ]);
    expect(bookedBySlot(bookings, now).get("12:00")).toBe(10);
  });

  it("frees a hold's seats once it lapses", () => {
    expect(remainingBySlot(["12:30"], bookings, 24, new Date("2026-06-17T10:20:00Z"))).toEqual([{ time: "12:30", remaining: 24 }]);
  });

  it("never reports fewer than zero places", () => {
    expect(remainingBySlot(["13:00"], bookings, 24, now)).toEqual([{ time: "13:00", remaining: 0 }]);
  });

  it("tells whether more guests fit, up to exactly the capacity", () => {
    expect(fits(bookings, "12:00", 14, 24, now)).toBe(true);
    expect(fits(bookings, "12:00", 15, 24, now)).toBe(false);
    expect(fits(bookings, "12:30", 22, 24, now)).toBe(true);
    expect(fits(bookings, "12:30", 23, 24, now)).toBe(false);
    expect(fits(bookings, "13:00", 1, 24, now)).toBe(false);
    expect(fits([], "14:00", 6, 6, now)).toBe(true);
    expect(fits([], "14:00", 7, 6, now)).toBe(false);
    expect(fits(bookings, "12:00", 1, 0, now)).toBe(false);
  });
});
