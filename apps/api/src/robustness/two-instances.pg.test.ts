import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { AppContext } from "../context.js";
import { createAppContext } from "../composition-root.js";
import { loadEnv } from "../env.js";
import { createLimiter } from "../rate-limit.js";
import { deliverDueMail } from "../mail/delivery.js";
import { START, TEA_DATE, teaRequest } from "../payments/testing/harness.js";
import { LOGIN_LIMITS } from "../staff/services/auth.js";
import { updateSetting } from "../bookings/services/booking-settings.js";
import { sendDueReminders } from "../bookings/services/reminders.js";
import { insertHundredPoundVoucher } from "../test/vouchers.js";
import { onPostgres, testDatabase, type TestDatabase } from "../test/pg-databases.js";

/**
 * Decision 021: two API instances on one PostgreSQL database, each with its own pool, writer,
 * mail delivery and clock, as two processes behind a load balancer. Concurrent seat holds,
 * payments and voucher spends go to both: none may overbook, fulfil twice or overspend, and the
 * outbox is delivered once. PostgreSQL only (TEST_DATABASE_URL).
 */

interface Instance {
  ctx: AppContext;
  app: FastifyInstance;
}

let dir: string;
let database: TestDatabase;
let instances: Instance[] = [];
let visitor = 0;
/** The tearoom's clock, shared by both instances. */
let now = START;

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

