import type { OpeningHours, WeeklyHours } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers.js";

// TEST_NOW is Wednesday 2 June 2027, 09:00 in London: Sunday 6 June is ahead, Wednesday 9 June too.
const SUNDAY = "2027-06-06";
const WEDNESDAY = "2027-06-09";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const stored = () =>
  Object.fromEntries(
    (
      s.ctx.sqlite
        .prepare("SELECT setting_key AS k, setting_value AS v FROM booking_settings WHERE setting_key IN ('open_days','weekly_hours','opening_seasons')")
        .all() as {
        k: string;
        v: string;
      }[]
    ).map((r) => [r.k, r.v]),
  );
const h = (open: string, close: string) => ({ open, close });
const usual = h("11:00", "17:00");
const SEED_WEEK: WeeklyHours = { mon: null, tue: null, wed: usual, thu: usual, fri: usual, sat: usual, sun: usual };
const WINTER = {
  name: "Winter",
  from: "2027-11-01",
  to: "2028-02-29",
  weekly: { mon: null, tue: null, wed: null, thu: null, fri: h("11:00", "16:00"), sat: h("11:00", "16:00"), sun: h("11:00", "15:00") },
};
const teaTimes = async (date: string) =>
  ((await (await s.request(`/api/availability?type=afternoonTea&date=${date}`)).json()) as { slots: { time: string }[] }).slots.map((x) => x.time);

