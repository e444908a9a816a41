import { DEMO_STAFF } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";
import { LOGIN_LIMITS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./auth.js";
import { hashPassword, verifyPassword } from "./passwords.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const trpcData = async (res: Response) => ((await res.json()) as { result: { data: unknown } }).result.data;

describe("passwords", () => {
  it("are hashed with scrypt at OWASP cost and verified in constant time", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });

  it("the seeded demo account stores no plain password", () => {
    const row = s.ctx.sqlite.prepare("SELECT username, password_hash FROM staff_users").all() as { username: string; password_hash: string }[];
    expect(row.map((r) => r.username)).toEqual([DEMO_STAFF.username]);
    expect(row[0]!.password_hash).not.toContain(DEMO_STAFF.password);
    // The test server's SCRYPT_COST=10; production's cost is the one asserted above.
    expect(row[0]!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });
});

describe("REST sign-in (R1)", () => {
  it("sets an HttpOnly, SameSite=Strict, host-only cookie; a new token each time; session and logout", async () => {
    const res = await s.request("/api/admin/login", { json: DEMO_STAFF });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: "admin", role: "owner" });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^tearoom_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(setCookie).not.toMatch(/Domain/i);
    const cookie = cookieOf(res);

    const again = cookieOf(await s.request("/api/admin/login", { json: DEMO_STAFF, cookie }));
    expect(again).not.toBe(cookie);

    // Only a hash of the token is stored.
    const token = cookie.split("=")[1]!;
    const stored = s.ctx.sqlite.prepare("SELECT token_hash FROM staff_sessions").all() as { token_hash: string }[];
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

    expect(await (await s.request("/api/admin/session", { cookie })).json()).toEqual({ username: "admin", role: "owner" });
    const out = await s.request("/api/admin/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^tearoom_session=; .*Expires=Thu, 01 Jan 1970/);
    // Revoked on the server: the old cookie no longer works.
    expect((await s.request("/api/admin/session", { cookie })).status).toBe(401);
    expect((await s.request("/api/pricing", { cookie })).status).toBe(401);
    expect((await s.request("/api/pricing", { cookie: again })).status).toBe(200);
  });

  it.each([
    [{ username: "", password: "x" }, 400, "username: Username is required"],
    [{ username: "admin", password: "" }, 400, "password: Password is required"],
    [{ username: "admin", password: "wrong" }, 401, "Invalid username or password"],
    [{ username: "nobody", password: "wrong" }, 401, "Invalid username or password"],
  ])("refuses %j", async (json, status, text) => {
    const res = await s.request("/api/admin/login", { json });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message: text });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("shows the demo hint on the embedded default only (R2)", async () => {
    expect(await (await s.request("/api/admin/demo-hint")).json()).toEqual(DEMO_STAFF);
  });
});

describe("session expiry (R1)", () => {
  it("ends after the idle time, and after the absolute time even when used", async () => {
    const cookie = cookieOf(await s.request("/api/admin/login", { json: DEMO_STAFF }));
    try {
      s.clock.now = new Date(TEST_NOW.getTime() + SESSION_IDLE_MS - 60_000);
      expect((await s.request("/api/admin/session", { cookie })).status).toBe(200);
      s.clock.now = new Date(TEST_NOW.getTime() + 2 * SESSION_IDLE_MS - 120_000); // within idle of the last use
      expect((await s.request("/api/admin/session", { cookie })).status).toBe(200);
      s.clock.now = new Date(s.clock.now.getTime() + SESSION_IDLE_MS + 1000);
      expect((await s.request("/api/admin/session", { cookie })).status).toBe(401);

      s.clock.now = TEST_NOW;
      const busy = cookieOf(await s.request("/api/admin/login", { json: DEMO_STAFF }));
      for (let t = 0; t < SESSION_ABSOLUTE_MS; t += SESSION_IDLE_MS / 2) {
        s.clock.now = new Date(TEST_NOW.getTime() + t);
        expect((await s.request("/api/admin/session", { cookie: busy })).status).toBe(200);
      }
      s.clock.now = new Date(TEST_NOW.getTime() + SESSION_ABSOLUTE_MS);
      expect((await s.request("/api/admin/session", { cookie: busy })).status).toBe(401);
    } finally {
      s.clock.now = TEST_NOW;
    }
  });
});

