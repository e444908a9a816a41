import { BOOKING_TYPES, KNOWN_SETTINGS, PRICING_ITEM_TYPES } from "@tearoom/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, subscribeConfirmed, type TestServer } from "../test/helpers.js";
import {
  anyText,
  badBodies,
  databaseFingerprint,
  describeRequest,
  staffEmail,
  expectRefused,
  guests,
  isoDate,
  junkIdSegment,
  notAString,
  oneOf,
  optionalText,
  price,
  REMOVE,
  requiredText,
  strictBoolean,
  strictId,
  timeOfDay,
  tooLong,
  type Breaker,
} from "./fuzz-kit.js";

/**
 * Every admin write, signed in, on REST and tRPC, gets bad bodies and junk path parameters:
 * each answer is a 4xx with a readable message (never a 5xx) and the database is unchanged
 * (R1, R4). Without a session even good requests change nothing.
 */

const THURSDAY = "2027-06-10";
const PAST = ["2027-06-01", "2026-01-15", "1999-12-31"];
const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };

let s: TestServer;
let cookie: string;
let sent = 0;
const ids = { pricing: 0, inquiry: 0, subscription: 0, booking: 0, cancelled: 0 };

beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000000" } });
  cookie = await s.login();
  const created = async (path: string, json: unknown) => {
    const res = await s.request(path, { json, cookie });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res.json();
  };
  ids.pricing = (await created("/api/pricing", { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false })).id;
  s.ctx.sqlite.prepare("DELETE FROM booking_settings WHERE setting_key = 'events_email'").run();
  s.ctx.cache.clear();
  await created("/api/contact", { ...contact, enquiryType: "general-enquiry", message: "Hello there, tearoom!" });
  ids.inquiry = (await (await s.request("/api/inquiries", { cookie })).json())[0].id;
  // Confirmed (double opt-in), so switching it off is a change the fingerprint shows.
  await subscribeConfirmed(s, "reader@example.com");
  ids.subscription = (await (await s.request("/api/newsletters", { cookie })).json())[0].id;
  ids.booking = (await created("/api/bookings", { type: "table", date: THURSDAY, time: "12:00", guests: 2, ...contact, diningPreference: "lunch" })).id;
  ids.cancelled = (await created("/api/bookings", { type: "table", date: THURSDAY, time: "13:00", guests: 2, ...contact, diningPreference: "lunch" })).id;
  expect((await s.request(`/api/bookings/${ids.cancelled}`, { method: "DELETE", cookie })).status).toBe(200);
});
afterAll(async () => s.close());

/** Sends one request and checks the answer is a readable refusal and nothing was written. */
async function refusedAndUnchanged(
  method: string,
  path: string,
  body: unknown,
  opts: { signedIn?: boolean; allowed?: (status: number) => boolean } = {},
): Promise<void> {
  const before = databaseFingerprint(s.ctx.sqlite);
  sent++;
  const res = await s.request(path, { method, json: body, ...(opts.signedIn === false ? {} : { cookie }) });
  const context = describeRequest(method, path, body);
  await expectRefused(res, context, opts.allowed ?? (opts.signedIn === false ? (st) => st === 401 : undefined));
  expect(databaseFingerprint(s.ctx.sqlite), `${context}: the database changed`).toEqual(before);
}

// Bodies ----------------------------------------------------------------------------------------

// Inactive: an active one would stand beside the seeded active tea (409, R33).
const pricingBase = { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false };
const pricingBreakers = { name: requiredText(1, 100), itemType: oneOf(PRICING_ITEM_TYPES), price: price(), isActive: strictBoolean(false) };

const existingKeys = Object.keys(KNOWN_SETTINGS).filter((k) => k !== "events_email");
/** Setting keys that are not snake_case, too long, unknown (400) or already taken (409). */
const settingKey: Breaker = fc.oneof(
  fc.constant(REMOVE),
  notAString,
  fc.constantFrom("", "Bad Key", "UPPER_CASE", "1abc", "a__b", "_a", "a_", "a-b", "ключ", "a".repeat(61), "hold_minutes;--"),
  anyText(20).filter((k) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(k.trim()) || k.trim().length > 60),
  fc.constantFrom(...existingKeys),
);
// Only a known key without a row may be created (R33); beforeAll removes this one's row.
const settingCreateBase = { settingKey: "events_email", settingValue: "events@example.com", description: "Shown on the Secret Garden page" };
const settingCreateBreakers = { settingKey, settingValue: requiredText(1, 2000), description: optionalText(300) };
/** A value for hold_minutes that is blank, too long, or not a whole number of minutes from 5 to 240. */
const holdMinutesValue: Breaker = fc.oneof(requiredText(1, 2000), fc.constantFrom("abc", "4", "241", "1.5", "-5", "ten"));

