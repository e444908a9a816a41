import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { badBodies, databaseFingerprint, describeRequest, expectRefused, junkIdSegment, notAString, strictId, tooLong, type Breaker } from "./fuzz-kit.js";

/** R40's account writes, fuzzed as fuzz-admin.test.ts does the others: a readable 4xx, nothing written. */

let s: TestServer;
let cookie: string;
let staffId = 0;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "1000000" } });
  cookie = await s.login();
  const res = await s.request("/api/staff-users", { json: { username: "mabel", password: "long-enough-1" }, cookie });
  expect(res.status).toBe(201);
  staffId = (await res.json()).id;
});
afterAll(async () => s.close());

async function refusedAndUnchanged(method: string, path: string, body: unknown): Promise<void> {
  const before = databaseFingerprint(s.ctx.sqlite);
  const res = await s.request(path, { method, json: body, cookie });
  const context = describeRequest(method, path, body);
  await expectRefused(res, context);
  expect(databaseFingerprint(s.ctx.sqlite), `${context}: the database changed`).toEqual(before);
}

const username: Breaker = fc.oneof(
  notAString,
  fc.constantFrom("", "x", "has space", "admin", "ADMIN", "mabel", "a/b", "<script>"),
  tooLong(60).map((v) => (typeof v === "string" ? v.replace(/[^a-z]/gi, "a") : v)),
);
const password: Breaker = fc.oneof(notAString, fc.constantFrom("", "short", "1234567", "tearoom-demo"), tooLong(200));
const role: Breaker = fc.oneof(notAString, fc.constantFrom("", "Owner", "admin", "root", "staff "));
const createBase = { username: "fuzzed-user", password: "long-enough-1", role: "staff" };
// The current password is wrong in every body, so even a well-formed new one is refused.
const changeBase = { currentPassword: "not-the-password", newPassword: "long-enough-2" };

describe("fuzzing the account writes: bad input gets a readable 4xx and writes nothing", { timeout: 90_000 }, () => {
  it("POST /api/staff-users", () =>
    fc.assert(
      fc.asyncProperty(badBodies(createBase, { username, password, role }, ["username", "password"]), (body) =>
        refusedAndUnchanged("POST", "/api/staff-users", body),
      ),
      { numRuns: 120 },
    ));

  it("POST /api/staff-users/{id}/password", () =>
    fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badBodies({ password: "long-enough-3" }, { password }, ["password"]).map((body) => ({ path: `/api/staff-users/${staffId}/password`, body })),
          fc
            .tuple(junkIdSegment(), fc.constantFrom<unknown>({ password: "long-enough-3" }, {}, null))
            .map(([id, body]) => ({ path: `/api/staff-users/${id}/password`, body })),
        ),
        ({ path, body }) => refusedAndUnchanged("POST", path, body),
      ),
      { numRuns: 100 },
    ));

  it("DELETE /api/staff-users/{id}", () =>
    fc.assert(
      fc.asyncProperty(junkIdSegment(), (id) => refusedAndUnchanged("DELETE", `/api/staff-users/${id}`, undefined)),
      { numRuns: 60 },
    ));

  it("POST /api/admin/password", () =>
    fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(changeBase),
          badBodies(changeBase, { currentPassword: fc.oneof(notAString, fc.constant(""), tooLong(200)), newPassword: password }, [
            "currentPassword",
            "newPassword",
          ]),
        ),
        (body) => refusedAndUnchanged("POST", "/api/admin/password", body),
      ),
      { numRuns: 80 },
    ));

  it("tRPC staffUsers and auth.changePassword", () =>
    fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badBodies(createBase, { username, password, role }).map((input) => ({ procedure: "staffUsers.create", input })),
          badBodies({ id: staffId, password: "long-enough-3" }, { id: strictId(), password }).map((input) => ({
            procedure: "staffUsers.resetPassword",
            input,
          })),
          badBodies({ id: staffId }, { id: strictId() }).map((input) => ({ procedure: "staffUsers.remove", input })),
          badBodies(changeBase, { newPassword: password }).map((input) => ({ procedure: "auth.changePassword", input })),
        ),
        ({ procedure, input }) => refusedAndUnchanged("POST", `/api/trpc/${procedure}`, input),
      ),
      { numRuns: 150 },
    ));
});
