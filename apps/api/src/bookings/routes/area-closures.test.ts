import type { AreaView, Booking, OccupancyView } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// R45: part of a day in one area (a private party on the Terrace 14:00–17:00). TEST_NOW is
// Wednesday 2 June 2027, 09:00 in London.
const DAY = "2027-06-12"; // a Saturday

let s: TestServer;
let cookie: string;
let areas: AreaView[];
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000", TRUST_PROXY: "true" } });
  cookie = await s.login();
  areas = (await (await s.request("/api/areas", { cookie })).json()) as AreaView[];
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const areaId = (name: string) => areas.find((a) => a.name === name)!.id;
let n = 0;
const contact = () => ({ name: `Guest ${++n}`, email: `guest${n}@example.com`, phone: "01234 567890" });
const staffBook = async (json: Record<string, unknown>) => {
  const res = await staff("/api/bookings", {
    method: "POST",
    json: { teaType: "traditional", diningPreference: "lunch", ...contact(), ...json, sendConfirmation: false },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
};
const requestTable = (time: string, guests: number) =>
  s.request("/api/bookings", { json: { type: "table", date: DAY, time, guests, diningPreference: "lunch", ...contact() }, from: newVisitor() });
const terraceAt = async (time: string) =>
  ((await (await staff(`/api/occupancy?date=${DAY}`)).json()) as OccupancyView).areas.find((a) => a.name === "Terrace")!.steps.find((x) => x.time === time)!
    .seatsTaken;

describe("closing part of a day in one area (R45)", () => {
  const window = () => ({ date: DAY, startTime: "14:00", endTime: "17:00", areaId: areaId("Terrace") });

  it("refuses bad input with the field named, closing nothing", async () => {
    for (const [json, text] of [
      [{ ...window(), endTime: "14:00", cancelBookings: false }, "endTime: The end must be after the start"],
      [{ ...window(), startTime: "2pm", cancelBookings: false }, "startTime: Use a 24-hour time such as 14:00"],
      [{ ...window(), areaId: 99999, cancelBookings: false }, "areaId: Choose one of the seating areas"],
      [{ ...window(), date: "2027-06-01", cancelBookings: false }, "date: Tuesday, 1 June 2027 has passed"],
    ] as const) {
      const res = await staff("/api/closures", { method: "POST", json });
      expect(res.status).toBe(400);
      expect(await message(res)).toContain(text);
    }
    expect(((await (await staff("/api/closures")).json()) as { areas: unknown[] }).areas).toEqual([]);
  });

  it("lists the bookings in that area whose stay overlaps the window first, then cancels them as a date's closure does", async () => {
    // The Tearoom is full from 12:00, so a 13:00 table sits on the Terrace (till 14:30).
    await staffBook({ type: "table", time: "12:00", date: DAY, guests: 20 });
    await staffBook({ type: "afternoonTea", time: "12:00", date: DAY, guests: 16 });
    const terrace = await staff("/api/bookings", {
      method: "POST",
      json: { type: "table", date: DAY, time: "13:00", guests: 4, diningPreference: "lunch", ...contact(), sendConfirmation: false },
    });
    const onTerrace = ((await terrace.json()) as { booking: Booking }).booking;
    expect(onTerrace.areaId).toBe(areaId("Terrace"));

    const q = window();
    const preview = await staff(`/api/closures/area-preview?date=${q.date}&startTime=${q.startTime}&endTime=${q.endTime}&areaId=${q.areaId}`);
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { areaName: string; bookings: Booking[] };
    expect(body.areaName).toBe("Terrace");
    expect(body.bookings.map((b) => b.reference)).toEqual([onTerrace.reference]);

    const closed = await staff("/api/closures", { method: "POST", json: { ...q, reason: "Private party", cancelBookings: true } });
    expect(closed.status).toBe(201);
    const result = (await closed.json()) as { closed: boolean; cancelled: Booking[]; areaClosure: { id: number; areaName: string; reason: string } };
    expect(result.closed).toBe(false);
    expect(result.cancelled.map((b) => [b.reference, b.status])).toEqual([[onTerrace.reference, "cancelled"]]);
    expect(result.areaClosure).toMatchObject({ date: DAY, startTime: "14:00", endTime: "17:00", areaName: "Terrace", reason: "Private party" });
    const mail = queuedMails(s, { to: onTerrace.email }).at(-1);
    expect(mail?.text).toContain("the Terrace has to close for part of Saturday, 12 June 2027, so we have cancelled your booking.");

    const listed = (await (await staff("/api/closures")).json()) as { areas: { id: number; areaName: string }[] };
    expect(listed.areas.map((a) => a.areaName)).toEqual(["Terrace"]);
    // The window is every seat of the Terrace.
    expect(await terraceAt("14:00")).toBe(16);
    expect(await terraceAt("16:45")).toBe(16);
    expect(await terraceAt("13:45")).toBe(0); // the 13:00 table was cancelled
    // Overlapping the window again is refused.
    const again = await staff("/api/closures", { method: "POST", json: { ...q, startTime: "16:00", endTime: "18:00", cancelBookings: false } });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe("Terrace is already closed on Saturday, 12 June 2027, 2:00 PM–5:00 PM.");
  });

  it("refuses visitors only in its window and area", async () => {
    // Fill the Tearoom from 14:30: then only the Terrace could take a 14:30 table, and it is closed.
    await staffBook({ type: "table", time: "14:30", date: DAY, guests: 20 });
    await staffBook({ type: "afternoonTea", time: "14:30", date: DAY, guests: 16 });
    const refused = await requestTable("14:30", 2);
    expect(refused.status).toBe(409);
    // Before the window the Terrace seats a party (12:00, the Tearoom being full).
    expect((await requestTable("12:00", 2)).status).toBe(201);
    expect(await terraceAt("12:00")).toBe(2);
    // Another day, the Terrace is open at 14:30.
    expect(
      (
        await s.request("/api/bookings", {
          json: { type: "table", date: "2027-06-13", time: "14:30", guests: 2, diningPreference: "lunch", ...contact() },
          from: newVisitor(),
        })
      ).status,
    ).toBe(201);

    const { areas: closedParts } = (await (await staff("/api/closures")).json()) as { areas: { id: number }[] };
    const reopened = await staff(`/api/closures/areas/${closedParts[0]!.id}`, { method: "DELETE" });
    expect(reopened.status).toBe(204);
    expect((await requestTable("14:30", 2)).status).toBe(201);
    expect((await staff(`/api/closures/areas/${closedParts[0]!.id}`, { method: "DELETE" })).status).toBe(404);
  });
});