describe("tRPC auth", () => {
  it("login sets the cookie, session reads it, logout revokes it", async () => {
    const res = await s.request("/api/trpc/auth.login", { json: DEMO_STAFF });
    expect(res.status).toBe(200);
    expect(await trpcData(res)).toEqual({ username: "admin", role: "owner" });
    const cookie = cookieOf(res);
    expect(await trpcData(await s.request("/api/trpc/auth.session", { cookie }))).toEqual({ username: "admin", role: "owner" });
    expect(await trpcData(await s.request("/api/trpc/auth.session"))).toBeNull();
    expect(await trpcData(await s.request("/api/trpc/auth.demoHint"))).toEqual(DEMO_STAFF);
    expect((await s.request("/api/trpc/auth.logout", { json: {}, cookie })).status).toBe(200);
    expect(await trpcData(await s.request("/api/trpc/auth.session", { cookie }))).toBeNull();
  });

  it("refuses a bad password with 401 and a bad field with 400", async () => {
    let res = await s.request("/api/trpc/auth.login", { json: { username: "admin", password: "nope" } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Invalid username or password");
    res = await s.request("/api/trpc/auth.login", { json: { username: "admin" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("password: Password is required");
  });
});

describe("failed sign-ins are limited per (username, address) and per address (R25)", () => {
  it("blocks a username from the address that guessed it, until the window passes; REST and tRPC both say when to retry", async () => {
    const other = await startTestServer();
    try {
      for (let i = 0; i < LOGIN_LIMITS.perPair; i++) {
        expect((await other.request("/api/admin/login", { json: { username: "admin", password: `guess-${i}` } })).status).toBe(401);
      }
      const locked = await other.request("/api/admin/login", { json: DEMO_STAFF });
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({ message: "Too many failed sign-in attempts. Please wait a few minutes and try again." });
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      const trpc = await other.request("/api/trpc/auth.login", { json: DEMO_STAFF });
      expect(trpc.status).toBe(429);
      expect(Number(trpc.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(trpc.headers.get("retry-after"))).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);

      other.clock.now = new Date(TEST_NOW.getTime() + LOGIN_LIMITS.windowMs + 1000);
      expect((await other.request("/api/admin/login", { json: DEMO_STAFF })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("limits one address trying many usernames", async () => {
    const other = await startTestServer();
    try {
      for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
        expect((await other.request("/api/admin/login", { json: { username: `user${i}`, password: "x" } })).status).toBe(401);
      }
      expect((await other.request("/api/admin/login", { json: DEMO_STAFF })).status).toBe(429);
    } finally {
      await other.close();
    }
  }, 180_000);
});

describe("configured staff credentials (R2)", () => {
  it("replace the demo pair and hide the hint", async () => {
    const other = await startTestServer({ env: { ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "a-long-secret" } });
    try {
      expect((await other.request("/api/admin/login", { json: DEMO_STAFF })).status).toBe(401);
      expect((await other.request("/api/admin/login", { json: { username: "manager", password: "a-long-secret" } })).status).toBe(200);
      expect(await (await other.request("/api/admin/demo-hint")).json()).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe("production over HTTPS (R1)", () => {
  it("uses a Secure cookie with the __Host- prefix, HSTS, and no demo hint", async () => {
    const prod = await startTestServer({
      env: {
        NODE_ENV: "production",
        ADMIN_USERNAME: "manager",
        ADMIN_PASSWORD: "a-long-secret",
        PUBLIC_ORIGIN: "https://tearoom.example.co.uk",
        PAYMENT_PROVIDER: "demo",
      },
    });
    try {
      const res = await prod.request("/api/admin/login", { json: { username: "manager", password: "a-long-secret" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/^__Host-tearoom_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const cookie = cookieOf(res);
      expect((await prod.request("/api/admin/session", { cookie })).status).toBe(200);
      expect((await prod.request("/api/admin/session", { cookie: cookie.replace("__Host-", "") })).status).toBe(401);
      expect(await (await prod.request("/api/admin/demo-hint")).json()).toBeNull();
    } finally {
      await prod.close();
    }
  });
});
