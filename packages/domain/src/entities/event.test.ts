import { describe, expect, it } from "vitest";
import { closureStays, roomWith, seatsTaken, areaRoom, type Area } from "../capacity/room.js";
import { EventCreateSchema, EventPaymentIntentRequestSchema, SittingCreateSchema, salesClosed, slugOf, ticketProblem, ticketsLeft } from "./event.js";

// R53: events and ticketed sittings. 2027-06-02T08:00Z is 09:00 in London (summer time).
const NOW = new Date("2027-06-02T08:00:00Z");
const sitting = { date: "2027-06-12", time: "15:00", salesCutoffMinutes: 60, perOrderLimit: 4, tickets: 12 };

describe("tickets left", () => {
  it("is what is left of the tickets, never below none", () => {
    expect(ticketsLeft(12, 5)).toBe(7);
    expect(ticketsLeft(12, 12)).toBe(0);
    expect(ticketsLeft(10, 12)).toBe(0);
  });
});

describe("ticketProblem", () => {
  it("takes an order within the limit and what is left", () => {
    expect(ticketProblem(sitting, 8, 4, NOW)).toBeNull();
  });
  it("refuses more than the per-order limit with a 400 naming the field", () => {
    expect(ticketProblem(sitting, 0, 5, NOW)).toEqual({ status: 400, message: "tickets: At most 4 tickets can be bought in one order." });
  });
  it("says sold out, or how many are left (409)", () => {
    expect(ticketProblem(sitting, 12, 1, NOW)).toEqual({ status: 409, message: "This sitting is sold out." });
    expect(ticketProblem(sitting, 11, 2, NOW)).toEqual({ status: 409, message: "Only 1 ticket left for this sitting. Please choose fewer." });
  });
  it("closes sales at the cut-off before the start, on London's clock", () => {
    // 13:59 London is 12:59Z in June: more than an hour before 15:00.
    expect(salesClosed(sitting, new Date("2027-06-12T12:59:00Z"))).toBe(false);
    expect(salesClosed(sitting, new Date("2027-06-12T13:01:00Z"))).toBe(true);
    expect(ticketProblem(sitting, 0, 1, new Date("2027-06-12T13:30:00Z"))).toEqual({
      status: 409,
      message: "Tickets for this sitting are no longer on sale online. Please call us.",
    });
    // A cut-off of a day is a day before.
    expect(salesClosed({ ...sitting, salesCutoffMinutes: 1440 }, new Date("2027-06-11T14:30:00Z"))).toBe(true);
    expect(salesClosed({ ...sitting, salesCutoffMinutes: 1440 }, new Date("2027-06-11T13:30:00Z"))).toBe(false);
  });
});

describe("schemas", () => {
  it("an event's slug comes from its name", () => {
    expect(slugOf("Christmas Afternoon Tea!")).toBe("christmas-afternoon-tea");
    expect(slugOf("Crème brûlée evening")).toBe("creme-brulee-evening");
    expect(slugOf("***")).toBe("event");
  });
  it("a bad price or picture address names the field", () => {
    const price = EventCreateSchema.safeParse({ name: "Supper", pricePence: 12.5 });
    expect(price.error?.issues[0]?.message).toMatch(/^pricePence: /);
    const picture = EventCreateSchema.safeParse({ name: "Supper", pricePence: 1000, imageUrl: "javascript:alert(1)" });
    expect(picture.error?.issues[0]?.message).toMatch(/^imageUrl: /);
    expect(EventCreateSchema.parse({ name: "Supper", pricePence: 1000, imageUrl: "/images/supper.jpg" })).toMatchObject({
      imageUrl: "/images/supper.jpg",
      published: false,
    });
  });
  it("a sitting has defaults for its limit, cut-off, question and closing", () => {
    expect(SittingCreateSchema.parse({ date: "2027-12-12", time: "14:00", minutes: 120, tickets: 30, areaId: 1 })).toEqual({
      date: "2027-12-12",
      time: "14:00",
      minutes: 120,
      tickets: 30,
      areaId: 1,
      perOrderLimit: 10,
      salesCutoffMinutes: 60,
      question: null,
      closesArea: false,
    });
  });
  it("a ticket order's voucher code is normalised; an empty one is none", () => {
    const base = { amount: 69.9, metadata: { type: "event", sittingId: 1, tickets: 2, name: "Ivy", email: "ivy@example.com", phone: "0770" } };
    expect(EventPaymentIntentRequestSchema.parse({ ...base, metadata: { ...base.metadata, voucherCode: "tea-abcd-efgh-jkmn" } }).metadata.voucherCode).toBe(
      "TEA-ABCD-EFGH-JKMN",
    );
    expect(EventPaymentIntentRequestSchema.parse({ ...base, metadata: { ...base.metadata, voucherCode: "" } }).metadata.voucherCode).toBeUndefined();
  });
});

describe("a sitting in the room", () => {
  const terrace: Area = { id: 2, name: "Terrace", seats: 16, bookingTypes: ["table"], position: 1, gardenSpotId: null, isPrivate: false };
  const room = roomWith([terrace], {
    minutes: { afternoonTea: 120, table: 90, picnicHamper: 120, secretGarden: 120, event: 120 },
    pacing: { afternoonTea: 99, table: 99, picnicHamper: 99, secretGarden: 99, event: 99 },
  });
  it("takes its tickets' seats over its time, or every seat when it closes the area", () => {
    const taken = seatsTaken(room, closureStays([{ areaId: 2, startTime: "12:00", endTime: "14:00", seats: 10 }]));
    expect(areaRoom(terrace, taken, "13:00", 90)).toBe(6);
    expect(areaRoom(terrace, taken, "14:00", 90)).toBe(16);
    const closed = seatsTaken(room, closureStays([{ areaId: 2, startTime: "12:00", endTime: "14:00", seats: null }]));
    expect(areaRoom(terrace, closed, "13:45", 90)).toBe(0);
  });
});
