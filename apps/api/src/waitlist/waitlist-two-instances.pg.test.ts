import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdminBookingCreateSchema } from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { AppContext } from "../context.js";
import { createAppContext } from "../composition-root.js";
import { loadEnv } from "../env.js";
import { START, TEA_DATE } from "../payments/testing/harness.js";
import { updateSetting } from "../bookings/services/booking-settings.js";
import { createAdminBooking } from "../bookings/services/bookings.js";
import { cancelBooking } from "../bookings/services/booking-lifecycle.js";
import { onPostgres, testDatabase, type TestDatabase } from "../test/pg-databases.js";
import { offerFreedSeats } from "./services/waitlist.js";

/**
 * R52 with decision 021: two API instances on one PostgreSQL database both run the waiting list's
 * pass while cancellations free seats on both. Each freed seat is offered once: the offers never
 * hold more seats than were freed. PostgreSQL only (TEST_DATABASE_URL).
 */

let dir: string;
let database: TestDatabase;
let instances: { ctx: AppContext; app: FastifyInstance }[] = [];
let visitor = 0;

async function post(i: number, url: string, payload: object) {
  const n = ++visitor;
  return instances[i % 2]!.app.inject({ method: "POST", url, payload, remoteAddress: `10.7.${(n >> 8) & 255}.${n & 255}` });
}

describe.skipIf(!onPostgres())("the waiting list on two instances of one PostgreSQL database", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tearoom-waitlist-two-"));
    database = await testDatabase(dir);
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...database.env,
      PUBLIC_ORIGIN: "http://localhost:4998",
      RATE_LIMIT_MAX: "100000",
      SCRYPT_COST: "10",
      PAYMENT_PROVIDER: "demo",
    });
    const contexts = await Promise.all([0, 1].map(() => createAppContext(env, { now: () => START })));
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

  it("cancellations and passes racing on both instances offer each freed seat once", async () => {
    const [a, b] = instances.map((i) => i.ctx) as [AppContext, AppContext];
    await updateSetting(a, "table_covers_per_slot", "4", "test");
    await updateSetting(b, "table_covers_per_slot", "4", "test"); // reads it fresh on the other instance too
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const input = AdminBookingCreateSchema.parse({
        type: "table",
        date: TEA_DATE,
        time: "12:00",
        guests: 1,
        diningPreference: "lunch",
        name: `Seated ${i}`,
        email: "",
        phone: "01234 500000",
        sendConfirmation: false,
        acceptWarnings: true,
      });
      ids.push((await createAdminBooking(a, input)).booking.id);
    }
    for (let i = 0; i < 10; i++) {
      const res = await post(i, "/api/waitlist", {
        type: "table",
        diningPreference: "lunch",
        date: TEA_DATE,
        times: ["12:00"],
        guests: 1,
        name: `Waiting ${i}`,
        email: `waiting${i}@example.com`,
        phone: "07700 900123",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await Promise.all([
      ...ids.map((id, i) => cancelBooking([a, b][i % 2]!, id, { notifyGuest: false })),
      ...Array.from({ length: 20 }, (_, i) => offerFreedSeats([a, b][i % 2]!)),
    ]);
    await offerFreedSeats(a);
    await offerFreedSeats(b);
    for (const { ctx } of instances) while (ctx.tasks.size) await Promise.all([...ctx.tasks]);

    const entries = await a.db.selectFrom("waitlist_entries").select(["status", "booking_id"]).where("date", "=", TEA_DATE).execute();
    expect(entries.filter((e) => e.status === "offered")).toHaveLength(4);
    expect(entries.filter((e) => e.status === "waiting")).toHaveLength(6);
    const standing = await a.db
      .selectFrom("bookings")
      .select(["guests", "status"])
      .where("date", "=", TEA_DATE)
      .where("time", "=", "12:00")
      .where("type", "=", "table")
      .where("status", "in", ["held", "pending", "confirmed"])
      .execute();
    expect(standing.reduce((n, r) => n + r.guests, 0)).toBe(4);
    const offerMails = await a.db.selectFrom("outbox").select("to_address").where("kind", "=", "waitlist-offer").execute();
    expect(offerMails).toHaveLength(4);
  });
});
