import { describe, expect, it } from "vitest";
import { bookedBySlot, occupiesSeats, type Occupancy } from "./capacity.js";
import { placeStay, remainingByTime, roomWith, type Area, type Room, type Stay } from "./room.js";

const now = new Date("2026-06-17T10:00:00Z");
const later = "2026-06-17T10:15:00Z";
const earlier = "2026-06-17T09:45:00Z";
const DAY = "2026-07-01";

// The old per-slot pools live on as pacing and as the garden spots' own areas (R44): a room whose
// stays last one step and whose tearoom never fills checks pacing alone, as the pools were checked.
const TEAROOM: Area = { id: 1, name: "Tearoom", seats: 1000, bookingTypes: ["table"], position: 1, gardenSpotId: null, isPrivate: false };
const MEADOW: Area = { id: 2, name: "The Meadow", seats: 10, bookingTypes: ["secretGarden"], position: 2, gardenSpotId: "meadow", isPrivate: false };
const PAVILION: Area = { id: 3, name: "Pond Pavilion", seats: 6, bookingTypes: ["secretGarden"], position: 3, gardenSpotId: "pavilion", isPrivate: true };
const step = { afternoonTea: 15, table: 15, picnicHamper: 15, secretGarden: 15, event: 15 };
const paced = (table: number): Room => roomWith([TEAROOM], { minutes: step, pacing: { afternoonTea: 0, table, picnicHamper: 0, secretGarden: 0, event: 0 } });
const SPOTS: Room = roomWith([MEADOW, PAVILION], {
  minutes: step,
  pacing: { afternoonTea: 0, table: 0, picnicHamper: 0, secretGarden: Number.MAX_SAFE_INTEGER, event: 0 },
});
const tables = (stays: readonly Partial<Stay>[]): Stay[] => stays.map((s) => ({ type: "table", areaId: 1, ...s }) as Stay);
const gardens = (stays: readonly Partial<Stay>[]): Stay[] => stays.map((s) => ({ type: "secretGarden", areaId: null, ...s }) as Stay);
const left = (stays: Stay[], spot: string, time: string) => remainingByTime(SPOTS, stays, "secretGarden", [time], now, spot)[0]!.remaining;

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

describe("pacing: guests of a type starting at one time (R44, the old per-slot capacities)", () => {
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
    expect(remainingByTime(paced(24), tables(bookings), "table", ["12:00", "12:30", "13:00", "13:30"], now)).toEqual([
      { time: "12:00", remaining: 14 },
      { time: "12:30", remaining: 22 },
      { time: "13:00", remaining: 0 },
      { time: "13:30", remaining: 24 },
    ]);
    expect(bookedBySlot(bookings, now).get("12:00")).toBe(10);
  });

  it("frees a hold's seats once it lapses", () => {
    expect(remainingByTime(paced(24), tables(bookings), "table", ["12:30"], new Date("2026-06-17T10:20:00Z"))).toEqual([{ time: "12:30", remaining: 24 }]);
  });

  it("never reports fewer than zero places", () => {
    expect(remainingByTime(paced(24), tables(bookings), "table", ["13:00"], now)).toEqual([{ time: "13:00", remaining: 0 }]);
  });

  it("tells whether more guests fit, up to exactly the capacity", () => {
    expect(placeStay(paced(24), tables(bookings), { type: "table", date: DAY, time: "12:00", guests: 14 }, now).problem === null).toBe(true);
    expect(placeStay(paced(24), tables(bookings), { type: "table", date: DAY, time: "12:00", guests: 15 }, now).problem === null).toBe(false);
    expect(placeStay(paced(24), tables(bookings), { type: "table", date: DAY, time: "12:30", guests: 22 }, now).problem === null).toBe(true);
    expect(placeStay(paced(24), tables(bookings), { type: "table", date: DAY, time: "12:30", guests: 23 }, now).problem === null).toBe(false);
    expect(placeStay(paced(24), tables(bookings), { type: "table", date: DAY, time: "13:00", guests: 1 }, now).problem === null).toBe(false);
    expect(placeStay(paced(6), [], { type: "table", date: DAY, time: "14:00", guests: 6 }, now).problem === null).toBe(true);
    expect(placeStay(paced(6), [], { type: "table", date: DAY, time: "14:00", guests: 7 }, now).problem === null).toBe(false);
    expect(placeStay(paced(0), tables(bookings), { type: "table", date: DAY, time: "12:00", guests: 1 }, now).problem === null).toBe(false);
  });
});

