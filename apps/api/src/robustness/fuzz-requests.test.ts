import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { anyText, deepJunk, expectReadableMessage, notAString } from "./fuzz-kit.js";

/**
 * 10,000 fuzzed requests across every public endpoint (R4, R5, R27): any method (TRACE, OPTIONS,
 * PUT and WebDAV's among them), junk and near-valid bodies, query strings, content types,
 * cookies and forwarding headers. Whatever arrives, the answer is never a 5xx, always carries
 * the security headers, and never shows a stack trace or internal name. fuzz-public.test.ts
 * checks, more slowly, that bad bodies also write nothing.
 *
 * Requests go through Fastify's inject (no sockets), so ten thousand fit in well under a minute.
 */

const GOAL = 10_000;
const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
const THURSDAY = "2027-06-10";

/** Good bodies for each public write, so mutations of them reach past the schema into the rules. */
const GOOD: Record<string, Record<string, unknown>[]> = {
  "/api/bookings": [
    { type: "table", date: THURSDAY, time: "12:00", guests: 2, ...contact, diningPreference: "lunch" },
    { type: "afternoonTea", date: THURSDAY, time: "12:00", guests: 2, ...contact, teaType: "traditional" },
    { type: "picnicHamper", date: THURSDAY, time: "13:00", guests: 3, ...contact, hamperType: "champagne" },
    { type: "secretGarden", date: THURSDAY, time: "18:00", guests: 2, ...contact, gardenSpotId: "pond-pavilion", includeWine: true },
  ],
  "/api/contact": [{ ...contact, enquiryType: "general-enquiry", message: "Hello there, tearoom! A table for ten?" }],
  "/api/newsletter/subscribe": [{ email: "reader@example.com", source: "popup" }],
  "/api/create-payment-intent": [
    { amount: 59.9, metadata: { type: "afternoon-tea", date: THURSDAY, time: "12:00", guests: 2, teaType: "traditional", ...contact } },
    { voucherType: "afternoonTea", amount: 59.9, people: 2 },
    { voucherType: "monetary", amount: 50 },
  ],
  "/api/payments/voucher-details": [
    {
      clientSecret: "pi_demo_1_secret_abcdefghij",
      voucherType: "monetary",
      amount: 50,
      recipientName: "Bea",
      recipientEmail: "bea@example.com",
      senderName: "Ada",
      senderEmail: "ada@example.com",
    },
  ],
  "/api/payments/demo/confirm": [
    { clientSecret: "pi_demo_1_secret_abcdefghij", card: { number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123" }, returnUrl: "/confirmation" },
  ],
  "/api/payments/demo/authenticate": [{ payment_intent: "pi_demo_1", client_secret: "pi_demo_1_secret_abcdefghij", approve: true }],
  "/api/admin/login": [{ username: "admin", password: "" }],
  "/api/trpc/auth.login": [{ username: "admin", password: "" }],
  "/api/stripe/webhook": [{ id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1" } } }],
};

const PATHS = [
  ...Object.keys(GOOD),
  "/api/site",
  "/api/availability",
  "/api/garden-spots",
  "/api/openapi.json",
  "/api/payments/config",
  "/api/payments/pi_demo_1/status",
  "/api/newsletter/unsubscribe",
  "/api/admin/logout",
  "/api/admin/session",
  "/api/admin/demo-hint",
  "/api/trpc/auth.session",
  "/api/trpc/auth.logout",
  "/api/trpc/auth.session,auth.demoHint",
  "/healthz",
  "/",
  "/afternoon-tea",
  "/checkout",
  "/confirmation",
  "/admin/login",
  "/no-such-page",
];

/** Mostly the methods the server serves, so most requests reach a route; the rest are refused at the door. */
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant("POST") },
  { weight: 5, arbitrary: fc.constant("GET") },
  { weight: 3, arbitrary: fc.constantFrom("HEAD", "PATCH", "DELETE") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "QUERY", "REPORT", "PURGE") },
);

/** A path as a visitor or a scanner would send it: as listed, with junk appended, or percent-mangled. */
const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom("/", "//", "/..", "/%2e%2e", "/%00", "/%c0", ".json", ";x", "/%ff%fe", "/\u00e9"))
    .map(([p, tail]) => `${p}${tail}`),
  fc.tuple(fc.constantFrom("/api/payments/", "/api/", "/api/trpc/", "/assets/"), anyText(30)).map(([p, tail]) => `${p}${encodeURIComponent(tail)}`),
);

const queryValue = fc.oneof(anyText(20), fc.constantFrom(THURSDAY, "afternoonTea", "table", "2027-02-30", "%", "%zz", "[]", "a&b=c", "0".repeat(500)));
const query = fc.option(
  fc.dictionary(fc.constantFrom("date", "type", "token", "search", "page", "input", "batch", "__proto__", "constructor", "x"), queryValue, { maxKeys: 4 }),
  { nil: undefined },
);

