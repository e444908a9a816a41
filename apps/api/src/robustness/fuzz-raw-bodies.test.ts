import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { databaseFingerprint, expectRefused } from "./fuzz-kit.js";

/**
 * Bodies that are not JSON objects at all, byte by byte: broken or truncated JSON, prototype
 * keys, numbers out of range, deep nesting, invalid UTF-8, other encodings and near-miss content
 * types, sent to every write path. No 5xx, a readable JSON message, nothing written, and the
 * server's objects are not polluted.
 */

let s: TestServer;
let cookie: string;
let sent = 0;

beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000000" } });
  cookie = await s.login();
  // Records at id 1 for the PATCH paths, so a body that slipped through would change something.
  await s.request("/api/contact", { json: { name: "Ada", email: "ada@example.com", enquiryType: "general-enquiry", message: "Hello there, tearoom!" } });
  await s.request("/api/newsletter/subscribe", { json: { email: "reader@example.com" } });
  await s.request("/api/bookings", {
    json: { type: "table", date: "2027-06-10", time: "12:00", guests: 2, name: "Ada", email: "ada@example.com", phone: "0123", diningPreference: "lunch" },
  });
});
afterAll(async () => s.close());

const paths: { method: string; path: string; staff?: true }[] = [
  { method: "POST", path: "/api/bookings" },
  { method: "POST", path: "/api/contact" },
  { method: "POST", path: "/api/newsletter/subscribe" },
  { method: "POST", path: "/api/create-payment-intent" },
  { method: "POST", path: "/api/payments/voucher-details" },
  { method: "POST", path: "/api/payments/demo/confirm" },
  { method: "POST", path: "/api/payments/demo/authenticate" },
  { method: "POST", path: "/api/admin/login" },
  { method: "POST", path: "/api/trpc/auth.login" },
  { method: "POST", path: "/api/bookings", staff: true },
  { method: "POST", path: "/api/pricing", staff: true },
  { method: "PATCH", path: "/api/pricing/1", staff: true },
  { method: "PATCH", path: "/api/newsletters/1/status", staff: true },
  { method: "POST", path: "/api/booking-settings", staff: true },
  { method: "PATCH", path: "/api/booking-settings/hold_minutes", staff: true },
  { method: "PATCH", path: "/api/bookings/1", staff: true },
  { method: "POST", path: "/api/trpc/pricing.create", staff: true },
  { method: "POST", path: "/api/trpc/bookings.update", staff: true },
  { method: "POST", path: "/api/trpc/newsletters.setStatus,bookingSettings.update?batch=1", staff: true },
];

const enc = new TextEncoder();
const valid = '{"type":"table","date":"2027-06-10","time":"12:00","guests":2,"name":"Ada","email":"ada@example.com","phone":"0123","diningPreference":"lunch"}';

/** Raw bodies, as bytes, none of which is a usable request. */
const rawBodies: fc.Arbitrary<Uint8Array> = fc.oneof(
  // Not JSON, or JSON cut short.
  fc
    .string({ unit: "binary", maxLength: 200 })
    .filter((t) => t.trim() !== "")
    .map((t) => enc.encode(t)),
  fc.integer({ min: 1, max: valid.length - 1 }).map((n) => enc.encode(valid.slice(0, n))),
  fc
    .constantFrom("{", "}", "[", "{]", '{"a":}', "{'a':1}", '{"a":1,}', "NaN", "undefined", "{a:1}", '"\\ud800"', "\u0000", "//", "/* */ {}")
    .map((t) => enc.encode(t)),
  // Prototype keys: refused by the parser, never merged into objects.
  fc
    .constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `{"__proto__":{"polluted":true},${valid.slice(1)}`,
      '{"a":{"__proto__":{"polluted":true}}}',
    )
    .map((t) => enc.encode(t)),
  // Numbers JSON allows but JavaScript cannot hold, in every field.
  // (The e-mail is broken too: for the newsletter this booking's address alone would be a good body.)
  fc
    .constantFrom("1e999", "-1e999", "1e-999", "123456789012345678901234567890", "-0")
    .map((n) => enc.encode(valid.replace('"guests":2', `"guests":${n}`).replace("ada@example.com", "ada"))),
  fc.constantFrom("1e999", "-1e999", "99999999999999999999").map((n) => enc.encode(`{"id":${n},"price":${n},"isActive":${n},"value":${n}}`)),
  // Deep nesting within the body limit.
  fc
    .integer({ min: 1_000, max: 30_000 })
    .chain((depth) =>
      fc
        .constantFrom(`${"[".repeat(depth)}${"]".repeat(depth)}`, `${'{"a":'.repeat(Math.floor(depth / 3))}1${"}".repeat(Math.floor(depth / 3))}`)
        .map((t) => enc.encode(t)),
    ),
  // Invalid UTF-8 and other encodings.
  fc.uint8Array({ minLength: 1, maxLength: 200 }).filter((b) => b.some((x) => x >= 0x80)),
  fc.constantFrom(
    Uint8Array.from([0xff, 0xfe, ...Buffer.from('{"a":1}', "utf16le")]),
    Uint8Array.from([0xc3, 0x28, 0x7b, 0x7d]),
    Uint8Array.from([0xed, 0xa0, 0x80]),
    Uint8Array.from(Buffer.from(valid, "utf16le")),
  ),
);

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/json;charset=iso-8859-1",
  "APPLICATION/JSON",
  "application/json, text/plain",
  "application/jsonx",
  "application/vnd.api+json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "",
);

describe("raw bodies to every write path", { timeout: 90_000 }, () => {
  it("are refused with a readable 4xx and write nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), rawBodies, contentTypes, async (target, bytes, type) => {
        const before = databaseFingerprint(s.ctx.sqlite);
        sent++;
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        if (target.staff) headers.cookie = cookie;
        const res = await fetch(`${s.url}${target.path}`, { method: target.method, headers, body: bytes });
        const context = `${target.method} ${target.path} [${type}] ${Buffer.from(bytes.slice(0, 120)).toString("latin1")}`;
        await expectRefused(res, context);
        expect(databaseFingerprint(s.ctx.sqlite), `${context}: the database changed`).toEqual(before);
        expect(({} as Record<string, unknown>).polluted, `${context}: Object.prototype was polluted`).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  it("a body without a content type is refused (415)", async () => {
    const before = databaseFingerprint(s.ctx.sqlite);
    for (const { method, path, staff } of paths) {
      sent++;
      const res = await fetch(`${s.url}${path}`, { method, headers: staff ? { cookie } : {}, body: enc.encode(valid) });
      // fetch labels a byte body with no type; a string body would be text/plain.
      expect(res.status, `${method} ${path}`).toBe(415);
    }
    expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
  });

  it("sent at least 400 raw bodies", () => {
    expect(sent).toBeGreaterThanOrEqual(400);
  });
});
