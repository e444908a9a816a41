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
      expect.objectContaining({ level: 30, method: "POST", route: "/api/bookings", path: "/api/bookings", status: 201 }),
      expect.objectContaining({ method: "GET", route: "/api/newsletter/unsubscribe", path: "/api/newsletter/unsubscribe", status: 404 }),
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
