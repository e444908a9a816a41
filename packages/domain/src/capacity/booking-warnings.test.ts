import { describe, expect, it } from "vitest";
import { AdminBookingCreateSchema, AdminBookingUpdateSchema, BookingCancelOptionsSchema, BookingDeclineSchema } from "../entities/booking.js";
import { SEED_GARDEN_SPOTS } from "../entities/garden-spot.js";
import { bookingWarnings, type WarningCheck } from "./booking-warnings.js";
import { roomOf, type Stay } from "./room.js";
import { SEED_AREAS } from "../test-helpers.js";

const now = new Date("2027-06-01T09:00:00Z");
// Wednesday 9 June 2027: open (seed: Wednesday to Sunday); Monday 7 June: closed.
const OPEN = "2027-06-09";
const MONDAY = "2027-06-07";
const SUNDAY = "2027-06-13";
const rose = SEED_GARDEN_SPOTS.find((s) => s.id === "rose-garden")!; // private, up to 4
const pond = SEED_GARDEN_SPOTS.find((s) => s.id === "pond-pavilion")!; // standard, up to 6

const AREAS = SEED_AREAS;
const tea = (over: Partial<Stay>): Stay => ({ type: "afternoonTea", time: "12:00", guests: 2, status: "confirmed", areaId: null, ...over });
const garden = (over: Partial<Stay>): Stay => tea({ type: "secretGarden", ...over });

const check = (over: Partial<Omit<WarningCheck, "claim">> & { claim?: Partial<WarningCheck["claim"]> }) =>
  bookingWarnings({
    settings: {},
    room: roomOf(AREAS, over.settings ?? {}),
    others: [],
    spot: null,
    now,
    ...over,
    claim: { type: "afternoonTea", date: OPEN, time: "12:00", guests: 2, ...over.claim },
  });
const codes = (over: Parameters<typeof check>[0]) => check(over).map((w) => w.code);

