import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";
import {
  anyText,
  badBodies,
  databaseFingerprint,
  describeRequest,
  expectRefused,
  isoDate,
  junkIdSegment,
  REMOVE,
  strictBoolean,
  strictId,
  type Breaker,
} from "./fuzz-kit.js";

/**
 * The day sheet's and the closures' writes (R28 arrival, R32), signed in, on REST and tRPC: bad
 * bodies and junk path parameters get a readable 4xx and the database is unchanged (R4).
 */

const TODAY = "2027-06-02"; // TEST_NOW's London date
const OPEN = "2027-06-10";
const CLOSED = "2027-06-11";
const PAST = ["2027-06-01", "2026-01-15", "1999-12-31"];
const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };

let s: TestServer;
let cookie: string;
let confirmedToday = 0;

beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000000" } });
  cookie = await s.login();
  const book = async (date: string) => {
    const res = await s.request("/api/bookings", { json: { type: "table", date, time: "14:00", guests: 2, ...contact, diningPreference: "lunch" }, cookie });
    expect(res.status).toBe(201);
    return ((await res.json()) as { booking: { id: number } }).booking.id;
  };
  confirmedToday = await book(TODAY);
  await book(OPEN);
  expect((await s.request("/api/closures", { json: { date: CLOSED, cancelBookings: false }, cookie })).status).toBe(201);
});
afterAll(async () => s.close());

async function refusedAndUnchanged(method: string, path: string, body: unknown): Promise<void> {
  const before = databaseFingerprint(s.ctx.sqlite);
  const res = await s.request(path, { method, ...(body === undefined ? {} : { json: body }), cookie });
  const context = describeRequest(method, path, body);
  await expectRefused(res, context);
  expect(databaseFingerprint(s.ctx.sqlite), `${context}: the database changed`).toEqual(before);
}

/** An arrival mark that is neither "arrived", "no-show" nor null. */
const arrival: Breaker = fc.oneof(
  fc.constant(REMOVE),
  fc.constantFrom("late", "ARRIVED", " arrived", "no_show", "noshow", "", 1, 0, true, false, [], {}, ["arrived"]),
  anyText(12).filter((x) => x !== "arrived" && x !== "no-show"),
);
const closeBase = { date: OPEN, cancelBookings: true, notifyGuests: true };
const closeBreakers = { date: isoDate([...PAST, CLOSED]), cancelBookings: strictBoolean(true), notifyGuests: strictBoolean(false) };
/** Path segments that are not a real yyyy-MM-dd date, or a date that is open (nothing to reopen). */
const junkDate = fc.oneof(
  junkIdSegment(),
  fc.constantFrom("2027-02-29", "2027-13-01", "2027-6-5", "05%2F06%2F2027", "2027-06-05T12%3A00%3A00Z", "%202027-06-05", OPEN, TODAY),
);

describe("fuzzing arrival and closures: bad input gets a readable 4xx and writes nothing", { timeout: 90_000 }, () => {
  it("REST POST /api/bookings/{id}/arrival", async () => {
    const requests = fc.oneof(
      badBodies({ status: "arrived" }, { status: arrival }).map((body) => ({ path: `/api/bookings/${confirmedToday}/arrival`, body })),
      fc
        .tuple(junkIdSegment(), fc.constantFrom<unknown>({ status: "arrived" }, { status: null }))
        .map(([id, body]) => ({ path: `/api/bookings/${id}/arrival`, body })),
    );
    await fc.assert(
      fc.asyncProperty(requests, ({ path, body }) => refusedAndUnchanged("POST", path, body)),
      { numRuns: 80 },
    );
  });

  it("REST POST /api/closures", async () => {
    await fc.assert(
      fc.asyncProperty(badBodies(closeBase, closeBreakers, ["date", "cancelBookings"]), (body) => refusedAndUnchanged("POST", "/api/closures", body)),
      { numRuns: 100 },
    );
  });

  it("REST DELETE /api/closures/{date} and GET /api/closures/{date}, /api/bookings/day with junk dates", async () => {
    await fc.assert(
      fc.asyncProperty(junkDate, fc.constantFrom("DELETE", "GET", "DAY"), async (date, kind) => {
        if (kind === "DELETE") return refusedAndUnchanged("DELETE", `/api/closures/${date}`, undefined);
        // Reads: a junk date is a 400; a real one is read and nothing is written either way.
        const path = kind === "GET" ? `/api/closures/${date}` : `/api/bookings/day?date=${date}`;
        const before = databaseFingerprint(s.ctx.sqlite);
        const res = await s.request(path, { cookie });
        if (date !== OPEN && date !== TODAY) await expectRefused(res, `GET ${path}`);
        else expect(res.status).toBe(200);
        expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });

  it.each([
    ["daySheet.arrival", { id: 0, status: "arrived" }, { id: strictId(), status: arrival }],
    ["closures.close", closeBase, closeBreakers],
    ["closures.reopen", { date: CLOSED }, { date: isoDate([OPEN, TODAY]) }],
  ] as const)("tRPC %s", async (procedure, base, breakers) => {
    const realBase = procedure === "daySheet.arrival" ? { ...base, id: confirmedToday } : base;
    await fc.assert(
      fc.asyncProperty(badBodies(realBase, breakers as Record<string, Breaker>), (input) => refusedAndUnchanged("POST", `/api/trpc/${procedure}`, input)),
      { numRuns: 50 },
    );
  });

  it("control: the base requests are good and their writes show in the fingerprint", async () => {
    for (const [path, body] of [
      [`/api/bookings/${confirmedToday}/arrival`, { status: "arrived" }],
      ["/api/closures", closeBase],
    ] as const) {
      const before = databaseFingerprint(s.ctx.sqlite);
      const res = await s.request(path, { json: body, cookie });
      expect(res.status, path).toBeLessThan(300);
      expect(databaseFingerprint(s.ctx.sqlite), path).not.toEqual(before);
    }
  });
});