/** A POST to instance `i % 2`, from a client address of its own (R23 limits each address). */
async function post(i: number, url: string, payload: object) {
  const n = ++visitor;
  return instances[i % 2]!.app.inject({ method: "POST", url, payload, remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}` });
}

const db = () => instances[0]!.ctx.db;

describe.skipIf(!onPostgres())("two instances on one PostgreSQL database", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tearoom-two-instances-"));
    database = await testDatabase(dir);
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...database.env,
      PUBLIC_ORIGIN: "http://localhost:4999",
      RATE_LIMIT_MAX: "100000",
      SCRYPT_COST: "10",
      PAYMENT_PROVIDER: "demo",
    });
    // Both start at once: migrations and the seed must each run once.
    const contexts = await Promise.all([0, 1].map(() => createAppContext(env, { now: () => now })));
    instances = await Promise.all(
      contexts.map(async (ctx) => {
        const app = await buildApp({ ctx, spaRoots: { web: dir, admin: dir } });
        await app.ready();
        return { ctx, app };
      }),
    );
  });

  afterAll(async () => {
    for (const { app, ctx } of instances) {
      await app.close();
      await ctx.close();
    }
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("seeded once, though both started together", async () => {
    const settings = await db()
      .selectFrom("booking_settings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const staff = await db().selectFrom("staff_users").select("username").execute();
    const keys = await db().selectFrom("booking_settings").select("setting_key").groupBy("setting_key").execute();
    expect(Number(settings.n)).toBe(keys.length);
    expect(staff).toHaveLength(1);
  });

  it("holds racing for one slot from both instances never overbook it, and each payment is fulfilled once", async () => {
    await updateSetting(instances[0]!.ctx, "afternoon_tea_covers_per_slot", "10", "test");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i, "/api/create-payment-intent", teaRequest({ guests: 2, email: `racer${i}@example.com`, time: "14:00" }))),
    );
    const held = answers.filter((r) => r.statusCode === 200);
    expect(held).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);

    const rows = await db().selectFrom("bookings").select(["guests", "status"]).where("date", "=", TEA_DATE).where("time", "=", "14:00").execute();
    expect(rows.reduce((n, r) => n + r.guests, 0)).toBe(10);

    // Every hold paid for at both instances at the same moment (a double click, a retried request).
    const secrets = held.map((r) => (r.json() as { clientSecret: string }).clientSecret);
    await Promise.all(
      secrets.flatMap((clientSecret) =>
        [0, 1].map((i) => post(i, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" })),
      ),
    );
    const bookings = await db().selectFrom("bookings").select(["status", "reference"]).where("date", "=", TEA_DATE).where("time", "=", "14:00").execute();
    expect(bookings.map((b) => b.status)).toEqual(Array(5).fill("confirmed"));
    const payments = await db().selectFrom("payments").select(["status", "booking_id"]).execute();
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(5);
    const confirmations = await db().selectFrom("outbox").select("to_address").where("kind", "=", "afternoon-tea-confirmation").execute();
    expect(confirmations).toHaveLength(5);
    expect(new Set(confirmations.map((c) => c.to_address)).size).toBe(5);
  });

  it("voucher spends racing at both instances never take more than the voucher holds (R36)", async () => {
    await updateSetting(instances[0]!.ctx, "afternoon_tea_covers_per_slot", "200", "test");
    const code = "TEA-RACE-ABCD-EFGH";
    await insertHundredPoundVoucher(db(), { code, printToken: "f".repeat(32), createdAt: "2026-01-01T10:00:00.000Z", expiryDate: "2027-01-01" });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const body = teaRequest({ guests: 2, email: `spender${i}@example.com`, time: "15:00" });
        return post(i, "/api/create-payment-intent", { ...body, metadata: { ...body.metadata, voucherCode: code } });
      }),
    );
    const taken = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as { voucherAppliedPence: number }).voucherAppliedPence);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);

    // Each part-paid hold's card payment made at both instances at once: the voucher is redeemed once each.
    const secrets = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => (r.json() as { clientSecret: string | null }).clientSecret)
      .filter((s): s is string => s !== null);
    await Promise.all(
      secrets.flatMap((clientSecret) =>
        [0, 1].map((i) => post(i, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" })),
      ),
    );
    const voucher = await db().selectFrom("gift_vouchers").selectAll().where("voucher_code", "=", code).executeTakeFirstOrThrow();
    const ledger = await db().selectFrom("voucher_ledger").selectAll().where("voucher_id", "=", voucher.id).execute();
    const spent = ledger.filter((e) => e.kind === "redemption" || e.kind === "reservation").reduce((n, e) => n + (e.amount_pence ?? 0), 0);
    expect(spent).toBe(10_000);
    expect(voucher.remaining).toBe(0);
  });

  it("sign-in failures count against one budget across both instances (R25)", async () => {
    // Twelve wrong guesses at once, from one address, split between the instances: five are checked.
    const guess = (i: number) =>
      instances[i % 2]!.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: `wrong-${i}-guess` },
        remoteAddress: "10.8.0.1",
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i)));
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perPair);
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    // And afterwards either instance refuses.
    expect((await guess(0)).statusCode).toBe(429);
    expect((await guess(1)).statusCode).toBe(429);
  });

  it("reminders swept by both instances at once are queued once per booking (R38)", async () => {
    const confirmed = await db().selectFrom("bookings").select("id").where("status", "=", "confirmed").execute();
    expect(confirmed.length).toBeGreaterThan(4);
    // The teas are on TEA_DATE; a day before, every confirmed one is due its reminder.
    now = new Date(`${TEA_DATE}T08:00:00.000Z`);
    try {
      const queued = await Promise.all(instances.flatMap(({ ctx }) => [sendDueReminders(ctx), sendDueReminders(ctx)]));
      expect(queued.reduce((a, b) => a + b, 0)).toBe(confirmed.length);
    } finally {
      now = START;
    }
    const reminders = await db().selectFrom("outbox").select("to_address").where("kind", "=", "booking-reminder").execute();
    expect(reminders).toHaveLength(confirmed.length);
  });

  it("both instances delivering the outbox at once send each message once", async () => {
    const sent: number[] = [];
    const transport = {
      send: async (mail: { id: number }) => {
        sent.push(mail.id);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const queued = await db().selectFrom("outbox").select("id").where("status", "=", "pending").execute();
    expect(queued.length).toBeGreaterThan(10);
    // Some messages were queued at the tearoom's clock, some at the real one: a day past both.
    const later = () => new Date(Date.now() + 24 * 60 * 60_000);
    const pass = (i: number) =>
      deliverDueMail(
        {
          db: instances[i]!.ctx.db,
          record: (o) => instances[i]!.ctx.writer.recordMailOutcome(o),
          transport: transport as never,
          from: "t@example.com",
          now: later,
        },
        5,
      );
    for (let round = 0; round < 20; round++) await Promise.all([pass(0), pass(1)]);
    expect(sent.sort((a, b) => a - b)).toEqual(queued.map((q) => q.id).sort((a, b) => a - b));
    const left = await db().selectFrom("outbox").select("id").where("status", "!=", "sent").execute();
    expect(left).toEqual([]);
  });

  it("a capacity change at one instance holds at once for bookings at the other, which keeps the settings a moment", async () => {
    const availability = async () =>
      (await instances[1]!.app.inject({ method: "GET", url: `/api/availability?type=afternoonTea&date=${TEA_DATE}` })).json() as {
        slots: { time: string; remaining: number }[];
      };
    // Instance 1 reads the settings, and keeps them; then instance 0 lowers the capacity.
    expect((await availability()).slots.length).toBeGreaterThan(0);
    await updateSetting(instances[0]!.ctx, "afternoon_tea_covers_per_slot", "2", "test");
    const tooMany = await post(1, "/api/create-payment-intent", teaRequest({ guests: 3, email: "late-one@example.com", time: "16:00" }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/2 places left/);
    const fits = await post(1, "/api/create-payment-intent", teaRequest({ guests: 2, email: "late-two@example.com", time: "16:00" }));
    expect(fits.statusCode).toBe(200);
    // Told by its refused booking, instance 1 shows the change too.
    expect((await availability()).slots.find((slot) => slot.time === "16:00")?.remaining).toBe(0);
  });

  it("hits on one rate limit at once at both instances let through exactly its budget", async () => {
    const limiters = instances.map(({ ctx }) => createLimiter(ctx, "two-instance-burst", 3, 60_000));
    const hits = await Promise.all(Array.from({ length: 10 }, (_, i) => limiters[i % 2]!.hit("10.7.0.1")));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(3);
    expect(hits.filter((hit) => !hit.allowed).every((hit) => hit.retryAfterSeconds > 0 && hit.retryAfterSeconds <= 60)).toBe(true);
    // Another client's budget is its own.
    expect((await limiters[1]!.hit("10.7.0.2")).allowed).toBe(true);
  });
});
