import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../app.js";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { databaseFingerprint } from "./fuzz-kit.js";

/**
 * Oversized bodies (R5): every write path answers 413 with a readable message and writes
 * nothing, whether the size is declared up front, streamed in chunks without a length, or huge;
 * the limit is the documented one, and the server keeps serving afterwards.
 */

let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
const writes: { method: string; path: string; body: Record<string, unknown>; staff?: true }[] = [
  { method: "POST", path: "/api/bookings", body: { type: "table", date: "2027-06-10", time: "12:00", guests: 2, ...contact, diningPreference: "lunch" } },
  { method: "POST", path: "/api/contact", body: { ...contact, enquiryType: "general-enquiry", message: "Hello there, tearoom!" } },
  { method: "POST", path: "/api/newsletter/subscribe", body: { email: "reader@example.com" } },
  { method: "POST", path: "/api/create-payment-intent", body: { voucherType: "monetary", amount: 50 } },
  { method: "POST", path: "/api/payments/voucher-details", body: { clientSecret: "pi_x_secret_y" } },
  { method: "POST", path: "/api/payments/demo/confirm", body: { clientSecret: "pi_x_secret_y" } },
  { method: "POST", path: "/api/payments/demo/authenticate", body: { payment_intent: "pi_x", client_secret: "pi_x_secret_y", approve: true } },
  { method: "POST", path: "/api/admin/login", body: { username: "admin", password: "tearoom-demo" } },
  { method: "POST", path: "/api/trpc/auth.login", body: { username: "admin", password: "tearoom-demo" } },
  { method: "POST", path: "/api/pricing", body: { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5 }, staff: true },
  { method: "PATCH", path: "/api/pricing/1", body: { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5 }, staff: true },
  { method: "POST", path: "/api/booking-settings", body: { settingKey: "big_note", settingValue: "x" }, staff: true },
  { method: "PATCH", path: "/api/booking-settings/hold_minutes", body: { value: "20" }, staff: true },
  { method: "POST", path: "/api/trpc/bookings.create", body: { type: "table", date: "2027-06-10", time: "12:00", guests: 2, ...contact }, staff: true },
];

/** The body with a padding field, serialised to exactly `bytes` bytes. */
function padded(body: Record<string, unknown>, bytes: number): string {
  const bare = JSON.stringify({ ...body, padding: "" });
  return JSON.stringify({ ...body, padding: "x".repeat(bytes - Buffer.byteLength(bare)) });
}

const TOO_LARGE = { message: "The request body is too large." };

describe("oversized bodies get 413 on every write path and write nothing (R5)", () => {
  it.each(writes.map((w) => [`${w.method} ${w.path}`, w] as const))("%s: one byte over the limit, and 4 MB", async (_name, w) => {
    for (const size of [BODY_LIMIT_BYTES + 1, 4 * 1024 * 1024]) {
      const before = databaseFingerprint(s.ctx.sqlite);
      const res = await s.request(w.path, {
        method: w.method,
        body: padded(w.body, size),
        headers: { "content-type": "application/json" },
        ...(w.staff ? { cookie } : {}),
      });
      expect(res.status, `${size} bytes`).toBe(413);
      expect(await res.json()).toEqual(TOO_LARGE);
      expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
    }
  });

  it("streamed in chunks without a Content-Length, over the limit", async () => {
    for (const w of writes) {
      const before = databaseFingerprint(s.ctx.sqlite);
      const text = padded(w.body, BODY_LIMIT_BYTES * 2);
      const chunks = text.match(/[\s\S]{1,8192}/g)!;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (w.staff) headers.cookie = cookie;
      const res = await fetch(`${s.url}${w.path}`, { method: w.method, headers, body: stream, duplex: "half" } as RequestInit);
      expect(res.status, `${w.method} ${w.path}`).toBe(413);
      expect(await res.json()).toEqual(TOO_LARGE);
      expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
    }
  });

  it("a Content-Length far over the limit is refused before the body arrives", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(s.url).port), "127.0.0.1");
      let data = "";
      socket.setTimeout(10_000, () => {
        socket.destroy();
        reject(new Error(`no answer; got ${JSON.stringify(data)}`));
      });
      socket.on("data", (d) => {
        data += d.toString("latin1");
        if (data.includes("\r\n\r\n") && data.includes("}")) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on("error", reject);
      socket.write(`POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{"type":`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(JSON.stringify(TOO_LARGE));
  });

  it("the limit is the documented one: a body of exactly the limit is read (and refused for its content)", async () => {
    const before = databaseFingerprint(s.ctx.sqlite);
    const res = await s.request("/api/contact", {
      body: padded({ name: "x".repeat(200), email: "ada@example.com" }, BODY_LIMIT_BYTES),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^name: /);
    expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
  });

  it("the Stripe webhook reads raw bodies up to 512 KB and refuses more", async () => {
    const res = await s.request("/api/stripe/webhook", {
      body: "x".repeat(512 * 1024 + 1),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it("after all that the server still answers and still takes bookings", async () => {
    expect((await s.request("/healthz")).status).toBe(200);
    const res = await s.request("/api/bookings", { json: writes[0]!.body });
    expect(res.status).toBe(201);
  });
});
