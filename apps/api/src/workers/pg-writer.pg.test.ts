import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConflictError } from "../errors.js";
import { createLogger } from "../logger.js";
import { SettingsChangedError } from "../bookings/services/booking-write.js";
import { job } from "../test/booking-jobs.js";
import { onPostgres, testDatabase, type TestDatabase } from "../test/pg-databases.js";
import type { Writer } from "./writer.js";
import type { Db } from "../db/database.js";
import { listBookingSettings } from "../bookings/data/booking-settings.js";
import { openPostgres } from "../db/pg/pool.js";
import { SETTINGS_STAMP, settingsStamp } from "../db/pg/settings-stamp.js";
import { startPgWriter, writerPool } from "./pg-writer.js";

/**
 * PostgreSQL's writer (decision 021): the behaviour of SQLite's writer thread (writer.test.ts),
 * with one read and one write per batch and no savepoints: a refused booking writes nothing, one
 * that fails while writing fails alone, and a reference drawn twice is drawn again.
 */

// References the writer draws before any random one: a way to make it draw one already taken.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock("../bookings/services/booking-reference.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../bookings/services/booking-reference.js")>();
  return { ...actual, newReference: () => drawn.shift() ?? actual.newReference() };
});

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
    writer = startPgWriter(db, { pool: await writerPool(database.env.DATABASE_URL!), logger: createLogger("silent") });
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

  it("answers each booking of a batch on its own: stored, or refused by its own slot", async () => {
    // Three days, so one batch: the middle one asks for more than its slot holds.
    const results = await Promise.allSettled([
      writer.writeBooking(job("Ann", { date: "2027-06-14", time: "12:00" })),
      writer.writeBooking(job("Bob", { date: "2027-06-19", time: "13:00", guests: 5 })),
      writer.writeBooking(job("Cy", { date: "2027-06-20", time: "14:00" })),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const stored = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.booking] : []));
    expect(stored.map((b) => [b.name, b.time])).toEqual([
      ["Ann", "12:00"],
      ["Cy", "14:00"],
    ]);
    expect([...(await names("2027-06-14")), ...(await names("2027-06-19")), ...(await names("2027-06-20"))]).toEqual(["Ann", "Cy"]);
    // Each stored booking has its own manage link and its own two e-mails.
    const links = await db
      .selectFrom("manage_links")
      .select("booking_id")
      .where(
        "booking_id",
        "in",
        stored.map((b) => b.id),
      )
      .execute();
    expect(links.map((l) => l.booking_id).sort()).toEqual(stored.map((b) => b.id).sort());
    for (const b of stored) expect((await db.selectFrom("outbox").select("id").where("subject", "like", `%${b.reference}%`).execute()).length).toBe(2);
  });

  it("draws a new reference when the one drawn is taken, storing each booking of the batch once", async () => {
    const { booking: first } = await writer.writeBooking(job("Kit", { date: "2027-06-15", time: "12:00" }));
    drawn.push(first.reference);
    // Two days, so one batch (R44: a day's bookings share the room, so one batch holds one booking a day).
    const [lou, max] = await Promise.all([
      writer.writeBooking(job("Lou", { date: "2027-06-15", time: "13:00" })),
      writer.writeBooking(job("Max", { date: "2027-06-16", time: "14:00" })),
    ]);
    expect(drawn).toEqual([]);
    expect(lou.booking.reference).not.toBe(first.reference);
    expect(await names("2027-06-15")).toEqual(["Kit", "Lou"]);
    expect(await names("2027-06-16")).toEqual(["Max"]);
    for (const b of [lou.booking, max.booking])
      expect((await db.selectFrom("outbox").select("id").where("subject", "like", `%${b.reference}%`).execute()).length).toBe(2);
  });

  it("fails a write that breaks a database rule alone: the others of its batch are stored", async () => {
    const count = async (table: "outbox" | "manage_links") =>
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const [mailsBefore, linksBefore] = [await count("outbox"), await count("manage_links")];
    // Three days, so one batch, which fails whole and then runs booking by booking.
    const results = await Promise.allSettled([
      writer.writeBooking(job("Eve", { date: "2027-06-11", time: "12:00", garden_spot_id: "no-such-spot" })),
      writer.writeBooking(job("Fay", { date: "2027-06-17", time: "13:00" })),
      writer.writeBooking(job("Gus", { date: "2027-06-18", time: "14:00" }, 6)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason.code).toBe("23503");
    expect(await names("2027-06-11")).toEqual([]);
    expect([...(await names("2027-06-17")), ...(await names("2027-06-18"))]).toEqual(["Fay", "Gus"]);
    // Two e-mails and a manage link for each stored booking, none for Eve.
    expect(await count("outbox")).toBe(mailsBefore + 4);
    expect(await count("manage_links")).toBe(linksBefore + 2);
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
