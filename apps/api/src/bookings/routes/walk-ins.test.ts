import type { AreaView, Booking, OccupancyView } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers.js";

// R44: a party at the door. TEST_NOW is Wednesday 2 June 2027, 09:00 in London.
const TODAY = "2027-06-02";

let s: TestServer;
let cookie: string;
let areas: AreaView[];
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
  areas = (await (await s.request("/api/areas", { cookie })).json()) as AreaView[];
});
afterAll(async () => s.close());

const walkIn = (json: unknown) => s.request("/api/walk-ins", { json, cookie });
const areaId = (name: string) => areas.find((a) => a.name === name)!.id;
const outbox = async () => ((await (await s.request("/api/outbox?status=pending", { cookie })).json().catch(() => [])) as unknown[]).length;

describe("POST /api/walk-ins (R44)", () => {
  it("is staff's only", async () => {
    expect((await s.request("/api/walk-ins", { json: { guests: 2 } })).status).toBe(401);
  });

  it("seats a party now, in the first area with room, for the table stay, already arrived and with nothing e-mailed", async () => {
    const before = await outbox();
    const res = await walkIn({ guests: 4 });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as Booking;
    expect(booking).toMatchObject({
      type: "table",
      status: "confirmed",
      arrival: "arrived",
      date: TODAY,
      time: "09:00",
      guests: 4,
      name: "Walk-in",
      email: "",
      areaId: areaId("Tearoom"),
      stayMinutes: 90,
      tableLabel: null,
      source: "admin",
    });
    expect(await outbox()).toBe(before);
    const o = (await (await s.request(`/api/occupancy?date=${TODAY}`, { cookie })).json()) as OccupancyView;
    const tearoom = o.areas.find((a) => a.name === "Tearoom")!;
    // Before opening, so the timeline widens to show it: 09:00 to 10:30.
    expect(tearoom.steps.filter((x) => x.seatsTaken === 4).map((x) => x.time)).toEqual(["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"]);
  });

  it("seats a party at a time, in the area staff chose, at a table, for as long as staff say", async () => {
    const res = await walkIn({ guests: 3, time: "12:00", areaId: areaId("Terrace"), minutes: 60, name: "Mrs Patel", tableLabel: " T4 " });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      time: "12:00",
      areaId: areaId("Terrace"),
      stayMinutes: 60,
      name: "Mrs Patel",
      tableLabel: "T4",
      arrival: "arrived",
    });
  });

  it("warns when the area has no seats for the party, and seats it when staff insist", async () => {
    const terrace = areaId("Terrace");
    expect((await walkIn({ guests: 13, time: "14:00", areaId: terrace })).status).toBe(201);
    const refused = await walkIn({ guests: 4, time: "14:30", areaId: terrace });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: expect.any(String),
      warnings: [
        {
          code: "over-capacity",
          message: "The Terrace would be over its 16 seats with 4 guests from 2:30 PM on Wednesday, 2 June 2027 for 90 minutes (room for 3).",
        },
      ],
    });
    const forced = await walkIn({ guests: 4, time: "14:30", areaId: terrace, force: true });
    expect(forced.status).toBe(201);
    expect(await forced.json()).toMatchObject({ areaId: terrace, guests: 4 });
    // Without an area chosen, the party goes where there is room.
    const anywhere = await walkIn({ guests: 4, time: "14:30" });
    expect(await anywhere.json()).toMatchObject({ areaId: areaId("Tearoom") });
  });

  it("seats a party after the last booking time of the day, and late in the evening", async () => {
    // 16:40 and 21:30 in London: no table slot is left today, yet the party is at the door.
    for (const [at, time] of [
      ["2027-06-02T15:40:00Z", "16:40"],
      ["2027-06-02T20:30:00Z", "21:30"],
    ] as const) {
      const late = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" }, now: new Date(at) });
      const res = await late.request("/api/walk-ins", { json: { guests: 2, name: "Late Party" }, cookie: await late.login() });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ date: TODAY, time, arrival: "arrived" });
      await late.close();
    }
  });

  it("refuses bad input with a message naming the field, seating nobody", async () => {
    const count = async () => ((await (await s.request(`/api/bookings?date=${TODAY}`, { cookie })).json()) as unknown[]).length;
    const before = await count();
    for (const [json, text] of [
      [{ guests: 0 }, "guests: Use a whole number of guests from 1 to 20"],
      [{ guests: 21 }, "guests: Use a whole number of guests from 1 to 20"],
      [{ guests: 2, time: "25:00" }, "time: Use a 24-hour time such as 14:30"],
      [{ guests: 2, minutes: 10 }, "minutes: Use a whole number of minutes from 15 to 360"],
      [{ guests: 2, areaId: 99999 }, "areaId: Choose one of the seating areas"],
      [{ guests: 2, areaId: areas.find((a) => a.gardenSpotId)!.id }, "areaId: Choose one of the seating areas"],
      [{ guests: 2, tableLabel: "x".repeat(21) }, "tableLabel: Must be at most 20 characters"],
    ] as const) {
      const res = await walkIn(json);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(text);
    }
    expect(await count()).toBe(before);
  });
});