const adminBookingBase = { type: "table", date: THURSDAY, time: "14:00", guests: 2, ...contact, diningPreference: "lunch", specialRequests: "Window seat" };
const adminBookingBreakers = {
  type: oneOf(BOOKING_TYPES),
  date: isoDate(PAST),
  time: timeOfDay(),
  guests: guests(20),
  name: requiredText(1, 100),
  email: staffEmail(),
  phone: requiredText(1, 40),
  teaType: oneOf(["traditional", "champagne"], false),
  diningPreference: oneOf(["breakfast", "lunch", "lightsnack"], false),
  hamperType: oneOf(["standard", "champagne"], false),
  gardenSpotId: fc.oneof(notAString, tooLong(60)),
  includeWine: strictBoolean(false),
  specialRequests: optionalText(1000),
};
const bookingUpdateBase = { date: THURSDAY, time: "12:00", guests: 2, ...contact };
const bookingUpdateBreakers = {
  date: isoDate(PAST),
  time: timeOfDay(),
  guests: guests(20),
  name: requiredText(1, 100),
  email: staffEmail(),
  phone: requiredText(1, 40),
};

// REST ------------------------------------------------------------------------------------------

interface RestTarget {
  label: string;
  method: "POST" | "PATCH" | "DELETE";
  /** The path of a real record (its body must then be bad), or undefined when only junk paths are sent. */
  path?: () => string;
  /** Builds the path around a junk segment. */
  junkPath?: (segment: string) => string;
  base?: Record<string, unknown>;
  breakers?: Record<string, Breaker>;
  runs: number;
}

const junkSettingKey = fc.oneof(
  junkIdSegment(),
  fc.constantFrom("HOLD_MINUTES", "hold-minutes", "hold_minutes%00", "zz_no_such_key", "a".repeat(61), "%E2%80%AE", "..%2F..", "%2e%2e"),
);

const restTargets = (): RestTarget[] => [
  { label: "create a pricing item", method: "POST", path: () => "/api/pricing", base: pricingBase, breakers: pricingBreakers, runs: 130 },
  {
    label: "update a pricing item",
    method: "PATCH",
    path: () => `/api/pricing/${ids.pricing}`,
    junkPath: (x) => `/api/pricing/${x}`,
    base: pricingBase,
    breakers: pricingBreakers,
    runs: 130,
  },
  { label: "delete a pricing item", method: "DELETE", junkPath: (x) => `/api/pricing/${x}`, runs: 50 },
  { label: "resolve an enquiry", method: "POST", junkPath: (x) => `/api/inquiries/resolve/${x}`, runs: 50 },
  {
    label: "switch a subscription",
    method: "PATCH",
    path: () => `/api/newsletters/${ids.subscription}/status`,
    junkPath: (x) => `/api/newsletters/${x}/status`,
    base: { isActive: false },
    breakers: { isActive: strictBoolean(true) },
    runs: 70,
  },
  { label: "delete a subscription", method: "DELETE", junkPath: (x) => `/api/newsletters/${x}`, runs: 50 },
  {
    label: "create a booking setting",
    method: "POST",
    path: () => "/api/booking-settings",
    base: settingCreateBase,
    breakers: settingCreateBreakers,
    runs: 110,
  },
  {
    label: "update a booking setting",
    method: "PATCH",
    path: () => "/api/booking-settings/hold_minutes",
    base: { value: "20" },
    breakers: { value: holdMinutesValue },
    runs: 80,
  },
  {
    label: "update a booking setting at a junk key",
    method: "PATCH",
    junkPath: (x) => `/api/booking-settings/${x}`,
    base: { value: "20" },
    breakers: { value: holdMinutesValue },
    runs: 40,
  },
  { label: "delete a booking setting", method: "DELETE", junkPath: (x) => `/api/booking-settings/${x}`, runs: 50 },
  { label: "create a staff booking", method: "POST", path: () => "/api/bookings", base: adminBookingBase, breakers: adminBookingBreakers, runs: 150 },
  {
    label: "edit a booking",
    method: "PATCH",
    path: () => `/api/bookings/${ids.booking}`,
    junkPath: (x) => `/api/bookings/${x}`,
    base: bookingUpdateBase,
    breakers: bookingUpdateBreakers,
    runs: 150,
  },
  { label: "cancel a booking", method: "DELETE", junkPath: (x) => `/api/bookings/${x}`, runs: 50 },
  {
    // R48: the booking is no no-show and has no card, so even a good body is refused (409).
    label: "charge a fee",
    method: "POST",
    path: () => `/api/bookings/${ids.booking}/fees`,
    junkPath: (x) => `/api/bookings/${x}/fees`,
    base: { kind: "no-show", reason: "Did not come" },
    breakers: {
      kind: oneOf(["no-show", "late-cancel"]),
      amountPence: fc.constantFrom(null, "", "30", 29, 0, -1, 10.5, Number.MAX_VALUE, [], {}, true),
      reason: requiredText(1, 500),
    },
    runs: 60,
  },
];

