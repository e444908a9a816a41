import { describe, expect, it } from "vitest";
import { areasFor, closureStays, occupancyTimeline, overlapsClosure, placeStay, remainingByTime, roomOf, type Area, type Stay } from "./room.js";

const NOW = new Date("2027-06-01T09:00:00Z");
const AREAS: Area[] = [
  { id: 2, name: "Terrace", seats: 16, bookingTypes: ["afternoonTea", "table"], position: 2, gardenSpotId: null, isPrivate: false },
  { id: 1, name: "Tearoom", seats: 36, bookingTypes: ["afternoonTea", "table"], position: 1, gardenSpotId: null, isPrivate: false },
  { id: 3, name: "Lawn", seats: 12, bookingTypes: ["picnicHamper"], position: 3, gardenSpotId: null, isPrivate: false },
  { id: 4, name: "The Rose Garden", seats: 4, bookingTypes: ["secretGarden"], position: 4, gardenSpotId: "rose-garden", isPrivate: true },
  { id: 5, name: "The Pond Pavilion", seats: 6, bookingTypes: ["secretGarden"], position: 5, gardenSpotId: "pond-pavilion", isPrivate: false },
];
// Pacing high enough not to matter unless a test lowers it.
const room = roomOf(AREAS, { afternoon_tea_covers_per_slot: "100", table_covers_per_slot: "100", picnic_hamper_covers_per_slot: "100" });
const DATE = "2027-06-05";
const stay = (over: Partial<Stay>): Stay => ({
  type: "afternoonTea",
  time: "14:00",
  guests: 2,
  status: "confirmed",
  holdExpiresAt: null,
  gardenSpotId: null,
  areaId: 1,
  ...over,
});
const claim = (over: Partial<Parameters<typeof placeStay>[2]> = {}) => ({ type: "table" as const, date: DATE, time: "15:00", guests: 2, ...over });