describe("bookingWarnings (R29)", () => {
  it("has nothing to say about a booking every rule allows", () => {
    expect(check({})).toEqual([]);
    expect(check({ claim: { type: "secretGarden", time: "14:00" }, spot: pond })).toEqual([]);
  });

  it("warns when the slot would go over its covers, saying by how much", () => {
    const others = [
      tea({ time: "12:00", guests: 20, status: "confirmed" }),
      tea({ time: "12:00", guests: 9, status: "cancelled" }),
      tea({ time: "12:30", guests: 24, status: "confirmed" }),
    ];
    expect(check({ others, claim: { guests: 4 } })).toEqual([]);
    expect(check({ others, claim: { guests: 6 } })).toEqual([
      { code: "over-capacity", message: "Afternoon Tea at 12:00 PM on Wednesday, 9 June 2027 would have 26 of 24 places taken (2 over)." },
    ]);
    // The covers come from the settings (R13).
    expect(codes({ settings: { afternoon_tea_covers_per_slot: "3" }, claim: { guests: 4 } })).toEqual(["over-capacity"]);
  });

  it("warns when the room has no seats for the whole stay, naming the area (R44)", () => {
    const full = [tea({ time: "14:00", guests: 36, areaId: 1 }), tea({ time: "14:00", guests: 16, areaId: 2 })];
    expect(check({ others: full, claim: { type: "table", time: "15:00", guests: 2 } })).toEqual([
      {
        code: "over-capacity",
        message: "The Tearoom would be over its 36 seats with 2 guests from 3:00 PM on Wednesday, 9 June 2027 for 90 minutes (room for 0).",
      },
    ]);
    // The teas have left by 16:00.
    expect(check({ others: full, claim: { type: "table", time: "16:00", guests: 2 } })).toEqual([]);
  });

  it("warns on a closed weekday and on a closed date, naming which", () => {
    expect(check({ claim: { date: MONDAY } })).toEqual([{ code: "closed-day", message: "The tearoom is closed on Mondays (Monday, 7 June 2027)." }]);
    expect(check({ settings: { closed_dates: OPEN }, claim: {} })).toEqual([
      { code: "closed-day", message: "Wednesday, 9 June 2027 is one of the closed dates in the booking settings." },
    ]);
    expect(check({ claim: { type: "secretGarden", date: SUNDAY, time: "14:00" }, spot: pond })).toEqual([
      { code: "closed-day", message: "The Secret Garden is not open on Sundays (Sunday, 13 June 2027)." },
    ]);
  });

  it("warns outside opening hours, and off the type's booking times inside them", () => {
    expect(check({ claim: { time: "17:30" } })).toEqual([{ code: "outside-opening-hours", message: "5:30 PM is outside opening hours (11am–5pm)." }]);
    expect(codes({ claim: { time: "10:45" } })).toEqual(["outside-opening-hours"]);
    expect(check({ claim: { time: "12:15" } })).toEqual([
      {
        code: "not-a-booking-time",
        message:
          "12:15 is not one of the Afternoon Tea booking times (every 30 minutes from 12:00 to 16:00), so the slot's capacity is not counted with the others.",
      },
    ]);
    // 11:00 is inside opening hours but before afternoon tea's first slot.
    expect(codes({ claim: { time: "11:00" } })).toEqual(["not-a-booking-time"]);
    expect(codes({ claim: { type: "table", time: "11:00" } })).toEqual([]);
    // The Secret Garden's evening slot is after closing time and is one of its times.
    expect(codes({ claim: { type: "secretGarden", time: "18:00" }, spot: rose })).toEqual([]);
    expect(codes({ claim: { type: "secretGarden", time: "13:00" }, spot: pond })).toEqual(["not-a-booking-time"]);
  });

  it("warns when a private spot is already booked at that time, not when its booking was cancelled", () => {
    const taken = [garden({ time: "14:00", guests: 2, status: "confirmed", gardenSpotId: "rose-garden" })];
    expect(check({ claim: { type: "secretGarden", time: "14:00" }, spot: rose, others: taken })).toEqual([
      { code: "private-spot-taken", message: "The Rose Garden is a private spot and is already booked at 2:00 PM on Wednesday, 9 June 2027." },
    ]);
    expect(codes({ claim: { type: "secretGarden", time: "16:00" }, spot: rose, others: taken })).toEqual([]);
    expect(codes({ claim: { type: "secretGarden", time: "14:00" }, spot: rose, others: [{ ...taken[0]!, status: "cancelled" }] })).toEqual([]);
  });

  it("warns when a garden spot would hold more guests than it has room for", () => {
    const others = [garden({ time: "14:00", guests: 4, status: "confirmed", gardenSpotId: "pond-pavilion" })];
    expect(check({ claim: { type: "secretGarden", time: "14:00", guests: 3 }, spot: pond, others })).toEqual([
      { code: "over-capacity", message: "The Pond Pavilion would have 7 guests at 2:00 PM on Wednesday, 9 June 2027; it has room for 6." },
    ]);
    expect(codes({ claim: { type: "secretGarden", time: "14:00", guests: 5 }, spot: rose })).toEqual(["over-capacity"]);
  });

  it("warns when 18:00 (Private Events Only) is used with a standard spot", () => {
    expect(check({ claim: { type: "secretGarden", time: "18:00" }, spot: pond })).toEqual([
      { code: "private-only-time", message: "6:00 PM is for Private Events Only, and The Pond Pavilion is not a private spot." },
    ]);
  });

  it("lists every rule broken, each once", () => {
    const taken = [garden({ time: "18:00", guests: 2, status: "pending", gardenSpotId: "rose-garden" })];
    expect(codes({ claim: { type: "secretGarden", date: SUNDAY, time: "18:00", guests: 6 }, spot: rose, others: taken })).toEqual([
      "closed-day",
      "private-spot-taken",
      "over-capacity",
    ]);
  });
});

describe("staff write schemas (R28–R30)", () => {
  const base = { type: "table", date: OPEN, time: "12:00", guests: 2, name: "Ann", email: "ann@example.com", phone: "0123" };
  it("sends a confirmation and refuses warnings unless told otherwise", () => {
    expect(AdminBookingCreateSchema.parse(base)).toMatchObject({ sendConfirmation: true, acceptWarnings: false });
    expect(AdminBookingUpdateSchema.parse(base)).toMatchObject({ notifyGuest: true, acceptWarnings: false });
    expect(AdminBookingUpdateSchema.safeParse({ ...base, notifyGuest: "no" }).success).toBe(false);
    expect(AdminBookingCreateSchema.parse({ ...base, staffNotes: "  Regulars  " }).staffNotes).toBe("Regulars");
  });
  it("needs a reason to decline, and reads notifyGuest from a query string", () => {
    expect(BookingDeclineSchema.safeParse({ reason: "  " }).success).toBe(false);
    expect(BookingDeclineSchema.parse({ reason: " Fully booked " })).toEqual({ reason: "Fully booked" });
    expect(BookingCancelOptionsSchema.parse({})).toEqual({ notifyGuest: true });
    expect(BookingCancelOptionsSchema.parse({ notifyGuest: "false" })).toEqual({ notifyGuest: false });
  });
});