/** A request for a target: a real record with a bad body, or a junk path with a good or bad body. */
function restRequests(t: RestTarget): fc.Arbitrary<{ path: string; body: unknown; junkKeys?: boolean }> {
  const arms: fc.Arbitrary<{ path: string; body: unknown }>[] = [];
  const bad = t.base && t.breakers ? badBodies(t.base, t.breakers) : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined });
  if (t.path) arms.push(bad.map((body) => ({ path: t.path!(), body })));
  if (t.junkPath) {
    const segments = t.junkPath("x").startsWith("/api/booking-settings/") ? junkSettingKey : junkIdSegment();
    arms.push(fc.tuple(segments, t.base ? fc.oneof(fc.constant(t.base), bad) : bad).map(([segment, body]) => ({ path: t.junkPath!(segment), body })));
  }
  return fc.oneof(...arms);
}

// tRPC ------------------------------------------------------------------------------------------

interface TrpcTarget {
  procedure: string;
  base: Record<string, unknown>;
  breakers: Record<string, Breaker>;
  runs: number;
}

const settingKeyForUpdate: Breaker = fc.oneof(
  fc.constant(REMOVE),
  notAString,
  fc.constantFrom("", "Bad Key", "UPPER_CASE", "zz_no_such_key", "a".repeat(61)),
  anyText(20).filter((k) => !existingKeys.includes(k.trim())),
);

const trpcTargets = (): TrpcTarget[] => [
  { procedure: "pricing.create", base: pricingBase, breakers: pricingBreakers, runs: 60 },
  { procedure: "pricing.update", base: { id: ids.pricing, ...pricingBase }, breakers: { id: strictId(), ...pricingBreakers }, runs: 70 },
  { procedure: "pricing.remove", base: { id: ids.pricing }, breakers: { id: strictId() }, runs: 30 },
  { procedure: "inquiries.resolve", base: { id: ids.inquiry }, breakers: { id: strictId() }, runs: 30 },
  {
    procedure: "newsletters.setStatus",
    base: { id: ids.subscription, isActive: false },
    breakers: { id: strictId(), isActive: strictBoolean(true) },
    runs: 40,
  },
  { procedure: "newsletters.remove", base: { id: ids.subscription }, breakers: { id: strictId() }, runs: 30 },
  { procedure: "bookingSettings.create", base: settingCreateBase, breakers: settingCreateBreakers, runs: 50 },
  {
    procedure: "bookingSettings.update",
    base: { key: "hold_minutes", value: "20" },
    breakers: { key: settingKeyForUpdate, value: holdMinutesValue },
    runs: 60,
  },
  { procedure: "bookingSettings.remove", base: { key: "zz_no_such_key" }, breakers: { key: settingKeyForUpdate }, runs: 30 },
  { procedure: "bookings.create", base: adminBookingBase, breakers: adminBookingBreakers, runs: 70 },
  { procedure: "bookings.update", base: { id: ids.booking, ...bookingUpdateBase }, breakers: { id: strictId(), ...bookingUpdateBreakers }, runs: 70 },
  { procedure: "bookings.cancel", base: { id: ids.booking }, breakers: { id: strictId() }, runs: 30 },
];

const GOAL = 1_000;