/** One good body with one field replaced, removed or added; or anything at all. */
const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...Object.values(GOOD).flat()),
        fc.constantFrom(
          "type",
          "date",
          "time",
          "guests",
          "email",
          "amount",
          "metadata",
          "voucherType",
          "clientSecret",
          "card",
          "website",
          "username",
          "__proto__",
          "extra",
        ),
        fc.oneof(notAString, anyText(30), fc.constant(undefined)),
      )
      .map(([good, key, value]) => JSON.stringify({ ...good, [key]: value })),
  },
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  deepJunk.map((v) => JSON.stringify(v)),
  anyText(200),
  fc.constantFrom("", "{", "null", "[]", '{"a":', "\u0000", "{}".repeat(5000), '{"__proto__":{"polluted":true}}'),
);

const headerValue = fc.string({ maxLength: 60 }).map((v) => v.replace(/[^\x20-\x7e]/g, "") || "x");
const headers = fc.record(
  {
    "content-type": fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "APPLICATION/JSON",
      "application/json;;",
    ),
    origin: fc.constantFrom(
      "http://localhost:3000",
      "http://localhost:3000",
      "http://localhost:3000",
      "https://evil.example",
      "null",
      "http://admin.localhost:3000",
    ),
    "sec-fetch-site": fc.constantFrom("same-origin", "same-origin", "same-origin", "cross-site", "same-site", "none"),
    cookie: headerValue.map((v) => `tearoom_session=${v}`),
    "x-forwarded-for": fc.constantFrom("203.0.113.9", "1.2.3.4, 5.6.7.8", "not-an-address", "::1", ""),
    "stripe-signature": headerValue,
    accept: fc.constantFrom("application/json", "text/html", "*/*", "image/avif"),
    "accept-encoding": fc.constantFrom("br", "gzip", "identity", "br;q=0, gzip;q=0"),
  },
  { requiredKeys: [] },
);

let s: TestServer;
let sent = 0;
const statuses = new Map<number, number>();

let dir: string;
beforeAll(async () => {
  // A small built site, so page paths are served as they are in production.
  dir = mkdtempSync(join(tmpdir(), "tearoom-fuzz-site-"));
  const page = (title: string) => `<!doctype html><html lang="en-GB"><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
  for (const [file, title] of [
    ["web/index.html", "Home"],
    ["web/404.html", "Not found"],
    ["web/shell.html", "Shell"],
    ["web/afternoon-tea/index.html", "Afternoon tea"],
    ["admin/index.html", "Admin"],
  ] as const) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), page(title));
  }
  // A generous public-write limit, so the rules behind it are reached too (the limit has its own tests).
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" }, spaRoots: { web: join(dir, "web"), admin: join(dir, "admin") } });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("fuzzing every public endpoint with any method, path, query, header and body", () => {
  it(`${GOAL} requests: never a 5xx, always the security headers, never a stack trace`, { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, headers, fc.option(body, { nil: undefined }), async (method, url, q, h, payload) => {
        sent++;
        const hasBody = payload !== undefined && !["GET", "HEAD"].includes(method);
        const options = {
          method: method as InjectOptions["method"],
          url,
          query: q as Record<string, string> | undefined,
          headers: h,
          ...(hasBody ? { payload } : {}),
        } as InjectOptions;
        const res = await s.app.inject(options);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${method} ${url} ${JSON.stringify(q ?? {})} ${JSON.stringify(h)} ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.headers["content-security-policy"], where).toContain("default-src 'self'");
        expect(res.headers["x-content-type-options"], where).toBe("nosniff");
        if (method !== "HEAD" && res.statusCode >= 400 && String(res.headers["content-type"] ?? "").startsWith("application/json")) {
          const answer = JSON.parse(res.body) as { message?: unknown; error?: { message?: unknown } } | { error?: { message?: unknown } }[];
          for (const a of Array.isArray(answer) ? answer : [answer]) expectReadableMessage(a.error?.message ?? (a as { message?: unknown }).message, where);
        }
      }),
      { numRuns: GOAL },
    );
  });

  it(`sent ${GOAL} requests, most of them refused, some accepted`, () => {
    expect(sent).toBeGreaterThanOrEqual(GOAL);
    const count = (test: (status: number) => boolean) => [...statuses].filter(([st]) => test(st)).reduce((n, [, c]) => n + c, 0);
    // The mix reaches past the guards: refusals of every kind, and real successes.
    expect(count((st) => st === 405)).toBeGreaterThan(100);
    expect(count((st) => st === 400)).toBeGreaterThan(100);
    expect(count((st) => st < 300)).toBeGreaterThan(100);
  });
});
