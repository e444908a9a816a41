import { describe, expect, it } from "vitest";
import { bookedBySlot, capacityProblem, fits, occupiesSeats, remainingBySlot, spotRemaining, type Occupancy } from "./capacity.js";

const now = new Date("2026-06-17T10:00:00Z");
const later = "2026-06-17T10:15:00Z";
const earlier = "2026-06-17T09:45:00Z";

describe("occupiesSeats (R9, R14)", () => {
  it("counts pending and confirmed bookings, not cancelled or declined ones", () => {
    expect(occupiesSeats({ status: "pending" }, now)).toBe(true);
    expect(occupiesSeats({ status: "confirmed" }, now)).toBe(true);
    expect(occupiesSeats({ status: "cancelled" }, now)).toBe(false);
    expect(occupiesSeats({ status: "declined" }, now)).toBe(false);
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

describe("spotRemaining (R15)", () => {
  const meadow = { id: "meadow", capacity: 10, isPrivate: false };
  const pavilion = { id: "pavilion", capacity: 6, isPrivate: true };
  const bookings: Occupancy[] = [
    { time: "14:00", guests: 4, status: "confirmed", gardenSpotId: "meadow" },
    { time: "14:00", guests: 3, status: "held", holdExpiresAt: earlier, gardenSpotId: "meadow" },
    { time: "16:00", guests: 2, status: "confirmed", gardenSpotId: "meadow" },
    { time: "14:00", guests: 2, status: "pending", gardenSpotId: "pavilion" },
  ];

  it("takes the live bookings at that spot and time from a shared spot's places", () => {
    expect(spotRemaining(bookings, meadow, "14:00", now)).toBe(6);
    expect(spotRemaining(bookings, meadow, "12:00", now)).toBe(10);
    expect(spotRemaining([...bookings, { time: "14:00", guests: 9, status: "confirmed", gardenSpotId: "meadow" }], meadow, "14:00", now)).toBe(0);
  });

  it("gives a private spot whole or not at all", () => {
    expect(spotRemaining(bookings, pavilion, "14:00", now)).toBe(0);
    expect(spotRemaining(bookings, pavilion, "16:00", now)).toBe(6);
  });
});

describe("capacityProblem (R13, R15)", () => {
  const tables: Occupancy[] = [
    { time: "13:00", guests: 26, status: "confirmed" },
    { time: "13:00", guests: 4, status: "held", holdExpiresAt: earlier },
  ];
  const claim = { type: "table" as const, date: "2026-07-01", time: "13:00", guests: 4 };

  it("lets a booking that fits through, counting only bookings that hold seats", () => {
    expect(capacityProblem(tables, 30, null, claim, now)).toBeNull();
  });

  it("says how many places are left, or that the slot is full", () => {
    expect(capacityProblem(tables, 30, null, { ...claim, guests: 5 }, now)).toBe(
      "Only 4 places left at 1:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(capacityProblem(tables, 27, null, { ...claim, guests: 2 }, now)).toBe(
      "Only 1 place left at 1:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(capacityProblem(tables, 26, null, { ...claim, guests: 1 }, now)).toBe(
      "The 1:00 PM slot on Wednesday, 1 July 2026 is fully booked. Please choose another time.",
    );
  });

  it("judges a Secret Garden booking by its spot, not the slot's covers", () => {
    const garden: Occupancy[] = [
      { time: "14:00", guests: 8, status: "confirmed", gardenSpotId: "meadow" },
      { time: "14:00", guests: 2, status: "pending", gardenSpotId: "pavilion" },
    ];
    const sg = { type: "secretGarden" as const, date: "2026-07-01", time: "14:00", guests: 3 };
    const meadow = { id: "meadow", name: "The Meadow", capacity: 10, isPrivate: false };
    const pavilion = { id: "pavilion", name: "Pond Pavilion", capacity: 6, isPrivate: true };
    expect(capacityProblem(garden, 0, meadow, { ...sg, guests: 2 }, now)).toBeNull();
    expect(capacityProblem(garden, 0, meadow, sg, now)).toBe(
      "Only 2 places left at The Meadow at 2:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(capacityProblem([...garden, { time: "14:00", guests: 2, status: "confirmed", gardenSpotId: "meadow" }], 0, meadow, sg, now)).toBe(
      "The Meadow is fully booked at 2:00 PM on Wednesday, 1 July 2026. Please choose another time or location.",
    );
    expect(capacityProblem(garden, 0, pavilion, sg, now)).toBe(
      "Pond Pavilion is already booked at 2:00 PM on Wednesday, 1 July 2026. Please choose another time or location.",
    );
    expect(capacityProblem(garden, 0, pavilion, { ...sg, time: "16:00" }, now)).toBeNull();
    expect(capacityProblem(garden, 0, null, sg, now)).toBeNull();
  });
});
