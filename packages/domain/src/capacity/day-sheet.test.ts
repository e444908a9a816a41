import { describe, expect, it } from "vitest";
import type { BookingType } from "../entities/booking.js";
import { SEED_GARDEN_SPOTS } from "../entities/garden-spot.js";
import type { Occupancy } from "./capacity.js";
import { daySlots } from "./day-sheet.js";

const now = new Date("2027-06-02T10:00:00Z");
const booking = (type: BookingType, time: string, guests: number, over: Partial<Occupancy> = {}) => ({
  type,
  time,
  guests,
  status: "confirmed" as const,
  ...over,
});
// Wednesday 2 June 2027: open, Secret Garden open.
const WED = "2027-06-02";

describe("daySlots (R31)", () => {
  it("lists every slot of each type with covers against the type's capacity", () => {
    const slots = daySlots({}, WED, [booking("afternoonTea", "12:00", 2), booking("afternoonTea", "12:00", 3)], SEED_GARDEN_SPOTS, now);
    expect(slots.filter((s) => s.type === "afternoonTea").map((s) => s.time)).toEqual([
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
    ]);
    expect(slots.find((s) => s.type === "afternoonTea" && s.time === "12:00")).toEqual({ type: "afternoonTea", time: "12:00", covers: 5, capacity: 24 });
    expect(slots.find((s) => s.type === "table" && s.time === "11:00")).toEqual({ type: "table", time: "11:00", covers: 0, capacity: 30 });
  });

  it("does not count lapsed holds, declined or cancelled bookings; counts live holds and pending requests", () => {
    const bookings = [
      booking("table", "12:00", 2, { status: "pending" }),
      booking("table", "12:00", 4, { status: "held", holdExpiresAt: "2027-06-02T10:05:00Z" }),
      booking("table", "12:00", 5, { status: "held", holdExpiresAt: "2027-06-02T09:55:00Z" }),
      booking("table", "12:00", 6, { status: "declined" }),
      booking("table", "12:00", 1, { status: "cancelled" }),
    ];
    expect(daySlots({}, WED, bookings, SEED_GARDEN_SPOTS, now).find((s) => s.type === "table" && s.time === "12:00")?.covers).toBe(6);
  });

  it("adds a time a booking stands at outside the settings' slots", () => {
    const slots = daySlots({}, WED, [booking("table", "17:15", 3)], SEED_GARDEN_SPOTS, now);
    expect(slots.filter((s) => s.type === "table").at(-1)).toEqual({ type: "table", time: "17:15", covers: 3, capacity: 30 });
  });

  it("gives a Secret Garden slot the places of its available spots, private ones only at the private-only time", () => {
    const slots = daySlots({}, WED, [], SEED_GARDEN_SPOTS, now).filter((s) => s.type === "secretGarden");
    expect(slots.map((s) => [s.time, s.capacity])).toEqual([
      ["12:00", 24],
      ["14:00", 24],
      ["16:00", 24],
      ["18:00", 6],
    ]);
  });

  it("lists no slots of a type shut that day unless bookings stand on it", () => {
    // Sunday: the Secret Garden is closed (seed), the tearoom open.
    const sunday = daySlots({}, "2027-06-06", [], SEED_GARDEN_SPOTS, now);
    expect(sunday.some((s) => s.type === "secretGarden")).toBe(false);
    const closed = daySlots({ closed_dates: WED }, WED, [booking("afternoonTea", "13:00", 2)], SEED_GARDEN_SPOTS, now);
    expect(closed).toEqual([{ type: "afternoonTea", time: "13:00", covers: 2, capacity: 24 }]);
  });
});
