import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDirectory, nightlyBackupName } from "../backup/nightly.js";
import type { AppContext } from "../context.js";
import { START, teaRequest } from "../payments/testing/harness.js";
import { jsonSerializerCompiler } from "../rest/openapi.js";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { onPostgres } from "../test/pg-databases.js";
import type { Health, HealthCheck } from "./health.js";
import { metrics } from "./metrics.js";

const TOKEN = "metrics-token-for-tests-0123456789";
const MANAGE_TOKEN = "a".repeat(43);

let off: TestServer;
let on: TestServer;
let site: string;
beforeAll(async () => {
  // A built public site, whose not-found page answers any path no route serves.
  site = mkdtempSync(join(tmpdir(), "tearoom-metrics-site-"));
  mkdirSync(join(site, "web"));
  writeFileSync(join(site, "web", "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(join(site, "web", "404.html"), "<!doctype html><title>Not found</title>");
  const spaRoots = { web: join(site, "web"), admin: join(site, "admin") };
  [off, on] = await Promise.all([startTestServer({ spaRoots }), startTestServer({ env: { METRICS_TOKEN: TOKEN }, now: START })]);
});
afterAll(async () => {
  await Promise.all([off.close(), on.close()]);
  rmSync(site, { recursive: true, force: true });
});

const scrape = (s: TestServer, authorization?: string) => s.request("/metrics", authorization ? { headers: { authorization } } : {});

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN: a path like any other the site does not have", async () => {
    for (const res of [await scrape(off), await scrape(off, `Bearer ${TOKEN}`)]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("<title>Not found</title>");
    }
  });

  it("is in the OpenAPI document, with its bearer scheme, only where it exists", async () => {
    const docOn = await (await on.request("/api/openapi.json")).json();
    expect(docOn.paths["/metrics"].get).toMatchObject({ operationId: "getMetrics", security: [{ metricsToken: [] }] });
    expect(docOn.components.securitySchemes.metricsToken).toMatchObject({ type: "http", scheme: "bearer" });
    const docOff = await (await off.request("/api/openapi.json")).json();
    expect(docOff.paths["/metrics"]).toBeUndefined();
    expect(docOff.components.securitySchemes.metricsToken).toBeUndefined();
  });

  it("wants the token as a bearer token: none, another or another scheme is a 401", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, "Bearer "]) {
      const res = await scrape(on, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("tearoom_");
    }
  });

  it("counts requests by route pattern, bookings and payments by outcome, and the outbox and writer", async () => {
    // The clock is Monday 1 June 2026 (the payments harness' START); Friday is open, Monday closed.
    const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
    const table = { type: "table", time: "12:00", guests: 2, diningPreference: "lunch", ...contact };
    expect((await on.request("/api/bookings", { json: { ...table, date: "2026-06-05" } })).status).toBe(201);
    expect((await on.request("/api/bookings", { json: { ...table, date: "2026-06-08" } })).status).toBe(400);
    const intent = await (await on.request("/api/create-payment-intent", { json: teaRequest() })).json();
    const paid = await on.request("/api/payments/demo/confirm", {
      json: { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation" },
    });
    expect(paid.status).toBe(200);
    // A manage link's token is a secret (R37, R42): it must never become a label.
    expect((await on.request(`/api/manage/${MANAGE_TOKEN}`)).status).toBe(404);
    expect((await on.request(`/api/no-such-path/${MANAGE_TOKEN}?token=${MANAGE_TOKEN}`)).status).toBe(404);

    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain('tearoom_http_request_duration_seconds_count{method="POST",route="/api/bookings",status="201"} 1');
    expect(text).toContain('tearoom_http_request_duration_seconds_count{method="POST",route="/api/bookings",status="400"} 1');
    expect(text).toContain('tearoom_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/bookings",status="201"}');
    expect(text).toContain('tearoom_http_request_duration_seconds_count{method="GET",route="/api/manage/:token",status="404"} 1');
    expect(text).toContain('tearoom_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toContain(MANAGE_TOKEN);
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('tearoom_bookings_total{source="public",status="pending",outcome="created"} 1');
    expect(text).toContain('tearoom_bookings_total{source="public",status="pending",outcome="refused"} 1');
    expect(text).toContain('tearoom_bookings_total{source="public",status="held",outcome="created"} 1');
    expect(text).toContain('tearoom_payments_total{kind="afternoon-tea",outcome="fulfilled"} 1');
    // The request's two e-mails and the paid tea's two, none sent (no delivery runs in tests).
    expect(text).toMatch(/^tearoom_outbox_queued 4$/m);
    expect(text).toMatch(/^tearoom_outbox_oldest_seconds 0$/m);
    expect(text).toMatch(/^tearoom_database_writable 1$/m);
    expect(text).toMatch(/^tearoom_writer_queue_depth 0$/m);
    // No nightly backup taken yet: the gauge is described, with no value.
    expect(text).toContain("# TYPE tearoom_backup_age_seconds gauge");
    expect(text).not.toMatch(/^tearoom_backup_age_seconds /m);
  });

  // Nightly backups are SQLite's; on PostgreSQL they are pg_dump's, and the gauge has no value.
  it.skipIf(onPostgres())("reports the newest nightly backup's age (backup/nightly.ts)", async () => {
    const dir = backupDirectory(on.ctx.env);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, nightlyBackupName("2026-05-31"));
    writeFileSync(file, "");
    const twoHoursBefore = new Date(START.getTime() - 2 * 3600_000);
    utimesSync(file, twoHoursBefore, twoHoursBefore);
    const text = await (await scrape(on, `Bearer ${TOKEN}`)).text();
    expect(text).toMatch(/^tearoom_backup_age_seconds 7200$/m);
  });
});

describe("the metrics' backup age", () => {
  const health: HealthCheck = { check: async (): Promise<Health> => ({ status: "ok", database: "ok", outbox: { queued: 0, oldestSeconds: 0 } }) };
  const ctx = { env: { METRICS_TOKEN: TOKEN }, writer: { queueDepth: () => 3 }, cache: new Map(), logger: { error: () => undefined } } as unknown as AppContext;

  async function scrapeWith(backupAgeSeconds?: () => number | null): Promise<string> {
    const app = Fastify();
    app.setSerializerCompiler(jsonSerializerCompiler); // the routes' schemas are zod's, as in app.ts
    await app.register(metrics, { ctx, health, backupAgeSeconds });
    const res = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    await app.close();
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it("reports what the backup module gives, and nothing while it has no backup to report", async () => {
    expect(await scrapeWith(() => 3600)).toMatch(/^tearoom_backup_age_seconds 3600$/m);
    expect(await scrapeWith(() => null)).not.toMatch(/^tearoom_backup_age_seconds /m);
    expect(await scrapeWith()).toMatch(/^tearoom_writer_queue_depth 3$/m);
  });
});