// Each property takes a few seconds; the generous limit is for a machine busy with other work.
describe("fuzzing the admin writes with a session: bad input gets a readable 4xx and writes nothing", { timeout: 90_000 }, () => {
  it.each(restTargets().map((t) => [`${t.method} ${t.label}`, t.label] as const))("REST %s", async (_name, label) => {
    const t = restTargets().find((x) => x.label === label)!;
    await fc.assert(
      fc.asyncProperty(restRequests(t), ({ path, body }) => refusedAndUnchanged(t.method, path, body)),
      { numRuns: t.runs },
    );
  });

  it.each(trpcTargets().map((t) => [t.procedure] as const))("tRPC %s", async (procedure) => {
    const t = trpcTargets().find((x) => x.procedure === procedure)!;
    await fc.assert(
      fc.asyncProperty(badBodies(t.base, t.breakers), (input) => refusedAndUnchanged("POST", `/api/trpc/${t.procedure}`, input)),
      { numRuns: t.runs },
    );
  });

  it("tRPC batches of bad calls", async () => {
    const targets = trpcTargets();
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.constantFrom(...targets), { minLength: 2, maxLength: 4 })
          .chain((ts) => fc.tuple(fc.constant(ts), fc.tuple(...ts.map((t) => badBodies(t.base, t.breakers))))),
        async ([ts, inputs]) => {
          const path = `/api/trpc/${ts.map((t) => t.procedure).join(",")}?batch=1`;
          // A batch whose calls fail with different codes answers 207; every call must still be an error.
          await refusedAndUnchanged("POST", path, Object.fromEntries(inputs.map((input, i) => [String(i), input])), {
            allowed: (st) => st === 207 || (st >= 400 && st < 500),
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a cancelled booking: editing it is refused (409), cancelling it again changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), async (rest) => {
        if (rest) await refusedAndUnchanged("PATCH", `/api/bookings/${ids.cancelled}`, bookingUpdateBase, { allowed: (st) => st === 409 });
        else await refusedAndUnchanged("POST", "/api/trpc/bookings.update", { id: ids.cancelled, ...bookingUpdateBase }, { allowed: (st) => st === 409 });
        const before = databaseFingerprint(s.ctx.sqlite);
        expect((await s.request(`/api/bookings/${ids.cancelled}`, { method: "DELETE", cookie })).status).toBe(200);
        expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
      }),
      { numRuns: 10 },
    );
  });

  it("without a session, good and bad requests alike get 401 and change nothing (R1)", async () => {
    // POST /api/bookings is also the visitors' booking path, so it is not a staff-only path.
    const staffOnly = restTargets().filter((t) => t.label !== "create a staff booking");
    // A path the router cannot match (a parameter over 200 characters) and a body over the limit
    // (413) are refused before any session check.
    const requests = fc.oneof(
      ...staffOnly.map((t) => restRequests(t).map((r) => ({ method: t.method, ...r, statuses: [401, 404, 413, 414] as number[] }))),
      ...staffOnly
        .filter((t) => t.path && t.base)
        .map((t) => fc.constant({ method: t.method, path: t.path!(), body: t.base as unknown, statuses: [401, 413] as number[] })),
      ...trpcTargets().map((t) =>
        fc
          .oneof(fc.constant(t.base), badBodies(t.base, t.breakers))
          .map((body) => ({ method: "POST" as const, path: `/api/trpc/${t.procedure}`, body, statuses: [401, 413] as number[] })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(requests, ({ method, path, body, statuses }) =>
        refusedAndUnchanged(method, path, body, { signedIn: false, allowed: (st) => statuses.includes(st) }),
      ),
      { numRuns: 120 },
    );
  });

  it("control: the base bodies are good and their writes show in the fingerprint", async () => {
    const controls: [string, string, unknown][] = [
      ["POST", "/api/pricing", pricingBase],
      ["PATCH", `/api/pricing/${ids.pricing}`, { ...pricingBase, price: 5 }],
      ["PATCH", `/api/newsletters/${ids.subscription}/status`, { isActive: false }],
      ["POST", "/api/booking-settings", settingCreateBase],
      ["PATCH", "/api/booking-settings/hold_minutes", { value: "20" }],
      ["POST", "/api/bookings", adminBookingBase],
      ["PATCH", `/api/bookings/${ids.booking}`, { ...bookingUpdateBase, guests: 3 }],
      ["POST", "/api/trpc/bookings.update", { id: ids.booking, ...bookingUpdateBase }],
      ["POST", "/api/trpc/inquiries.resolve", { id: ids.inquiry }],
      ["POST", "/api/trpc/bookingSettings.remove", { key: "hold_minutes" }],
      ["DELETE", `/api/pricing/${ids.pricing}`, undefined],
      ["DELETE", `/api/bookings/${ids.booking}`, undefined],
    ];
    for (const [method, path, json] of controls) {
      const before = databaseFingerprint(s.ctx.sqlite);
      const res = await s.request(path, { method, json, cookie });
      expect(res.status, `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      expect(databaseFingerprint(s.ctx.sqlite), `${method} ${path}`).not.toEqual(before);
    }
  });

  it(`sent at least ${GOAL} bad requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(GOAL);
  });
});