describe("the room (R44)", () => {
  it("fills the areas of a type in their order: Tearoom, then Terrace", () => {
    expect(areasFor(room, "table").map((a) => a.name)).toEqual(["Tearoom", "Terrace"]);
    expect(areasFor(room, "picnicHamper").map((a) => a.name)).toEqual(["Lawn"]);
    expect(areasFor(room, "secretGarden", "pond-pavilion").map((a) => a.name)).toEqual(["The Pond Pavilion"]);
  });

  it("counts a two-hour tea at 14:00 against a table at 15:00 in the same Tearoom", () => {
    const tea = stay({ guests: 30 });
    expect(placeStay(room, [tea], claim({ guests: 6 }), NOW)).toMatchObject({ areaId: 1, problem: null });
    // Seven do not fit in the Tearoom's six left at 15:00, so they go to the Terrace.
    expect(placeStay(room, [tea], claim({ guests: 7 }), NOW)).toMatchObject({ areaId: 2, problem: null });
  });

  it("frees the seats once the stay is over: a 90-minute table at 14:00 has left by 15:30", () => {
    const table = stay({ type: "table", guests: 36 });
    expect(placeStay(room, [table], claim({ time: "15:00", guests: 1, areaId: 1 }), NOW).problem).not.toBeNull();
    expect(placeStay(room, [table], claim({ time: "15:30", guests: 36, areaId: 1 }), NOW).problem).toBeNull();
  });

  it("counts a later booking that starts during the stay, not only the ones before it", () => {
    const later = stay({ time: "16:00", guests: 36 });
    const placed = placeStay(room, [later], claim({ time: "15:00", guests: 20 }), NOW);
    // The Tearoom is full from 16:00, inside a 15:00 table's 90 minutes; the Terrace has 16.
    expect(placed).toMatchObject({
      remaining: 16,
      problem: "Only 16 places left at 3:00 PM on Saturday, 5 June 2027. Please choose fewer guests or another time.",
    });
  });

  it("uses each type's stay from the settings", () => {
    const short = roomOf(AREAS, { afternoon_tea_minutes: "60", afternoon_tea_covers_per_slot: "100", table_covers_per_slot: "100" });
    const tea = stay({ guests: 36 });
    expect(placeStay(short, [tea], claim({ time: "15:00", guests: 36, areaId: 1 }), NOW).problem).toBeNull();
    expect(placeStay(room, [tea], claim({ time: "15:00", guests: 1, areaId: 1 }), NOW).problem).not.toBeNull();
  });

  it("keeps the old per-slot capacities as pacing: guests of a type starting at one time", () => {
    const paced = roomOf(AREAS, { afternoon_tea_covers_per_slot: "10" });
    const placed = placeStay(paced, [stay({ guests: 8 })], claim({ type: "afternoonTea", time: "14:00", guests: 3 }), NOW);
    expect(placed).toMatchObject({
      remaining: 2,
      problem: "Only 2 places left at 2:00 PM on Saturday, 5 June 2027. Please choose fewer guests or another time.",
    });
    // Another type's guests at the same time do not count against tea's pacing.
    expect(placeStay(paced, [stay({ type: "table", guests: 8 })], claim({ type: "afternoonTea", time: "14:00", guests: 10 }), NOW).problem).toBeNull();
  });

  it("says a slot is fully booked when no area has a seat", () => {
    const full = [stay({ guests: 36 }), stay({ guests: 16, areaId: 2 })];
    expect(placeStay(room, full, claim({ time: "14:30" }), NOW)).toMatchObject({
      remaining: 0,
      problem: "The 2:30 PM slot on Saturday, 5 June 2027 is fully booked. Please choose another time.",
    });
  });

  it("does not count released bookings or lapsed holds", () => {
    const gone = [stay({ guests: 36, status: "cancelled" }), stay({ guests: 36, status: "held", holdExpiresAt: "2027-06-01T08:59:00Z" })];
    expect(placeStay(room, gone, claim({ guests: 36, areaId: 1 }), NOW).problem).toBeNull();
    const live = [stay({ guests: 36, status: "held", holdExpiresAt: "2027-06-01T09:10:00Z" })];
    expect(placeStay(room, live, claim({ guests: 1, areaId: 1 }), NOW).problem).not.toBeNull();
  });

  it("takes a private spot whole, whatever the party", () => {
    const two = stay({ type: "secretGarden", gardenSpotId: "rose-garden", areaId: 4, time: "12:00" });
    expect(placeStay(room, [two], { type: "secretGarden", date: DATE, time: "13:00", guests: 1, gardenSpotId: "rose-garden" }, NOW).problem).toBe(
      "The Rose Garden is already booked at 1:00 PM on Saturday, 5 June 2027. Please choose another time or location.",
    );
    expect(placeStay(room, [two], { type: "secretGarden", date: DATE, time: "14:00", guests: 4, gardenSpotId: "rose-garden" }, NOW).problem).toBeNull();
  });

  it("keeps a changed booking in its own area when it still fits there", () => {
    expect(placeStay(room, [], claim({ preferredAreaId: 2 }), NOW).areaId).toBe(2);
    expect(placeStay(room, [stay({ areaId: 2, guests: 16 })], claim({ preferredAreaId: 2 }), NOW).areaId).toBe(1);
  });

  it("counts a walk-in's own stay", () => {
    const walkIn = stay({ type: "table", guests: 36, minutes: 30 });
    expect(placeStay(room, [walkIn], claim({ time: "14:30", guests: 36, areaId: 1 }), NOW).problem).toBeNull();
  });

  it("counts wall-clock steps on the day the clocks go back", () => {
    // 31 October 2027: 14:00 to 16:00 is still eight quarter hours of the same seats.
    const tea = stay({ guests: 36 });
    const timeline = occupancyTimeline(room, [tea], () => ["13:45", "16:15"], new Date("2027-10-31T09:00:00Z"));
    const tearoom = timeline.find((a) => a.name === "Tearoom")!;
    expect(tearoom.steps.filter((s) => s.seatsTaken === 36).map((s) => s.time)).toEqual([
      "14:00",
      "14:15",
      "14:30",
      "14:45",
      "15:00",
      "15:15",
      "15:30",
      "15:45",
    ]);
    expect(tearoom.steps.at(0)).toEqual({ time: "13:45", seatsTaken: 0 });
    expect(tearoom.steps.at(-1)).toEqual({ time: "16:00", seatsTaken: 0 });
  });

  it("widens an area's timeline to a stay outside its window, and leaves the others as they are", () => {
    const late = stay({ type: "table", time: "17:00", guests: 4 });
    const [tearoom, terrace] = occupancyTimeline(room, [late], () => ["11:00", "17:00"], NOW);
    expect(tearoom!.steps.at(-1)).toEqual({ time: "18:15", seatsTaken: 4 });
    expect(terrace!.steps).toHaveLength(24);
    expect(terrace!.steps.at(-1)).toEqual({ time: "16:45", seatsTaken: 0 });
  });

  it("closes part of a day in one area only: its window refuses, the other areas and hours do not (R45)", () => {
    const party = closureStays([{ areaId: 2, startTime: "14:00", endTime: "17:00" }]);
    expect(placeStay(room, party, claim({ time: "14:30", guests: 2, areaId: 2 }), NOW).problem).not.toBeNull();
    // A 90-minute table from 12:45 would still be there at 14:00; one from 12:30 has just left.
    expect(placeStay(room, party, claim({ time: "12:45", guests: 2, areaId: 2 }), NOW).problem).not.toBeNull();
    expect(placeStay(room, party, claim({ time: "12:30", guests: 16, areaId: 2 }), NOW).problem).toBeNull();
    expect(placeStay(room, party, claim({ time: "12:00", guests: 16, areaId: 2 }), NOW).problem).toBeNull();
    expect(placeStay(room, party, claim({ time: "14:30", guests: 2 }), NOW)).toMatchObject({ areaId: 1, problem: null });
    expect(remainingByTime(room, party, "table", ["12:30", "17:00"], NOW)).toEqual([
      { time: "12:30", remaining: 36 },
      { time: "17:00", remaining: 36 },
    ]);
    // It is never a party starting: pacing is untouched.
    const paced = roomOf(AREAS, { table_covers_per_slot: "4" });
    expect(placeStay(paced, party, claim({ time: "14:00", guests: 4 }), NOW)).toMatchObject({ areaId: 1, problem: null });
  });

  it("tells which bookings a part-day closure overlaps, by area and stay", () => {
    const window = { areaId: 2, startTime: "14:00", endTime: "17:00" };
    expect(overlapsClosure(room, stay({ areaId: 2, time: "12:45", type: "table" }), window)).toBe(true);
    expect(overlapsClosure(room, stay({ areaId: 2, time: "12:30", type: "table" }), window)).toBe(false);
    expect(overlapsClosure(room, stay({ areaId: 2, time: "16:45" }), window)).toBe(true);
    expect(overlapsClosure(room, stay({ areaId: 2, time: "17:00" }), window)).toBe(false);
    expect(overlapsClosure(room, stay({ areaId: 1, time: "15:00" }), window)).toBe(false);
  });

  it("gives the most guests that still fit at each time for availability", () => {
    const stays = [stay({ guests: 30 }), stay({ areaId: 2, guests: 10, time: "15:00", type: "table" })];
    expect(remainingByTime(room, stays, "afternoonTea", ["12:00", "14:00", "15:00", "16:30"], NOW)).toEqual([
      { time: "12:00", remaining: 36 },
      { time: "14:00", remaining: 6 },
      { time: "15:00", remaining: 6 },
      { time: "16:30", remaining: 36 },
    ]);
  });

  it("never puts more guests in an area than its seats, however many are placed in turn", () => {
    const placed: Stay[] = [];
    const times = ["11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00"];
    for (let i = 0; i < 200; i++) {
      const type = i % 3 === 0 ? "table" : "afternoonTea";
      const c = { type, date: DATE, time: times[(i * 7) % times.length]!, guests: 1 + (i % 5) } as const;
      const p = placeStay(room, placed, c, NOW);
      if (!p.problem) placed.push(stay({ ...c, areaId: p.areaId }));
    }
    for (const area of occupancyTimeline(room, placed, () => ["11:00", "18:00"], NOW))
      for (const step of area.steps) expect(step.seatsTaken).toBeLessThanOrEqual(area.seats);
    expect(placed.length).toBeGreaterThan(20);
  });
});
