import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.js";
import { newVisitor, startTestServer, type TestServer } from "../../test/helpers.js";

// Issue 34: a private staff calendar feed of confirmed bookings, revocable, its token never logged.

let s: TestServer;
let cookie: string;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" }, logger: createLogger("info", (line) => lines.push(line)) });
  cookie = await s.login();
});
afterAll(async () => s.close());

const THURSDAY = "2027-06-03";
const garden = (name: string, time: string, extra: Record<string, unknown> = {}) =>
  s.request("/api/bookings", {
    from: newVisitor(),
    json: {
      type: "secretGarden",
      date: THURSDAY,
      time,
      guests: 2,
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone: "07700 900123",
      gardenSpotId: "pond-pavilion",
      includeWine: false,
      ...extra,
    },
  });
const pathOf = (url: string) => new URL(url).pathname;
const unfold = (ics: string) => ics.replace(/\r\n /g, "");

describe("calendar feeds", () => {
  it("POST makes a feed (201, its URL once); the feed lists confirmed bookings with what staff need; DELETE revokes it (204, then 404)", async () => {
    expect((await s.request("/api/calendar-feeds", { method: "POST" })).status).toBe(401);
    expect((await garden("Iris Ashby", "14:00", { specialRequests: "Anniversary" })).status).toBe(201);

    const made = await s.request("/api/calendar-feeds", { method: "POST", cookie });
    expect(made.status).toBe(201);
    const feed = await made.json();
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/calendar\/[\w-]{43}\.ics$/);
    const token = /\/calendar\/([\w-]{43})\.ics$/.exec(feed.url)![1]!;
    // Only its hash is kept.
    expect(JSON.stringify(s.ctx.sqlite.prepare("SELECT * FROM calendar_feeds").all())).not.toContain(token);
    expect(await (await s.request("/api/calendar-feeds", { cookie })).json()).toEqual([{ id: feed.id, createdAt: feed.createdAt }]);

    const res = await s.request(pathOf(feed.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const ics = unfold(await res.text());
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const reference = /UID:(TR-\w+)@heritage-tearoom/.exec(ics)?.[1];
    expect(reference).toBeDefined();
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).toContain("SUMMARY:Iris Ashby (2) Secret Garden");
    expect(ics).toContain("DTSTART;TZID=Europe/London:20270603T140000");
    expect(ics).toContain("Requests: Anniversary");
    // Nothing beyond what staff need at the door: no e-mail address or phone number.
    expect(ics).not.toContain("iris@example.com");
    expect(ics).not.toContain("07700");

    // A request still waiting for staff is not on it.
    const request = await s.request("/api/bookings", {
      from: newVisitor(),
      json: {
        type: "table",
        date: THURSDAY,
        time: "12:00",
        guests: 2,
        name: "Rowan Pending",
        email: "rowan@example.com",
        phone: "07700 900124",
        diningPreference: "lunch",
      },
    });
    expect(request.status).toBe(201);
    expect(await (await s.request(pathOf(feed.url))).text()).not.toContain("Rowan Pending");

    expect((await s.request(`/api/calendar-feeds/${feed.id}`, { method: "DELETE", cookie })).status).toBe(204);
    expect((await s.request(pathOf(feed.url))).status).toBe(404);
    expect((await s.request(`/api/calendar-feeds/${feed.id}`, { method: "DELETE", cookie })).status).toBe(404);
    expect(await (await s.request("/api/calendar-feeds", { cookie })).json()).toEqual([]);
    expect((await s.request("/calendar/not-a-token.ics")).status).toBe(404);

    // The token is in no log line: the request log names the route pattern.
    const log = lines.join("\n");
    expect(log).toContain("/calendar/:token.ics");
    expect(log).not.toContain(token);
  });
});
