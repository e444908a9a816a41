import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, startTestServer, type TestServer } from "../test/helpers.js";
import { inlineScriptHashes } from "./security.js";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  // TRUST_PROXY: the bookings below come from visitors of their own (R23 limits one address).
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const booking = {
  type: "table",
  date: "2027-06-05",
  time: "12:00",
  guests: 2,
  name: "Ada",
  email: "ada@example.com",
  phone: "0123",
  diningPreference: "lunch",
};
const bookingCount = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings").get() as { n: number }).n;

describe("security headers (R5)", () => {
  it.each(["/healthz", "/api/site", "/api/nope", "/", "/api/trpc/auth.session"])("on %s", async (path) => {
    const res = await s.request(path);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://www.openstreetmap.org");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("inline scripts in the CSP", () => {
  it("lists each inline script that runs by the SHA-256 of its text, once, and skips external scripts and data blocks", () => {
    const html = `<head><script data-web-fonts="/a.woff2">alert(1)</script><script>alert(1)</script><script type="module" src="/assets/index.js"></script>
      <script type="application/ld+json">{"@type":"CafeOrCoffeeShop"}</script></head>`;
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("allows the built public site's inline script, on every response", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tearoom-csp-"));
    mkdirSync(join(dir, "web"));
    writeFileSync(join(dir, "web", "index.html"), '<!doctype html><head><script data-web-fonts="">alert(1)</script></head><div id="root"></div>');
    const site = await startTestServer({ spaRoots: { web: join(dir, "web"), admin: join(dir, "admin") } });
    try {
      for (const path of ["/", "/afternoon-tea", "/healthz"]) {
        const csp = (await site.request(path)).headers.get("content-security-policy")!;
        expect(csp).toContain("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' https://js.stripe.com;");
      }
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("cross-site requests change nothing (R5)", () => {
  it.each([
    ["REST public", "/api/bookings", booking],
    ["REST login", "/api/admin/login", { username: "admin", password: "tearoom-demo" }],
    ["tRPC", "/api/trpc/pricing.create", { name: "X", itemType: "traditional-afternoon-tea", price: 1 }],
  ])("%s: a foreign Origin gets 403", async (_label, path, json) => {
    const before = bookingCount();
    const res = await s.request(path, { json, cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-site requests are not allowed." });
    expect(bookingCount()).toBe(before);
  });

  it("Sec-Fetch-Site: cross-site gets 403, Origin null gets 403", async () => {
    expect((await s.request("/api/bookings", { json: booking, headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await s.request("/api/bookings", { json: booking, headers: { origin: "null" } })).status).toBe(403);
  });

  it("our own origins, same-origin requests and plain scripts (no Origin) pass", async () => {
    for (const origin of ["http://localhost:3000", "http://admin.localhost:3000", s.url]) {
      const res = await s.request("/api/bookings", { json: booking, headers: { origin, "sec-fetch-site": "same-origin" }, from: newVisitor() });
      expect(res.status).toBe(201);
    }
    expect((await s.request("/api/bookings", { json: booking, from: newVisitor() })).status).toBe(201);
  });

  it("a mutation by GET does not exist: tRPC answers 405", async () => {
    const res = await s.request("/api/trpc/auth.logout", { cookie });
    expect(res.status).toBe(405);
    expect((await s.request("/api/admin/session", { cookie })).status).toBe(200);
  });
});

describe("mutations accept JSON only", () => {
  const multipart = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nX\r\n--b--\r\n';
  it.each([
    ["multipart on tRPC", "/api/trpc/pricing.create", "multipart/form-data; boundary=b", multipart],
    ["multipart on REST", "/api/bookings", "multipart/form-data; boundary=b", multipart],
    ["urlencoded", "/api/contact", "application/x-www-form-urlencoded", "name=x"],
    ["text/plain", "/api/newsletter/subscribe", "text/plain", '{"email":"a@b.co"}'],
  ])("%s gets 415", async (_label, path, type, body) => {
    const res = await s.request(path, { body, cookie, headers: { "content-type": type } });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: "Send the request body as JSON (Content-Type: application/json)." });
  });

  it("a body without a content type gets 415; bad JSON gets 400", async () => {
    expect((await s.request("/api/contact", { body: "{}" })).status).toBe(415);
    const res = await s.request("/api/contact", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("an empty body with a JSON content type is fine where no body is needed", async () => {
    const res = await s.request("/api/admin/logout", { method: "POST", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
  });
});

describe("a public form sent before the page's script took it over", () => {
  const inquiries = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n;

  it("goes back to the same page with 303, keeping the page's query, and stores nothing", async () => {
    const before = inquiries();
    const form = "name=Ada&email=ada%40example.com&inquiryType=general&message=Hello+there+tearoom";
    let res = await s.request("/contact", { body: form, headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact");
    res = await s.request("/checkout?voucher=afternoon-tea", { body: "email=a%40b.co", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/checkout?voucher=afternoon-tea");
    expect(inquiries()).toBe(before);
  });

  it("is still refused on API paths, unknown paths and from other sites", async () => {
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect((await s.request("/api/contact", { body: "name=x", headers })).status).toBe(415);
    expect((await s.request("/not-a-page", { body: "name=x", headers })).status).toBe(415);
    expect((await s.request("//elsewhere.example/contact", { body: "name=x", headers })).status).toBe(415);
    expect((await s.request("/contact", { body: "name=x", headers: { ...headers, origin: "https://elsewhere.example" } })).status).toBe(403);
  });
});

describe("limits and errors", () => {
  it("a body over the limit gets 413 on REST and tRPC", async () => {
    const big = JSON.stringify({ ...booking, name: "x".repeat(100_000) });
    for (const path of ["/api/bookings", "/api/trpc/pricing.create"]) {
      const res = await s.request(path, { body: big, cookie, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "The request body is too large." });
    }
  });

  it("unknown API paths get a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await s.request("/api/unknown/thing", { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: `Not found: ${method} /api/unknown/thing` });
    }
    const trpc = await s.request("/api/trpc/nothing.here", { cookie });
    expect(trpc.status).toBe(404);
  });

  it("a server fault answers a plain message, never a stack trace", async () => {
    const broken = await startTestServer();
    try {
      broken.ctx.sqlite.exec("DROP TABLE inquiries");
      const res = await broken.request("/api/contact", {
        json: { name: "Ada", email: "ada@example.com", enquiryType: "general-enquiry", message: "Hello there, tearoom" },
      });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: "Something went wrong on our side. Please try again." });
      expect(text).not.toMatch(/at .*\.ts|stack|sqlite/i);
      const trpc = await broken.request("/api/trpc/inquiries.list", { cookie: await broken.login() });
      expect(trpc.status).toBe(500);
      const body = await trpc.text();
      expect(JSON.parse(body).error.message).toBe("Something went wrong on our side. Please try again.");
      expect(body).not.toMatch(/stack|sqlite|\.ts:/i);
    } finally {
      await broken.close();
    }
  });
});

describe("rate limits on public writes (R5)", () => {
  it("allow RATE_LIMIT_MAX per address per minute, then 429 with Retry-After", async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_MAX: "3" } });
    try {
      const sub = (i: number) => limited.request("/api/newsletter/subscribe", { json: { email: `r${i}@example.com` } });
      expect([(await sub(1)).status, (await sub(2)).status, (await sub(3)).status]).toEqual([202, 202, 202]);
      const res = await sub(4);
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ message: "Too many requests. Please wait a minute and try again." });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.request("/api/bookings", { json: booking })).status).toBe(429);
      expect((await limited.request("/api/availability?type=table&date=2027-06-05")).status).toBe(200);
      limited.clock.now = new Date(limited.clock.now.getTime() + 61_000);
      expect((await sub(5)).status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe("never a 500 for anything a client can send", () => {
  const anyJson = fc.oneof(
    fc.jsonValue(),
    fc.record({
      type: fc.oneof(fc.constantFrom("afternoonTea", "table", "picnicHamper", "secretGarden"), fc.string()),
      date: fc.oneof(fc.constantFrom("2027-06-05", "2027-02-29", "2027-06-07", "1999-01-01"), fc.string()),
      time: fc.oneof(fc.constantFrom("12:00", "18:00", "25:00"), fc.string()),
      guests: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double(), fc.string()),
      name: fc.string(),
      email: fc.oneof(fc.emailAddress(), fc.string()),
      phone: fc.string(),
      teaType: fc.oneof(fc.constantFrom("traditional", "champagne"), fc.string()),
      gardenSpotId: fc.oneof(fc.constantFrom("rose-garden", "pond-pavilion"), fc.string()),
      includeWine: fc.oneof(fc.boolean(), fc.string()),
      enquiryType: fc.string(),
      message: fc.string(),
      username: fc.string(),
      password: fc.string(),
      isActive: fc.anything(),
      price: fc.oneof(fc.double(), fc.string()),
      itemType: fc.string(),
    }),
  );
  const targets = [
    ["POST", "/api/bookings"],
    ["POST", "/api/contact"],
    ["POST", "/api/newsletter/subscribe"],
    ["POST", "/api/pricing"],
    ["PATCH", "/api/pricing/1"],
    ["PATCH", "/api/bookings/1"],
    ["POST", "/api/bookings/1/decline"],
    ["POST", "/api/bookings/2/confirm"],
    ["PATCH", "/api/newsletters/1/status"],
    ["POST", "/api/booking-settings"],
    ["PATCH", "/api/booking-settings/opening_time"],
    ["POST", "/api/trpc/bookings.create"],
    ["POST", "/api/trpc/pricing.update"],
    ["POST", "/api/trpc/bookingSettings.update"],
  ] as const;

  it("random bodies to every write", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), anyJson, async ([method, path], body) => {
        const res = await s.request(path, { method, json: body, cookie });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        const text = await res.text();
        if (res.status >= 400) expect(text).not.toMatch(/"stack"/);
      }),
      { numRuns: 300 },
    );
  });

  it("valid requests with one or two fields replaced by anything", async () => {
    const valid: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/bookings", booking],
      [
        "POST",
        "/api/bookings",
        {
          type: "secretGarden",
          date: "2027-06-05",
          time: "18:00",
          guests: 2,
          name: "Ada",
          email: "ada@example.com",
          phone: "0123",
          gardenSpotId: "rose-garden",
          includeWine: true,
        },
      ],
      [
        "POST",
        "/api/trpc/bookings.create",
        {
          type: "secretGarden",
          date: "2027-06-09",
          time: "12:00",
          guests: 2,
          name: "Ada",
          email: "ada@example.com",
          phone: "0123",
          gardenSpotId: "pond-pavilion",
        },
      ],
      ["POST", "/api/trpc/bookings.update", { id: 1, date: "2027-06-09", time: "12:00", guests: 2, name: "Ada", email: "ada@example.com", phone: "0123" }],
      [
        "PATCH",
        "/api/bookings/1",
        {
          date: "2027-06-09",
          time: "12:00",
          guests: 2,
          name: "Ada",
          email: "ada@example.com",
          phone: "0123",
          staffNotes: "Window",
          notifyGuest: false,
          acceptWarnings: true,
        },
      ],
      ["POST", "/api/trpc/bookings.decline", { id: 1, reason: "Full" }],
      ["POST", "/api/contact", { name: "Ada", email: "ada@example.com", enquiryType: "general-enquiry", message: "Hello there, tearoom" }],
      ["POST", "/api/newsletter/subscribe", { email: "fuzz@example.com", source: "popup" }],
      ["POST", "/api/pricing", { name: "X", itemType: "traditional-afternoon-tea", price: 1, isActive: true }],
      ["POST", "/api/booking-settings", { settingKey: "fuzz_key", settingValue: "x" }],
      ["PATCH", "/api/booking-settings/closed_dates", { value: "2027-12-25" }],
      ["POST", "/api/trpc/newsletters.setStatus", { id: 1, isActive: true }],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...valid),
        fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.anything()), { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        async ([method, path, base], changes, useKnownKeys) => {
          const body: Record<string, unknown> = { ...base };
          const keys = Object.keys(base);
          for (const [key, value] of changes) body[useKnownKeys ? keys[key.length % keys.length]! : key] = value;
          const res = await s.request(path, { method, json: body, cookie });
          expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("random query strings and paths", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.webPath(), async (type, date, path) => {
        const q = new URLSearchParams({ type, date, gardenSpotId: date });
        for (const url of [
          `/api/availability?${q}`,
          `/api/bookings?${new URLSearchParams({ type, date, page: type })}`,
          `/api/newsletter/unsubscribe?token=${encodeURIComponent(type)}`,
          `/api${path}`,
        ]) {
          const res = await s.request(url, { cookie });
          expect(res.status, url).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });
});
