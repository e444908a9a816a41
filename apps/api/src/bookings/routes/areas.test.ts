import type { AreaView, OccupancyView } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, startTestServer, type TestServer } from "../../test/helpers.js";

// R44 over HTTP: the areas staff edit, the room every booking draws from, and the day's timeline.
// TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000", TRUST_PROXY: "true" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const areas = async () => (await (await staff("/api/areas")).json()) as AreaView[];
const area = async (name: string) => (await areas()).find((a) => a.name === name)!;

let n = 0;
const contact = () => ({ name: `Guest ${++n}`, email: `guest${n}@example.com`, phone: "01234 567890" });
/** A staff booking (confirmed at once); `force` saves it over R29's warnings. */
const staffBook = (json: Record<string, unknown>, force = false) =>
  staff("/api/bookings", {
    method: "POST",
    json: { teaType: "traditional", diningPreference: "lunch", ...contact(), ...json, acceptWarnings: force, sendConfirmation: false },
  });
/** A visitor's table request. */
const requestTable = (date: string, time: string, guests: number) =>
  s.request("/api/bookings", { json: { type: "table", date, time, guests, diningPreference: "lunch", ...contact() }, from: newVisitor() });
const remaining = async (type: string, date: string, time: string) =>
  ((await (await s.request(`/api/availability?type=${type}&date=${date}`)).json()) as { slots: { time: string; remaining: number }[] }).slots.find(
    (x) => x.time === time,
  )?.remaining;
const occupancy = async (date: string) => (await (await staff(`/api/occupancy?date=${date}`)).json()) as OccupancyView;
const taken = (o: OccupancyView, name: string, time: string) => o.areas.find((a) => a.name === name)!.steps.find((x) => x.time === time)!.seatsTaken;

