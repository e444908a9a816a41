import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { createFileTransport } from "../mail/transports.js";
import { startTestServer, type TestServer } from "../test/helpers.js";

/**
 * R27: public answers reveal nothing extra. Methods no route serves are 405 (TRACE on a tRPC path
 * was a 500); Fastify's and Node's own refusals carry the security headers and echo nothing; the
 * files holding guests' details are the server user's alone.
 */

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  port = Number(new URL(s.url).port);
});
afterAll(() => s.close());

/** Sends bytes on a fresh socket and reads everything until the server closes it. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 5_000).unref();
  });
}

function expectSecurityHeaders(headers: Headers | Record<string, string>): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get("content-security-policy")).toContain("default-src 'self'");
  expect(get("x-content-type-options")).toBe("nosniff");
  expect(get("x-frame-options")).toBe("DENY");
  expect(get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

function parseRaw(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, body = ""] = answer.split("\r\n\r\n");
  const [statusLine, ...lines] = head!.split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine!.split(" ")[1]), headers, body };
}

describe("unsupported methods answer 405, never 500", () => {
  for (const [method, path] of [
    ["TRACE", "/api/trpc/auth.session"],
    ["TRACE", "/"],
    ["OPTIONS", "/api/bookings"],
    ["PUT", "/api/bookings"],
    ["PUT", "/api/trpc/auth.login"],
    ["PROPFIND", "/"],
    ["SEARCH", "/api/site"],
    ["QUERY", "/api/availability"],
  ] as const) {
    it(`${method} ${path}`, async () => {
      const res = await s.app.inject({ method: method as "GET", url: path });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST, PATCH, DELETE");
      expect(res.json()).toEqual({ message: `The method ${method} is not allowed.` });
      expectSecurityHeaders(res.headers as Record<string, string>);
    });
  }

  it("CONNECT, which Node hands over as a bare socket", async () => {
    const answer = parseRaw(await rawExchange("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"));
    expect(answer.status).toBe(405);
    expectSecurityHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({ message: "The method CONNECT is not allowed." });
  });
});

describe("Fastify's and Node's own refusals", () => {
  it("a malformed path (/%c0) is a 400 with the security headers that does not echo the path", async () => {
    for (const path of ["/%c0", "/api/%c0<script>", "/admin/%ff%fe"]) {
      const res = await s.request(path);
      expect(res.status).toBe(400);
      expectSecurityHeaders(res.headers);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: "The address is not valid." });
      expect(text).not.toContain("%c0");
      expect(text).not.toContain("FST_");
    }
  });

  it("a path segment longer than any id is a 414 with the security headers that does not echo it", async () => {
    const res = await s.request(`/api/payments/${"9".repeat(300)}/status`);
    expect(res.status).toBe(414);
    expectSecurityHeaders(res.headers);
    expect(await res.text()).toBe(JSON.stringify({ message: "The address is too long." }));
  });

  it("a request line Node cannot parse is a 400 with the security headers", async () => {
    const answer = parseRaw(await rawExchange("GET /\u0001 HTTP/1.1\r\n\r\n"));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request could not be read." });
  });

  it("headers larger than Node accepts are a 431 with the security headers", async () => {
    const answer = parseRaw(await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer.headers);
  });
});

/** The keys of an answer, and what kind of value each holds, with references and secrets by their format. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, shape(v)])
        .sort(),
    );
  if (typeof value === "string") {
    if (/^TR-[A-Z0-9]{6}$/.test(value)) return "reference";
    if (/^pi_[a-z0-9]+_secret_[a-z0-9]+$/i.test(value)) return "client secret";
    if (/^pi_[a-z0-9]+$/i.test(value)) return "intent id";
    if (!Number.isNaN(Date.parse(value)) && value.includes("T")) return "instant";
  }
  return typeof value;
}

describe("public answers name bookings by reference, and a honeypot answer looks like any other (R27)", () => {
  const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
  const cases: [string, Record<string, unknown>][] = [
    ["/api/bookings", { type: "table", date: "2027-06-10", time: "12:00", guests: 2, ...contact, diningPreference: "lunch" }],
    ["/api/bookings", { type: "secretGarden", date: "2027-06-10", time: "14:00", guests: 2, ...contact, gardenSpotId: "pond-pavilion", includeWine: true }],
    ["/api/contact", { ...contact, enquiryType: "general-enquiry", message: "Hello there, tearoom!" }],
    [
      "/api/create-payment-intent",
      { amount: 59.9, metadata: { type: "afternoon-tea", date: "2027-06-11", time: "13:00", guests: 2, teaType: "traditional", ...contact } },
    ],
    ["/api/create-payment-intent", { voucherType: "afternoonTea", amount: 59.9, people: 2 }],
  ];

  for (const [path, body] of cases) {
    it(`${path} ${String(body.type ?? body.voucherType ?? (body.metadata ? "afternoon tea" : ""))}`, async () => {
      const real = await s.request(path, { json: body });
      const realBody = await real.json();
      const caught = await s.request(path, { json: { ...body, website: "https://spam.example" } });
      const caughtBody = await caught.json();
      expect(caught.status).toBe(real.status);
      expect(shape(caughtBody)).toEqual(shape(realBody));
      expect(JSON.stringify(realBody)).not.toMatch(/"id":/);
      // The same numbers a real answer would carry (the wine total, the price).
      if ("amountPence" in realBody) expect(caughtBody.amountPence).toBe(realBody.amountPence);
    });
  }

  it("voucher details", async () => {
    const intent = await (await s.request("/api/create-payment-intent", { json: { voucherType: "monetary", amount: 50 } })).json();
    const details = {
      clientSecret: intent.clientSecret,
      voucherType: "monetary",
      amount: 75,
      recipientName: "Bea",
      recipientEmail: "bea@example.com",
      senderName: "Ada",
      senderEmail: "ada@example.com",
    };
    const caught = await s.request("/api/payments/voucher-details", { json: { ...details, website: "x" } });
    const real = await s.request("/api/payments/voucher-details", { json: details });
    expect(caught.status).toBe(200);
    expect(await caught.json()).toEqual(await real.json());
  });
});

describe("files holding guests' details are created 0600", () => {
  it("the database, its WAL and shared-memory files, and an existing database opened again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tearoom-modes-"));
    const file = join(dir, "data", "tearoom.sqlite");
    const { db, sqlite } = openDatabase(file);
    sqlite.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    expect(statSync(join(dir, "data")).mode & 0o777).toBe(0o700);
    await db.destroy();

    // A database created by an earlier version with the usual 0644.
    const old = join(dir, "old.sqlite");
    writeFileSync(old, "", { mode: 0o644 });
    const reopened = openDatabase(old);
    expect(statSync(old).mode & 0o777).toBe(0o600);
    await reopened.db.destroy();
  });

  it("the .eml files of the outbox", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "tearoom-modes-")), "outbox");
    await createFileTransport(dir).send(
      { id: 7, kind: "booking-confirmed", to: "ada@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>", attachments: [] },
      "Tearoom <hello@example.com>",
    );
    expect(statSync(join(dir, "000007-booking-confirmed.eml")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
