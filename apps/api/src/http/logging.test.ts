import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { startTestServer, type TestServer } from "../test/helpers.js";

const lines: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ logger: createLogger("info", (line) => lines.push(line)) });
});
afterAll(async () => s.close());

describe("request logs", () => {
  it("are one structured line per request, without bodies, query strings or personal data", async () => {
    await s.request("/api/bookings", {
      json: {
        type: "table",
        date: "2027-06-05",
        time: "12:00",
        guests: 2,
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "07700 900123",
        diningPreference: "lunch",
      },
    });
    await s.request("/api/newsletter/unsubscribe?token=secret-token-value&email=ada%40example.com");
    await s.request("/api/admin/login", { json: { username: "admin", password: "wrong-password" } });
    const requests = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === "request");
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, method: "POST", route: "/api/bookings", status: 201 }),
      expect.objectContaining({ method: "GET", route: "/api/newsletter/unsubscribe", status: 404 }),
      expect.objectContaining({ method: "POST", route: "/api/admin/login", status: 401 }),
    ]);
    expect(typeof requests[0].ms).toBe("number");
    const all = lines.join("\n");
    for (const secret of ["Ada", "ada@example.com", "ada%40", "07700", "secret-token-value", "wrong-password"]) expect(all).not.toContain(secret);
  });
});

describe("the logger's redaction of personal fields", () => {
  const logged = (log: (logger: ReturnType<typeof createLogger>) => void) => {
    const out: string[] = [];
    log(createLogger("info", (line) => out.push(line)));
    return out.map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  it("hides names, e-mails, phones, passwords, tokens, cookies and authorization at the top and nested, and keeps the facts", () => {
    const [entry] = logged((logger) =>
      logger.info(
        {
          event: "booking-failed",
          bookingId: 7,
          email: "ada@example.com",
          form: { name: "Ada Lovelace", phone: "07700 900123", guests: 2 },
          req: {
            method: "POST",
            headers: { cookie: "sid=abc123", authorization: "Bearer tok-456", "set-cookie": ["sid=abc123"], "content-type": "application/json" },
          },
          job: { payload: { body: { password: "hunter2-secret", token: "secret-token-value", recipientEmail: "grace@example.com" } } },
        },
        "booking failed",
      ),
    );
    const text = JSON.stringify(entry);
    for (const secret of ["ada@example.com", "Ada", "07700", "abc123", "tok-456", "hunter2", "secret-token-value", "grace@"])
      expect(text).not.toContain(secret);
    expect(entry).toMatchObject({
      level: 30,
      msg: "booking failed",
      event: "booking-failed",
      bookingId: 7,
      email: "[redacted]",
      form: { name: "[redacted]", phone: "[redacted]", guests: 2 },
      req: { method: "POST", headers: { cookie: "[redacted]", authorization: "[redacted]", "set-cookie": "[redacted]", "content-type": "application/json" } },
      job: { payload: { body: { password: "[redacted]", token: "[redacted]", recipientEmail: "[redacted]" } } },
    });
  });

  it("keeps child bindings, levels and errors as structured fields", () => {
    const entries = logged((logger) => {
      const child = logger.child({ worker: "mail" });
      child.debug("not at info");
      child.warn({ err: new Error("smtp refused"), email: "ada@example.com" }, "delivery failed");
      logger.error(new Error("boom"));
    });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      level: 40,
      worker: "mail",
      msg: "delivery failed",
      email: "[redacted]",
      err: { type: "Error", message: "smtp refused" },
    });
    expect(entries[1]).toMatchObject({ level: 50, msg: "boom", err: { type: "Error", message: "boom" } });
    expect(entries[0]).not.toHaveProperty("pid");
  });
});

/**
 * R42: no bearer token in any log line, for every route there is and every one added later. Each
 * route the server has (read from Fastify's own table) is called with a fresh secret in each of
 * its parameters, its query string and its body, by every method, on both hosts; so are the
 * front ends' pages that carry one. Then no secret may appear anywhere in the log, at any level.
 */
