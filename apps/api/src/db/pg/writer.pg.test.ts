import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError } from "../../errors.js";
import { createLogger } from "../../logger.js";
import { SettingsChangedError } from "../../services/booking-writes.js";
import { job } from "../../test/booking-jobs.js";
import { onPostgres, testDatabase, type TestDatabase } from "../../test/pg-databases.js";
import type { Writer } from "../../workers/writer.js";
import type { Db } from "../database.js";
import { listBookingSettings } from "../repositories/booking-settings.js";
import { openPostgres } from "./pool.js";
import { SETTINGS_STAMP, settingsStamp } from "./settings-stamp.js";
import { startPgWriter } from "./writer.js";

/**
 * PostgreSQL's writer (decision 021): the behaviour of SQLite's writer thread (workers/writer.test.ts),
 * with two round trips per booking and no savepoints: a refused booking writes nothing, and one
 * that fails while writing fails alone.
 */

let dir: string;
let database: TestDatabase;
let db: Db;
let writer: Writer;

const names = async (date: string) => (await db.selectFrom("bookings").select("name").where("date", "=", date).orderBy("id").execute()).map((r) => r.name);

describe.skipIf(!onPostgres())("PostgreSQL's writer", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tearoom-pg-writer-"));
    database = await testDatabase(dir);
    db = await openPostgres(database.env.DATABASE_URL!);
    writer = startPgWriter(db, { logger: createLogger("silent") });
  });
  afterAll(async () => {
    await writer?.close();
    await db?.destroy();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores a booking with its manage link and both e-mails in one write", async () => {
    const { booking } = await writer.writeBooking(job("Ada"));
    expect(booking).toMatchObject({ name: "Ada", status: "pending", guests: 2 });
    expect(booking.id).toBeGreaterThan(0);
    const mails = await db.selectFrom("outbox").select(["to_address", "subject"]).orderBy("id").execute();
    expect(mails).toEqual([
      { to_address: "guest@example.com", subject: `We have your booking request (${booking.reference})` },
      expect.objectContaining({ to_address: "hello@example.com" }),
    ]);
    const links = await db.selectFrom("manage_links").select("booking_id").execute();
    expect(links).toEqual([{ booking_id: booking.id }]);
  });

  it("refuses the booking that no longer fits, storing nothing of it", async () => {
    const results = await Promise.allSettled([writer.writeBooking(job("Ben")), writer.writeBooking(job("Cat"))]);
    expect(results[0].status).toBe("fulfilled");
    const refused = (results[1] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.message).toBe("The 1:00 PM slot on Thursday, 10 June 2027 is fully booked. Please choose another time.");
    expect(await names("2027-06-10")).toEqual(["Ada", "Ben"]);
    expect((await db.selectFrom("outbox").select("id").execute()).length).toBe(4);
  });

  it("fails a write that breaks a database rule alone: the others of its batch are stored", async () => {
    const results = await Promise.allSettled([
      writer.writeBooking(job("Eve", { date: "2027-06-11", garden_spot_id: "no-such-spot" })),
      writer.writeBooking(job("Fay", { date: "2027-06-11" })),
      writer.writeBooking(job("Gus", { date: "2027-06-11" }, 6)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason.code).toBe("23503");
    expect(await names("2027-06-11")).toEqual(["Fay", "Gus"]);
    // Two e-mails and a manage link for each stored booking, none for Eve.
    expect((await db.selectFrom("outbox").select("id").execute()).length).toBe(8);
    expect((await db.selectFrom("manage_links").select("booking_id").execute()).length).toBe(4);
  });

  it("returns the booking already made for a payment reference instead of a second one", async () => {
    const first = await writer.writeBooking(job("Hal", { date: "2027-06-12", status: "held", payment_reference: "pi_pg_writer_1" }));
    const again = await writer.writeBooking(job("Hal", { date: "2027-06-12", status: "held", payment_reference: "pi_pg_writer_1" }));
    expect(again.booking.reference).toBe(first.booking.reference);
    expect(await names("2027-06-12")).toEqual(["Hal"]);
  });

  it("refuses a booking checked against settings that have changed since, and stores one checked against them as they are", async () => {
    // Keys and values whose order and bytes JavaScript and PostgreSQL must agree on.
    await db
      .insertInto("booking_settings")
      .values([
        { setting_key: "b_key", setting_value: "thé, crème", description: null, updated_at: "2027-06-01T00:00:00.000Z" },
        { setting_key: "B_key", setting_value: "two\nlines", description: null, updated_at: "2027-06-01T00:00:00.000Z" },
        { setting_key: "a_key", setting_value: "", description: null, updated_at: "2027-06-01T00:00:00.000Z" },
      ])
      .execute();
    const current = settingsStamp(await listBookingSettings(db));
    expect((await db.selectNoFrom(SETTINGS_STAMP.as("stamp")).executeTakeFirstOrThrow()).stamp).toBe(current);

    await expect(writer.writeBooking({ ...job("Ivy", { date: "2027-06-13" }), settingsStamp: settingsStamp([]) })).rejects.toBeInstanceOf(SettingsChangedError);
    expect(await names("2027-06-13")).toEqual([]);
    await writer.writeBooking({ ...job("Jo", { date: "2027-06-13" }), settingsStamp: current });
    expect(await names("2027-06-13")).toEqual(["Jo"]);
  });

  it("records the outcomes of e-mails sent together, each as it went", async () => {
    const ids = (await db.selectFrom("outbox").select("id").orderBy("id").limit(3).execute()).map((r) => r.id);
    await Promise.all([
      writer.recordMailOutcome({ id: ids[0]!, sent: true, at: "2027-06-02T08:00:01.000Z" }),
      writer.recordMailOutcome({ id: ids[1]!, sent: false, error: "550 mailbox unavailable", nextAttemptAt: "2027-06-02T08:00:30.000Z", giveUp: false }),
      writer.recordMailOutcome({ id: ids[2]!, sent: false, error: "550 no such user", nextAttemptAt: "2027-06-02T08:00:30.000Z", giveUp: true }),
    ]);
    const rows = await db
      .selectFrom("outbox")
      .select(["status", "attempts", "last_error", "sent_at", "next_attempt_at"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { status: "sent", attempts: 1, last_error: null, sent_at: "2027-06-02T08:00:01.000Z", next_attempt_at: "2027-06-02T08:00:00.000Z" },
      { status: "pending", attempts: 1, last_error: "550 mailbox unavailable", sent_at: null, next_attempt_at: "2027-06-02T08:00:30.000Z" },
      { status: "failed", attempts: 1, last_error: "550 no such user", sent_at: null, next_attempt_at: "2027-06-02T08:00:30.000Z" },
    ]);
  });
});
