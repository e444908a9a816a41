import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers.js";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

/** Calls a procedure as the admin app's httpBatchLink does (GET for queries, POST for mutations). */
async function call(path: string, input: unknown, opts: { mutation?: boolean; auth?: boolean } = {}) {
  const auth = opts.auth === false ? undefined : cookie;
  const res = opts.mutation
    ? await s.request(`/api/trpc/${path}`, { json: input ?? {}, cookie: auth })
    : await s.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { cookie: auth });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: { code: string } } };
  return { status: res.status, data: body.result?.data as any, error: body.error };
}

describe("day sheet and closures over tRPC (the admin app)", () => {
  it.each([
    ["daySheet.get", false],
    ["daySheet.arrival", true],
    ["closures.list", false],
    ["closures.preview", false],
    ["closures.close", true],
    ["closures.reopen", true],
  ] as const)("%s answers UNAUTHORIZED without a session (R1)", async (path, mutation) => {
    const result = await call(path, {}, { mutation, auth: false });
    expect(result.status).toBe(401);
  });

  it("reads the day sheet, and names the field of a bad date", async () => {
    const ok = await call("daySheet.get", { date: "2027-06-09" });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ date: "2027-06-09", open: true, bookings: [] });
    expect(ok.data.slots.length).toBeGreaterThan(0);
    const bad = await call("daySheet.get", { date: "2027-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/^date: /);
  });

  it("closes and reopens a date; arrival on an unknown booking is NOT_FOUND", async () => {
    const closed = await call("closures.close", { date: "2027-06-24", cancelBookings: false }, { mutation: true });
    expect(closed.data).toMatchObject({ date: "2027-06-24", closed: true, cancelled: [] });
    expect((await call("closures.list", undefined)).data.dates).toContain("2027-06-24");
    expect((await call("closures.reopen", { date: "2027-06-24" }, { mutation: true })).data).toMatchObject({ closed: false });
    const missing = await call("daySheet.arrival", { id: 999999, status: "arrived" }, { mutation: true });
    expect(missing.status).toBe(404);
  });
});
