import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test/helpers.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe("server basics", () => {
  it("answers /healthz with security headers", async () => {
    const res = await s.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(res.headers.get("content-security-policy")).toContain("https://js.stripe.com");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await s.request("/api/nope?email=a@b.c");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found: GET /api/nope" });
  });

  it("signs in over tRPC and REST alike", async () => {
    const cookie = await s.login();
    const res = await s.request("/api/trpc/auth.session", { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toEqual({ username: "admin", role: "owner" });
    const anon = await s.request("/api/trpc/pricing.list");
    expect(anon.status).toBe(401);
  });
});