describe("a garden spot's places (R15)", () => {
  const bookings: Occupancy[] = [
    { time: "14:00", guests: 4, status: "confirmed", gardenSpotId: "meadow" },
    { time: "14:00", guests: 3, status: "held", holdExpiresAt: earlier, gardenSpotId: "meadow" },
    { time: "16:00", guests: 2, status: "confirmed", gardenSpotId: "meadow" },
    { time: "14:00", guests: 2, status: "pending", gardenSpotId: "pavilion" },
  ];

  it("takes the live bookings at that spot and time from a shared spot's places", () => {
    expect(left(gardens(bookings), "meadow", "14:00")).toBe(6);
    expect(left(gardens(bookings), "meadow", "12:00")).toBe(10);
    expect(left(gardens([...bookings, { time: "14:00", guests: 9, status: "confirmed", gardenSpotId: "meadow" }]), "meadow", "14:00")).toBe(0);
  });

  it("gives a private spot whole or not at all", () => {
    expect(left(gardens(bookings), "pavilion", "14:00")).toBe(0);
    expect(left(gardens(bookings), "pavilion", "16:00")).toBe(6);
  });
});

describe("the messages of a full slot or spot (R13, R15)", () => {
  const slot: Occupancy[] = [
    { time: "13:00", guests: 26, status: "confirmed" },
    { time: "13:00", guests: 4, status: "held", holdExpiresAt: earlier },
  ];
  const claim = { type: "table" as const, date: "2026-07-01", time: "13:00", guests: 4 };

  it("lets a booking that fits through, counting only bookings that hold seats", () => {
    expect(placeStay(paced(30), tables(slot), claim, now).problem).toBeNull();
  });

  it("says how many places are left, or that the slot is full", () => {
    expect(placeStay(paced(30), tables(slot), { ...claim, guests: 5 }, now).problem).toBe(
      "Only 4 places left at 1:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(placeStay(paced(27), tables(slot), { ...claim, guests: 2 }, now).problem).toBe(
      "Only 1 place left at 1:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(placeStay(paced(26), tables(slot), { ...claim, guests: 1 }, now).problem).toBe(
      "The 1:00 PM slot on Wednesday, 1 July 2026 is fully booked. Please choose another time.",
    );
  });

  it("judges a Secret Garden booking by its spot, not the slot's covers", () => {
    const garden: Occupancy[] = [
      { time: "14:00", guests: 8, status: "confirmed", gardenSpotId: "meadow" },
      { time: "14:00", guests: 2, status: "pending", gardenSpotId: "pavilion" },
    ];
    const sg = { type: "secretGarden" as const, date: "2026-07-01", time: "14:00", guests: 3 };
    expect(placeStay(SPOTS, gardens(garden), { ...sg, guests: 2, gardenSpotId: "meadow" }, now).problem).toBeNull();
    expect(placeStay(SPOTS, gardens(garden), { ...sg, gardenSpotId: "meadow" }, now).problem).toBe(
      "Only 2 places left at The Meadow at 2:00 PM on Wednesday, 1 July 2026. Please choose fewer guests or another time.",
    );
    expect(
      placeStay(SPOTS, gardens([...garden, { time: "14:00", guests: 2, status: "confirmed", gardenSpotId: "meadow" }]), { ...sg, gardenSpotId: "meadow" }, now)
        .problem,
    ).toBe("The Meadow is fully booked at 2:00 PM on Wednesday, 1 July 2026. Please choose another time or location.");
    expect(placeStay(SPOTS, gardens(garden), { ...sg, gardenSpotId: "pavilion" }, now).problem).toBe(
      "Pond Pavilion is already booked at 2:00 PM on Wednesday, 1 July 2026. Please choose another time or location.",
    );
    expect(placeStay(SPOTS, gardens(garden), { ...sg, time: "16:00", gardenSpotId: "pavilion" }, now).problem).toBeNull();
    expect(placeStay(SPOTS, gardens(garden), { ...sg, gardenSpotId: null }, now).problem).toBeNull();
  });
});
