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
    await s.request("/api/bookings", { json: { type: "table", date: "2027-06-05", time: "12:00", guests: 2, name: "Ada Lovelace", email: "ada@example.com", phone: "07700 900123", diningPreference: "lunch" } });
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