describe("no token in any log line (R42)", () => {
  const traced: string[] = [];
  let t: TestServer;
  let spa: string;
  beforeAll(async () => {
    spa = mkdtempSync(join(tmpdir(), "tearoom-log-spa-"));
    for (const app of ["web", "admin"]) {
      mkdirSync(join(spa, app, "assets"), { recursive: true });
      writeFileSync(join(spa, app, "index.html"), `<!doctype html><html lang="en-GB"><head><title>${app}</title></head><body></body></html>`);
      writeFileSync(join(spa, app, "assets", "app-1a2b3c.js"), "console.log(1)");
    }
    writeFileSync(join(spa, "admin", "routes.json"), JSON.stringify(["/admin", "/admin/login", "/admin/day"]));
    t = await startTestServer({
      logger: createLogger("trace", (line) => traced.push(line)),
      spaRoots: { web: join(spa, "web"), admin: join(spa, "admin") },
      env: { RATE_LIMIT_MAX: "100000" },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spa, { recursive: true, force: true });
  });

  /** One request over HTTP with this Host header (fetch would send the URL's own), its answer read to the end. */
  function send(method: string, path: string, host: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${t.url}${path}`, { method, headers: { ...headers, host } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** Every route's path pattern and methods, from Fastify's printed route tree. */
  function routeTable(): { path: string; methods: string[] }[] {
    const routes: { path: string; methods: string[] }[] = [];
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      stack.push(m[2]!);
      if (m[3]) routes.push({ path: stack.join(""), methods: m[3].split(", ") });
    }
    return routes;
  }

  it("every route, with a secret in each parameter, the query string and the body", async () => {
    const routes = routeTable();
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/manage/:token", "/api/manage/:token/cancel", "/voucher/print"]));
    const cookie = await t.login();
    const secrets: string[] = [];
    const secret = () => {
      const value = randomBytes(24).toString("base64url");
      secrets.push(value);
      return value;
    };
    for (const route of routes) {
      for (const method of route.methods.filter((m) => ["GET", "POST", "PATCH", "DELETE"].includes(m))) {
        for (const host of ["localhost:3000", "admin.localhost:3000"]) {
          const path = route.path.replace(/:[A-Za-z]+/g, () => secret()).replace(/\*$/, secret());
          const query = `token=${secret()}&code=${secret()}&email=${secret()}%40example.com`;
          const body = method === "GET" ? undefined : JSON.stringify({ token: secret(), clientSecret: secret(), code: secret() });
          await send(method, `${path}?${query}`, host, { cookie, "content-type": "application/json", origin: `http://${host}` }, body);
        }
      }
    }
    // The pages that carry a token, and paths no route has.
    await send("GET", "/assets/app-1a2b3c.js", "localhost:3000");
    for (const path of [
      `/booking/${secret()}`,
      `/booking/${secret()}/`,
      `/booking/${secret()}/extra`,
      `/pay/${secret()}`,
      `/${secret()}`,
      `/assets/${secret()}.js`,
    ]) {
      for (const host of ["localhost:3000", "admin.localhost:3000"]) await send("GET", path, host);
    }
    await send("GET", `/admin/${secret()}`, "admin.localhost:3000");
    await send("GET", "/admin/day", "admin.localhost:3000");
    // A request's line is written once its answer has gone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = traced.join("\n");
    const leaked = secrets.filter((value) => log.includes(value));
    expect(leaked.length, `${leaked.length} of ${secrets.length} secrets logged, e.g. ${traced.find((l) => leaked.some((v) => l.includes(v)))}`).toBe(0);
    // The lines are there, with the patterns instead.
    const entries = traced.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "request");
    expect(entries.length).toBeGreaterThan(routes.length);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "GET", route: "/api/manage/:token", status: 404 }),
        expect.objectContaining({ method: "GET", route: "/booking/:token", status: 200 }),
        expect.objectContaining({ method: "GET", route: "/pay/:token", status: 200 }),
        expect.objectContaining({ method: "GET", route: "/assets/app-1a2b3c.js" }),
        expect.objectContaining({ method: "GET", route: "(not found)", status: 404 }),
        expect.objectContaining({ method: "GET", route: "/admin/day", status: 200 }),
      ]),
    );
  }, 60_000);
});
