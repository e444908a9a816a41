import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_STAFF } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaffUser } from "../staff/data/staff.js";
import { startTestServer } from "../test/helpers.js";
import { hashPassword, scryptParams } from "../staff/services/passwords.js";

/**
 * R22: a database first run in demo mode keeps the demo staff account. Started in production, the
 * demo password must fail from the very first request: no window while a check runs after start.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-seed-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRODUCTION = { NODE_ENV: "production", PAYMENT_PROVIDER: "demo", PUBLIC_ORIGIN: "http://localhost:3000" };

/** A database seeded in demo mode, with a staff session opened by the demo pair; returns its cookie. */
async function demoDatabase(file: string, extra?: { username: string; password: string }): Promise<string> {
  const demo = await startTestServer({ env: { DATABASE_URL: file } });
  try {
    if (extra)
      await insertStaffUser(demo.ctx.db, {
        username: extra.username,
        password_hash: await hashPassword(extra.password, scryptParams(10)),
        created_at: new Date().toISOString(),
      });
    return await demo.login();
  } finally {
    await demo.close();
  }
}

describe("a production start on a database from demo mode (R22)", () => {
  it("with ADMIN_USERNAME=admin and its own password: the demo password and its sessions fail at the first request", async () => {
    const file = join(dir, "same-name.sqlite");
    const demoCookie = await demoDatabase(file);
    const prod = await startTestServer({ env: { ...PRODUCTION, DATABASE_URL: file, ADMIN_USERNAME: DEMO_STAFF.username, ADMIN_PASSWORD: "a-long-secret" } });
    try {
      expect((await prod.request("/api/admin/login", { json: DEMO_STAFF })).status).toBe(401);
      expect((await prod.request("/api/admin/session", { cookie: demoCookie })).status).toBe(401);
      expect((await prod.request("/api/admin/login", { json: { username: DEMO_STAFF.username, password: "a-long-secret" } })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it("with another ADMIN_USERNAME: the demo account and any account with the demo password are gone", async () => {
    const file = join(dir, "other-name.sqlite");
    const demoCookie = await demoDatabase(file, { username: "helper", password: DEMO_STAFF.password });
    const prod = await startTestServer({ env: { ...PRODUCTION, DATABASE_URL: file, ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "a-long-secret" } });
    try {
      // The very first requests: each waits for the production check of the staff accounts.
      expect((await prod.request("/api/admin/session", { cookie: demoCookie })).status).toBe(401);
      expect((await prod.request("/api/admin/login", { json: DEMO_STAFF })).status).toBe(401);
      expect((await prod.request("/api/admin/login", { json: { username: "helper", password: DEMO_STAFF.password } })).status).toBe(401);
      const accounts = await prod.ctx.db.selectFrom("staff_users").select("username").execute();
      expect(accounts.map((a) => a.username)).toEqual(["manager"]);
      expect(await prod.ctx.db.selectFrom("staff_sessions").selectAll().execute()).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  it("keeps an account whose password is its own", async () => {
    const file = join(dir, "kept.sqlite");
    await demoDatabase(file, { username: "helper", password: "helpers-own-password" });
    const prod = await startTestServer({ env: { ...PRODUCTION, DATABASE_URL: file, ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "a-long-secret" } });
    try {
      expect((await prod.request("/api/admin/login", { json: { username: "helper", password: "helpers-own-password" } })).status).toBe(200);
      // R40: the configured account is the owner; the kept one stays staff.
      const roles = await prod.ctx.db.selectFrom("staff_users").select(["username", "role"]).orderBy("username").execute();
      expect(roles).toEqual([
        { username: "helper", role: "staff" },
        { username: "manager", role: "owner" },
      ]);
    } finally {
      await prod.close();
    }
  });
});

describe("the owner (R40)", () => {
  it("an account configured by ADMIN_USERNAME that was staff becomes the owner", async () => {
    const file = join(dir, "promoted.sqlite");
    await demoDatabase(file, { username: "manager", password: "managers-password" });
    const next = await startTestServer({ env: { DATABASE_URL: file, ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "managers-password" } });
    try {
      const row = await next.ctx.db.selectFrom("staff_users").select("role").where("username", "=", "manager").executeTakeFirstOrThrow();
      expect(row.role).toBe("owner");
    } finally {
      await next.close();
    }
  });
});