describe("areas (R44)", () => {
  it("are staff's only", async () => {
    for (const [method, path] of [
      ["GET", "/api/areas"],
      ["POST", "/api/areas"],
      ["PATCH", "/api/areas/1"],
      ["DELETE", "/api/areas/1"],
      ["GET", "/api/occupancy?date=2027-06-09"],
    ] as const)
      expect((await s.request(path, { method, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) })).status).toBe(401);
  });

  it("are seeded as the Tearoom, the Terrace, the Lawn and each garden spot, in the order they are filled", async () => {
    const list = await areas();
    expect(list.slice(0, 3)).toEqual([
      { id: expect.any(Number), name: "Tearoom", seats: 36, bookingTypes: ["afternoonTea", "table"], position: 1, gardenSpotId: null },
      { id: expect.any(Number), name: "Terrace", seats: 16, bookingTypes: ["afternoonTea", "table"], position: 2, gardenSpotId: null },
      { id: expect.any(Number), name: "Lawn", seats: 12, bookingTypes: ["picnicHamper"], position: 3, gardenSpotId: null },
    ]);
    expect(list.filter((a) => a.gardenSpotId).map((a) => [a.name, a.seats, a.bookingTypes])).toEqual([
      ["The Rose Garden", 4, ["secretGarden"]],
      ["The Pond Pavilion", 6, ["secretGarden"]],
      ["Wisteria Terrace", 8, ["secretGarden"]],
      ["The Secret Alcove", 2, ["secretGarden"]],
      ["Manor View", 4, ["secretGarden"]],
    ]);
  });

  it("are added, changed and removed by staff; bad input is a 400 naming the field and changes nothing", async () => {
    const before = await areas();
    for (const [json, field] of [
      [{ name: "Orangery", seats: 0, bookingTypes: ["table"] }, "seats: Use a whole number of seats from 1 to 500"],
      [{ name: "Orangery", seats: 501, bookingTypes: ["table"] }, "seats: Use a whole number of seats from 1 to 500"],
      [{ name: " ", seats: 10, bookingTypes: ["table"] }, "name: Please give the area a name"],
      [{ name: "Orangery", seats: 10, bookingTypes: [] }, "bookingTypes: Choose at least one booking type that sits here"],
      [{ name: "Orangery", seats: 10, bookingTypes: ["secretGarden"] }, "bookingTypes: Secret Garden bookings sit at their garden spot, each its own area"],
    ] as const) {
      const res = await staff("/api/areas", { method: "POST", json });
      expect(res.status).toBe(400);
      expect(await message(res)).toContain(field);
    }
    expect(await areas()).toEqual(before);

    const created = await staff("/api/areas", { method: "POST", json: { name: "Orangery", seats: 10, bookingTypes: ["table"] } });
    expect(created.status).toBe(201);
    const orangery = (await created.json()) as AreaView;
    expect(orangery).toMatchObject({ name: "Orangery", seats: 10, bookingTypes: ["table"], position: 4 });
    expect((await staff("/api/areas", { method: "POST", json: { name: "orangery", seats: 4, bookingTypes: ["table"] } })).status).toBe(409);

    const changed = await staff(`/api/areas/${orangery.id}`, { method: "PATCH", json: { seats: 12 } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: "Orangery", seats: 12, bookingTypes: ["table"] });
    expect((await staff(`/api/areas/${orangery.id}`, { method: "PATCH", json: { seats: 1000 } })).status).toBe(400);
    expect((await staff("/api/areas/99999", { method: "PATCH", json: { seats: 3 } })).status).toBe(404);

    const deleted = await staff(`/api/areas/${orangery.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await areas()).toEqual(before);
    expect((await staff(`/api/areas/${orangery.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("cannot be removed while bookings ahead sit there, naming them; nor can a garden spot's", async () => {
    const terrace = await area("Terrace");
    // The Tearoom is full at 12:30 on Friday 11 June, so this party sits on the Terrace.
    expect((await staffBook({ type: "table", date: "2027-06-11", time: "12:00", guests: 20 })).status).toBe(201);
    expect((await staffBook({ type: "table", date: "2027-06-11", time: "12:30", guests: 16 })).status).toBe(201);
    const res = await staffBook({ type: "table", date: "2027-06-11", time: "12:30", guests: 6 });
    const { booking } = (await res.json()) as { booking: { reference: string; areaId: number } };
    expect(booking.areaId).toBe(terrace.id);
    const refused = await staff(`/api/areas/${terrace.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(
      `Terrace has 1 booking ahead: ${booking.reference} (Friday, 11 June 2027, 12:30 PM). Move or cancel them before removing the area.`,
    );
    const rose = await area("The Rose Garden");
    expect((await staff(`/api/areas/${rose.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await staff(`/api/areas/${rose.id}`, { method: "PATCH", json: { bookingTypes: ["table"] } })).status).toBe(400);
  });
});

describe("one room over time (R44)", () => {
  const DATE = "2027-06-12"; // a Saturday

  it("counts a two-hour tea at 14:00 against a table at 15:00 in the same Tearoom", async () => {
    const tearoom = await area("Tearoom");
    const terrace = await area("Terrace");
    expect(await remaining("table", DATE, "15:00")).toBe(30); // pacing: table_covers_per_slot
    const tea = await staffBook({ type: "afternoonTea", date: DATE, time: "14:00", guests: 20 });
    expect(tea.status).toBe(201);
    expect(((await tea.json()) as { booking: { areaId: number } }).booking.areaId).toBe(tearoom.id);
    expect((await staffBook({ type: "afternoonTea", date: DATE, time: "14:30", guests: 10 })).status).toBe(201);
    // The teas keep 30 of the Tearoom's 36 seats until 16:00 and 16:30: a table at 15:00 fits 16 (the Terrace).
    expect(await remaining("table", DATE, "15:00")).toBe(16);

    expect((await requestTable(DATE, "15:00", 6)).status).toBe(201); // the Tearoom's last 6
    expect(await remaining("table", DATE, "15:00")).toBe(16);
    expect((await staffBook({ type: "table", date: DATE, time: "15:00", guests: 16 })).status).toBe(201); // the Terrace
    const full = await requestTable(DATE, "15:00", 1);
    expect(full.status).toBe(409);
    expect(await message(full)).toBe("The 3:00 PM slot on Saturday, 12 June 2027 is fully booked. Please choose another time.");
    // At 16:00 the first tea has left; the 14:30 tea and the tables stay till 16:30.
    expect(await remaining("table", DATE, "16:00")).toBe(20);
    expect(await remaining("afternoonTea", DATE, "14:30")).toBe(0);

    const o = await occupancy(DATE);
    expect(o.date).toBe(DATE);
    expect(taken(o, "Tearoom", "14:00")).toBe(20);
    expect(taken(o, "Tearoom", "14:30")).toBe(30);
    expect(taken(o, "Tearoom", "15:00")).toBe(36);
    expect(taken(o, "Terrace", "15:00")).toBe(16);
    expect(taken(o, "Tearoom", "16:15")).toBe(16);
    expect(taken(o, "Tearoom", "16:30")).toBe(0);
    expect(taken(o, "Terrace", "16:30")).toBe(0);
    expect(o.areas.find((a) => a.id === terrace.id)!.seats).toBe(16);
  });

  it("gives one step per 15 minutes of the opening hours, and the garden spots the Secret Garden's times", async () => {
    const o = await occupancy("2027-06-16");
    const tearoom = o.areas.find((a) => a.name === "Tearoom")!;
    expect(tearoom.steps).toHaveLength(24); // 11:00 to 17:00
    expect([tearoom.steps[0]!.time, tearoom.steps.at(-1)!.time]).toEqual(["11:00", "16:45"]);
    const rose = o.areas.find((a) => a.name === "The Rose Garden")!;
    expect([rose.steps[0]!.time, rose.steps.at(-1)!.time]).toEqual(["12:00", "19:45"]);
    expect((await staff("/api/occupancy?date=2027-13-01")).status).toBe(400);
  });

  it("warns staff who put a party where the room has no seats, and saves it when they accept", async () => {
    const date = "2027-06-18";
    expect((await staffBook({ type: "table", date, time: "12:00", guests: 20 })).status).toBe(201);
    expect((await staffBook({ type: "afternoonTea", date, time: "12:00", guests: 16 })).status).toBe(201);
    expect((await staffBook({ type: "table", date, time: "12:30", guests: 16 })).status).toBe(201);
    const warned = await staffBook({ type: "afternoonTea", date, time: "13:00", guests: 8 });
    expect(warned.status).toBe(409);
    const body = (await warned.json()) as { warnings: { code: string; message: string }[] };
    expect(body.warnings).toEqual([
      {
        code: "over-capacity",
        message: "The Tearoom would be over its 36 seats with 8 guests from 1:00 PM on Friday, 18 June 2027 for 120 minutes (room for 0).",
      },
    ]);
    const saved = await staffBook({ type: "afternoonTea", date, time: "13:00", guests: 8 }, true);
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ overCapacity: true });
  });

  it("fills a smaller room: fewer seats in an area are counted at once", async () => {
    const date = "2027-06-19";
    const lawn = await area("Lawn");
    expect(await remaining("picnicHamper", date, "12:00")).toBe(12);
    expect((await staff(`/api/areas/${lawn.id}`, { method: "PATCH", json: { seats: 5 } })).status).toBe(200);
    expect(await remaining("picnicHamper", date, "12:00")).toBe(5);
    expect((await staff(`/api/areas/${lawn.id}`, { method: "PATCH", json: { seats: 12 } })).status).toBe(200);
  });
});
