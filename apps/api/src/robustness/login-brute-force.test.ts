import { request } from "node:http";
import { DEMO_STAFF } from "@tearoom/domain";
import { afterEach, describe, expect, it } from "vitest";
import { LOGIN_LIMITS, TOO_MANY_LOGINS_MESSAGE } from "../staff/services/auth.js";
import { startTestServer, type TestServer } from "../test/helpers.js";

/**
 * Guessing staff passwords (R1, R25): every guess costs a memory-hard scrypt hash (for unknown
 * usernames too), and failed guesses are counted per (username, address) and per address, so a
 * guesser is refused (429) after LOGIN_LIMITS, also when the guesses arrive all at once or try
 * many usernames. A username guessed elsewhere is never locked for its owner.
 *
 * Real loopback addresses (127.0.0.x) stand for different clients; X-Forwarded-For is only
 * believed behind a trusted proxy (TRUST_PROXY), so here it must not change anything.
 */

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((x) => x.close()));
  servers = [];
});
// At OWASP's scrypt cost, as in production: the timing floor below is the point of these tests.
const FULL_COST = { SCRYPT_COST: "17" };
async function server(): Promise<TestServer> {
  const s = await startTestServer({ env: FULL_COST });
  servers.push(s);
  return s;
}

interface Attempt {
  status: number;
  retryAfter: string | undefined;
  message: string;
  ms: number;
}

/** One sign-in over a fresh connection from `localAddress`. */
function signIn(s: TestServer, localAddress: string, json: unknown, headers: Record<string, string> = {}): Promise<Attempt> {
  const started = performance.now();
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: Number(new URL(s.url).port),
        localAddress,
        method: "POST",
        path: "/api/admin/login",
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          const retry = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof retry === "string" ? retry : undefined,
            message: (JSON.parse(text) as { message: string }).message,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A hash of OWASP cost takes far longer than this on any machine; a refusal without hashing need not. */
const HASH_FLOOR_MS = 40;

function expectLockedOut(attempts: Attempt[], limit: number): void {
  const failed = attempts.filter((a) => a.status === 401);
  const refused = attempts.filter((a) => a.status === 429);
  expect(failed.length + refused.length, JSON.stringify(attempts.map((a) => a.status))).toBe(attempts.length);
  // Never more guesses checked than the limit, however many arrive together.
  expect(failed.length).toBeLessThanOrEqual(limit);
  expect(refused.length).toBeGreaterThanOrEqual(attempts.length - limit);
  for (const a of failed) {
    expect(a.message).toBe("Invalid username or password");
    expect(a.ms, "each checked guess costs a full password hash").toBeGreaterThanOrEqual(HASH_FLOOR_MS);
  }
  for (const a of refused) {
    expect(a.message).toBe(TOO_MANY_LOGINS_MESSAGE);
    expect(Number(a.retryAfter)).toBeGreaterThan(0);
  }
}

describe("login brute force is slowed down, then refused (R1, R25)", { timeout: 120_000 }, () => {
  it("a username guessed from many addresses at once never locks its owner out: the right password from a fresh address signs in", async () => {
    const s = await server();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        // Case does not make a new username.
        signIn(s, `127.0.0.${10 + i}`, { username: i % 3 === 0 ? "ADMIN" : i % 3 === 1 ? "Admin" : "admin", password: `guess-${i}` }),
      ),
    );
    expect(attempts.map((a) => a.status)).toEqual(Array(8).fill(401));

    const owner = await signIn(s, "127.0.0.99", DEMO_STAFF);
    expect(owner.status).toBe(200);
  });

  it("one (username, address) pair guessing at once: at most the pair's limit is checked, then that pair is refused; the same address may still sign in as someone else", async () => {
    const s = await server();
    const burst = LOGIN_LIMITS.perPair + 8;
    const attempts = await Promise.all(Array.from({ length: burst }, (_, i) => signIn(s, "127.0.0.4", { username: "admin", password: `guess-${i}` })));
    expectLockedOut(attempts, LOGIN_LIMITS.perPair);

    expect((await signIn(s, "127.0.0.4", DEMO_STAFF)).status).toBe(429);
    expect((await signIn(s, "127.0.0.5", DEMO_STAFF)).status).toBe(200);
    expect((await signIn(s, "127.0.0.4", { username: "someone-else", password: "wrong" })).status).toBe(401);
  });

  it("one address trying many usernames at once (spoofing X-Forwarded-For): at most the per-address limit is checked; other addresses still sign in", async () => {
    const s = await server();
    const burst = LOGIN_LIMITS.perIp + 8;
    const attempts = await Promise.all(
      Array.from({ length: burst }, (_, i) => signIn(s, "127.0.0.1", { username: `user${i}`, password: "wrong" }, { "x-forwarded-for": `203.0.113.${i}` })),
    );
    expectLockedOut(attempts, LOGIN_LIMITS.perIp);

    const same = await signIn(s, "127.0.0.1", DEMO_STAFF, { "x-forwarded-for": "198.51.100.7" });
    expect(same.status).toBe(429);
    const elsewhere = await signIn(s, "127.0.0.2", DEMO_STAFF);
    expect(elsewhere.status).toBe(200);
  });

  it("behind a trusted proxy (TRUST_PROXY=true, one hop), 120 sign-ins whose first X-Forwarded-For entry changes each time are one client: at most the per-address limit is checked (R24)", async () => {
    const s = await startTestServer({ env: { ...FULL_COST, TRUST_PROXY: "true" } });
    servers.push(s);
    // The proxy appends the address it saw (198.51.100.20); everything left of it is the client's own writing.
    const attempts = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        signIn(s, "127.0.0.1", { username: `user${i}`, password: "wrong" }, { "x-forwarded-for": `10.${i}.0.1, 198.51.100.20` }),
      ),
    );
    expectLockedOut(attempts, LOGIN_LIMITS.perIp);
    // Another visitor reaching the same proxy is a different client.
    expect((await signIn(s, "127.0.0.1", DEMO_STAFF, { "x-forwarded-for": "198.51.100.21" })).status).toBe(200);
  });

  it("a successful sign-in does not use up the address's allowance (staff sharing an office address)", async () => {
    const s = await server();
    for (let i = 0; i < 2; i++) expect((await signIn(s, "127.0.0.3", DEMO_STAFF)).status).toBe(200);
    const wrong = await Promise.all(Array.from({ length: LOGIN_LIMITS.perIp - 1 }, (_, i) => signIn(s, "127.0.0.3", { username: `typo${i}`, password: "x" })));
    expect(wrong.every((a) => a.status === 401)).toBe(true);
    expect((await signIn(s, "127.0.0.3", DEMO_STAFF)).status).toBe(200);
  });
});
