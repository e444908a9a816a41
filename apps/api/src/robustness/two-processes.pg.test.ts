import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context.js";
import { createAppContext } from "../composition-root.js";
import { loadEnv } from "../env.js";
import { updateSetting } from "../bookings/services/booking-settings.js";
import { insertHundredPoundVoucher } from "../test/vouchers.js";
import { onPostgres, testDatabase, type TestDatabase } from "../test/pg-databases.js";

/**
 * Issue 21, decision 021: two API *processes* (the server as deployed, each with its own pool,
 * writer, mail worker and sweeper) on one PostgreSQL database, behind a round-robin. Seat holds,
 * payments confirmed at both at once, and voucher spends race over real HTTP: 0 overbooked,
 * 0 double fulfilments, 0 overspent. two-instances.pg.test.ts covers the same in one process,
 * with a pinned clock; this one proves nothing in the process is shared by accident.
 */

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
let dir: string;
let database: TestDatabase;
let reader: AppContext;
const servers: { child: ChildProcess; base: string }[] = [];
let visitor = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: base },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

/** A POST to server `i % 2`, from a client address of its own (R23 limits each address). */
function post(i: number, path: string, body: object): Promise<Response> {
  const { base } = servers[i % 2]!;
  const n = ++visitor;
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `10.7.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify(body),
  });
}

/** A Wednesday at least two weeks ahead: always open, always bookable online. */
function aWednesdayAhead(): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const tea = (date: string, time: string, i: number, voucherCode?: string) => ({
  amount: 59.9,
  metadata: {
    type: "afternoon-tea",
    date,
    time,
    guests: 2,
    teaType: "traditional",
    name: `Racer ${i}`,
    email: `process-racer-${i}@example.com`,
    phone: "07700 900123",
    ...(voucherCode ? { voucherCode } : {}),
  },
});

describe.skipIf(!onPostgres())("two server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tearoom-two-processes-"));
    database = await testDatabase(dir);
    const env = {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...database.env,
      TRUST_PROXY: "true",
      RATE_LIMIT_MAX: "100000",
      SCRYPT_COST: "10",
      PAYMENT_PROVIDER: "demo",
    };
    // Both start at once, as a deployment's instances do: migrations and the seed run once.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    reader = await createAppContext(loadEnv(env));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")))),
      ),
    );
    await reader?.close();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds racing for one slot never overbook it, and payments confirmed at both processes are fulfilled once each", async () => {
    const date = aWednesdayAhead();
    await updateSetting(reader, "afternoon_tea_covers_per_slot", "10", "test");
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i, "/api/create-payment-intent", tea(date, "14:00", i))));
    const held = answers.filter((r) => r.status === 200);
    expect(held).toHaveLength(5);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);

    // Every hold paid for at both processes at the same moment (a double click, a retried request).
    const secrets = await Promise.all(held.map(async (r) => ((await r.json()) as { clientSecret: string }).clientSecret));
    await Promise.all(
      secrets.flatMap((clientSecret) =>
        [0, 1].map((i) => post(i, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" })),
      ),
    );
    const rows = await reader.db.selectFrom("bookings").select(["guests", "status"]).where("date", "=", date).where("time", "=", "14:00").execute();
    expect(rows.filter((r) => r.status !== "cancelled").reduce((n, r) => n + r.guests, 0)).toBe(10);
    expect(rows.filter((r) => r.status === "confirmed")).toHaveLength(5);
    const confirmations = await reader.db
      .selectFrom("outbox")
      .select("to_address")
      .where("kind", "=", "afternoon-tea-confirmation")
      .where("to_address", "like", "process-racer-%")
      .execute();
    expect(confirmations).toHaveLength(5);
    expect(new Set(confirmations.map((c) => c.to_address)).size).toBe(5);
  });

  it("voucher spends racing at both processes never take more than the voucher holds (R36)", async () => {
    const date = aWednesdayAhead();
    await updateSetting(reader, "afternoon_tea_covers_per_slot", "200", "test");
    const code = "TEA-PRCS-ABCD-EFGH";
    await insertHundredPoundVoucher(reader.db, {
      code,
      printToken: "e".repeat(32),
      createdAt: new Date().toISOString(),
      expiryDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => post(i, "/api/create-payment-intent", tea(date, "15:00", 100 + i, code))));
    const ok = await Promise.all(
      answers.filter((r) => r.status === 200).map((r) => r.json() as Promise<{ voucherAppliedPence: number; clientSecret: string | null }>),
    );
    expect(ok.reduce((n, a) => n + a.voucherAppliedPence, 0)).toBe(10_000);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);

    // The card parts paid at both processes at once: each voucher part is redeemed once.
    await Promise.all(
      ok
        .flatMap((a) => (a.clientSecret ? [a.clientSecret] : []))
        .flatMap((clientSecret) =>
          [0, 1].map((i) => post(i, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" })),
        ),
    );
    const voucher = await reader.db.selectFrom("gift_vouchers").selectAll().where("voucher_code", "=", code).executeTakeFirstOrThrow();
    const ledger = await reader.db.selectFrom("voucher_ledger").selectAll().where("voucher_id", "=", voucher.id).execute();
    expect(ledger.filter((e) => e.kind === "redemption" || e.kind === "reservation").reduce((n, e) => n + (e.amount_pence ?? 0), 0)).toBe(10_000);
    expect(voucher.remaining).toBe(0);
  });
});