describe("opening hours (R45)", () => {
  it("are staff only", async () => {
    expect((await s.request("/api/opening-hours")).status).toBe(401);
    expect((await s.request("/api/opening-hours", { method: "PUT", json: { weekly: SEED_WEEK, seasons: [] } })).status).toBe(401);
  });

  it("are the open days at the opening and closing times on a database that never stored any", async () => {
    const res = await staff("/api/opening-hours");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ weekly: SEED_WEEK, seasons: [] });
    expect(stored()).toEqual({ open_days: "wed,thu,fri,sat,sun", weekly_hours: "{}", opening_seasons: "[]" });
  });

  it("refuse, changing nothing, a day closing before it opens, a day with no afternoon tea time, overlapping seasons and a malformed body", async () => {
    const before = stored();
    const audits = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM audit_events").get() as { n: number }).n;
    const auditsBefore = audits();
    const cases: [OpeningHours | object, RegExp | string][] = [
      [{ weekly: { ...SEED_WEEK, sun: h("11:00", "10:00") }, seasons: [] }, "Sunday: closing time (10:00 AM) must be after opening time (11:00 AM)."],
      [{ weekly: { ...SEED_WEEK, sun: h("11:00", "12:00") }, seasons: [] }, /^Sunday: no afternoon tea time fits .*\(slots outside hours\)/],
      [
        { weekly: SEED_WEEK, seasons: [WINTER, { ...WINTER, name: "Dark days", from: "2027-12-01", to: "2027-12-31" }] },
        /^Seasons Winter .* and Dark days .* overlap/,
      ],
      [{ weekly: { ...SEED_WEEK, sun: h("11", "16:00") }, seasons: [] }, /weekly\.sun\.open/],
      [{ weekly: SEED_WEEK }, /seasons/],
    ];
    for (const [json, expected] of cases) {
      const res = await staff("/api/opening-hours", { method: "PUT", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const text = await message(res);
      if (typeof expected === "string") expect(text).toBe(expected);
      else expect(text).toMatch(expected);
    }
    expect(stored()).toEqual(before);
    expect(audits()).toBe(auditsBefore);
  });

  it("save a shorter Sunday and a winter season, keep open_days true, record it, and move Sunday's last afternoon tea time", async () => {
    const usualTimes = await teaTimes(WEDNESDAY);
    expect(await teaTimes(SUNDAY)).toEqual(usualTimes);
    const body: OpeningHours = { weekly: { ...SEED_WEEK, tue: usual, sun: h("11:00", "16:00") }, seasons: [WINTER] };
    const res = await staff("/api/opening-hours", { method: "PUT", json: body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
    expect(await (await staff("/api/opening-hours")).json()).toEqual(body);
    expect(stored()).toEqual({
      open_days: "sun,tue,wed,thu,fri,sat",
      weekly_hours: JSON.stringify({ sun: h("11:00", "16:00") }),
      opening_seasons: JSON.stringify([WINTER]),
    });

    expect(usualTimes.at(-1)).toBe("16:00");
    expect((await teaTimes(SUNDAY)).at(-1)).toBe("15:00");
    expect(await teaTimes(WEDNESDAY)).toEqual(usualTimes);
    expect(await teaTimes("2027-12-01")).toEqual([]); // a Wednesday in winter
    expect((await teaTimes("2027-12-05")).at(-1)).toBe("14:00"); // a Sunday in winter, closing at 3pm

    const audit = (await (await staff("/api/audit-events?action=hours.update")).json()) as {
      actor: string;
      subject: string;
      before: { hours: string };
      after: { hours: string; seasons: string };
    }[];
    expect(audit[0]).toMatchObject({
      subject: "Opening hours",
      before: { hours: "Wednesday to Sunday 11am-5pm" },
      after: {
        hours: "Tuesday to Saturday 11am-5pm, Sunday 11am-4pm",
        seasons: "Winter, 1 November 2027 to 29 February 2028: Friday to Saturday 11am-4pm, Sunday 11am-3pm",
      },
    });

    // A visitor cannot book the 15:30 tea on the shorter Sunday.
    const refused = await s.request("/api/bookings", {
      json: {
        type: "afternoonTea",
        date: SUNDAY,
        time: "15:30",
        guests: 2,
        name: "Ann",
        email: "ann@example.com",
        phone: "01234 567890",
        teaType: "traditional",
      },
    });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toMatch(/^time: 15:30 is not a booking time for Afternoon Tea/);
  });

  it("are served on every page's facts, and follow the settings REST", async () => {
    const facts = ((await (await s.request("/api/site")).json()) as { facts: Record<string, unknown> }).facts;
    expect(facts.openingHours).toBe("Tuesday to Saturday 11am-5pm, Sunday 11am-4pm");
    expect(facts.weeklyHours).toMatchObject({ mon: null, tue: usual, sun: h("11:00", "16:00") });
    expect(facts.hoursByDay).toContainEqual({ day: "Sunday", hours: "11am-4pm" });
    expect(facts.seasons).toEqual([WINTER]);
    expect(facts.seasonsText).toEqual(["Winter, 1 November 2027 to 29 February 2028: Friday to Saturday 11am-4pm, Sunday 11am-3pm"]);

    // Closing the usual week at 6pm through the settings moves every day without hours of its own.
    expect((await staff("/api/booking-settings/closing_time", { method: "PATCH", json: { value: "18:00" } })).status).toBe(200);
    expect((await staff("/api/booking-settings/open_days", { method: "PATCH", json: { value: "wed,thu,fri,sat,sun" } })).status).toBe(200);
    const after = (await (await staff("/api/opening-hours")).json()) as OpeningHours;
    expect(after.weekly).toEqual({
      ...SEED_WEEK,
      wed: h("11:00", "18:00"),
      thu: h("11:00", "18:00"),
      fri: h("11:00", "18:00"),
      sat: h("11:00", "18:00"),
      sun: h("11:00", "16:00"),
    });
    expect(((await (await s.request("/api/site")).json()) as { facts: { openingHours: string } }).facts.openingHours).toBe(
      "Wednesday to Saturday 11am-6pm, Sunday 11am-4pm",
    );
  });

  it("are in the OpenAPI document", async () => {
    const doc = (await (await s.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths["/api/opening-hours"]?.get?.operationId).toBe("getOpeningHours");
    expect(doc.paths["/api/opening-hours"]?.put?.operationId).toBe("updateOpeningHours");
  });
});
