import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_UNAVAILABLE_MESSAGE } from "../errors.js";
import { onPostgres, testDatabaseUrl, withDatabase } from "../test/pg-databases.js";
import { startTestServer, TEST_NOW, type TestServer } from "../test/helpers.js";

/** The health answer is kept for a second (http/health.ts); a test that changed something waits it out. */
const nextAnswer = () => new Promise((resolve) => setTimeout(resolve, 1_100));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
});
afterAll(async () => s.close());

// The clock is Wednesday 2 June 2027 (TEST_NOW); the Saturday after is open.
const table = {
  type: "table",
  date: "2027-06-05",
  time: "12:00",
  guests: 2,
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "01234 567890",
  diningPreference: "lunch",
};

describe("GET /healthz (R41)", () => {
  it("on a fresh app: the database stores, and no e-mail waits", async () => {
    const res = await s.request("/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", database: "ok", outbox: { queued: 0, oldestSeconds: 0 } });
  });

  it("counts the e-mails waiting to be sent and how long the oldest has waited", async () => {
    const booked = await s.request("/api/bookings", { json: table });
    expect(booked.status).toBe(201);
    // The guest's acknowledgement and the staff's notice, queued now; 90 seconds pass unsent.
    s.clock.now = new Date(TEST_NOW.getTime() + 90_000);
    await nextAnswer();
    const res = await s.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok", outbox: { queued: 2, oldestSeconds: 90 } });
    s.clock.now = TEST_NOW;
  });

  it("is described in the OpenAPI document with both answers", async () => {
    const doc = await (await s.request("/api/openapi.json")).json();
    const op = doc.paths["/healthz"].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "503"]));
    const schema = op.responses["503"].content["application/json"].schema;
    expect(schema.properties.reason.enum).toContain("full disk");
    expect(schema.properties.outbox).toBeDefined();
  });
});

// A read-only database, as SQLite reports it (SQLITE_READONLY), on the connection the request
// thread writes with. A file system cannot be remounted read-only under a process holding files
// open for writing (EBUSY), so the real file test is the full disk (robustness/storage-failure.test.ts).
describe.skipIf(onPostgres())("a read-only database (R41)", () => {
  it("answers writes 503 with Retry-After and a plain message, on REST and tRPC; /healthz fails; all resumes without a restart", async () => {
    const cookie = await s.login();
    const enquiries = () => (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n;
    const before = enquiries();
    const enquiry = { name: "Ada", email: "ada@example.com", phone: "", enquiryType: "group-booking", message: "A table for twelve, please." };
    const price = { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false };

    s.ctx.sqlite.pragma("query_only = ON");
    try {
      const rest = await s.request("/api/contact", { json: enquiry });
      expect(rest.status).toBe(503);
      expect(rest.headers.get("retry-after")).toBe("60");
      expect(await rest.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });

      const trpc = await s.request("/api/trpc/pricing.create", { json: price, cookie });
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get("retry-after")).toBe("60");
      const { error } = await trpc.json();
      expect(error.message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
      expect(error.data.code).toBe("SERVICE_UNAVAILABLE");

      // Reads still work, so the list of e-mails waiting is still there.
      const health = await s.request("/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "failing", database: "failing", reason: "read-only", outbox: { queued: 2, oldestSeconds: 0 } });
      expect(enquiries()).toBe(before);
    } finally {
      s.ctx.sqlite.pragma("query_only = OFF");
    }

    await nextAnswer();
    expect((await s.request("/healthz")).status).toBe(200);
    expect((await s.request("/api/contact", { json: enquiry })).status).toBe(201);
    expect((await s.request("/api/trpc/pricing.create", { json: price, cookie })).status).toBe(200);
    expect(enquiries()).toBe(before + 1);
  });
});

// PostgreSQL read-only (a standby, or default_transaction_read_only): SQLSTATE 25006. A database
// setting reaches new sessions only, so the test waits for the pools to close their idle
// connections (pg's idleTimeoutMillis, 10 s) before and after.
describe.skipIf(!onPostgres())("a read-only PostgreSQL database (R41)", () => {
  const poolsReconnect = () => new Promise((resolve) => setTimeout(resolve, 10_500));

  it("answers writes 503 with Retry-After and a plain message; /healthz says read-only; all resumes without a restart", async () => {
    const cookie = await s.login();
    const name = new URL(s.ctx.env.DATABASE_URL).pathname.slice(1);
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: withDatabase(testDatabaseUrl()!, "postgres") });
    await admin.connect();
    const enquiry = { name: "Ada", email: "ada@example.com", phone: "", enquiryType: "group-booking", message: "A table for twelve, please." };
    try {
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
      await poolsReconnect();
      for (const res of [
        await s.request("/api/contact", { json: enquiry }),
        await s.request("/api/bookings", { json: { ...table, name: "Read-only", email: "read-only@example.com" } }),
        await s.request("/api/trpc/pricing.create", { json: { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false }, cookie }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("60");
        const body = await res.json();
        expect(body.message ?? body.error.message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
      }
      const health = await s.request("/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "failing", database: "failing", reason: "read-only" });
    } finally {
      await admin.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
      await admin.end();
    }
    await poolsReconnect();
    expect((await s.request("/healthz")).status).toBe(200);
    expect((await s.request("/api/contact", { json: enquiry })).status).toBe(201);
    expect((await s.request("/api/bookings", { json: { ...table, name: "Writable again", email: "again@example.com" } })).status).toBe(201);
  }, 60_000);
});
