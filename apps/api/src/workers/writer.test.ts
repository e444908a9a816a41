import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../db/database.js";
import { ConflictError, TooManyRequestsError } from "../errors.js";
import { createLogger } from "../logger.js";
import { job } from "../test/booking-jobs.js";
import { startWriter, type Writer } from "./writer.js";

let dir: string;
let file: string;
let writer: Writer;
let committed = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-writer-"));
  file = join(dir, "w.sqlite");
  const { db } = openDatabase(file);
  await migrate(db);
  await db.destroy();
  writer = startWriter(file, { onBookingsCommitted: () => committed++, logger: createLogger("silent") });
});
afterAll(async () => {
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a second connection (another reader of the file) sees. */
function read<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe("the writer thread", () => {
  it("answers once the booking and its two e-mails are committed, and reports each commit first", async () => {
    await writer.ready();
    const before = committed;
    const { booking, overCapacity } = await writer.writeBooking(job("Ada"));
    expect(committed).toBe(before + 1);
    expect(overCapacity).toBe(false);
    expect(booking).toMatchObject({ name: "Ada", status: "pending", type: "afternoonTea", guests: 2 });
    expect(booking.reference).toMatch(/^TR-[A-Z0-9]{6}$/);
    expect(read("SELECT name FROM bookings WHERE reference = ?", booking.reference)).toEqual([{ name: "Ada" }]);
    const mails = read<{ to_address: string; subject: string }>("SELECT to_address, subject FROM outbox ORDER BY id");
    expect(mails).toEqual([
      { to_address: "guest@example.com", subject: `We have your booking request (${booking.reference})` },
      expect.objectContaining({ to_address: "hello@example.com" }),
    ]);
  });

  it("refuses a visitor over capacity with the ConflictError and message they would get, storing nothing", async () => {
    // 2 of 4 covers are taken by Ada; two bookings of 2 arrive together: the first fits, the second does not.
    const results = await Promise.allSettled([writer.writeBooking(job("Ben")), writer.writeBooking(job("Cat"))]);
    expect(results[0].status).toBe("fulfilled");
    const refused = (results[1] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe("The 1:00 PM slot on Thursday, 10 June 2027 is fully booked. Please choose another time.");
    expect(read("SELECT name FROM bookings WHERE name = 'Cat'")).toEqual([]);
  });

  it("refuses a client over R23's limits with the TooManyRequestsError and Retry-After they would get, storing nothing", async () => {
    const hold = (name: string) => ({
      ...job(name, { date: "2027-06-14", status: "held", client_key: "client-1", hold_expires_at: "2027-06-02T08:15:00.000Z" }, 24),
      notify: null,
      clientLimit: { kind: "hold" as const, phone: "01234 567890" },
    });
    const results = await Promise.allSettled([writer.writeBooking(hold("Jo")), writer.writeBooking(hold("Kit")), writer.writeBooking(hold("Lou"))]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refused = (results[2] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused.statusCode).toBe(429);
    expect(refused.retryAfterSeconds).toBe(15 * 60);
    expect(refused.message).toMatch(/^You already have 2 afternoon tea bookings being paid for/);
    expect(read("SELECT name FROM bookings WHERE name = 'Lou'")).toEqual([]);
  });

  it("lets staff over capacity through and says so", async () => {
    const { booking, overCapacity } = await writer.writeBooking({ ...job("Dan", { source: "admin", status: "confirmed" }), refuseOverCapacity: false });
    expect(overCapacity).toBe(true);
    expect(read("SELECT status FROM bookings WHERE reference = ?", booking.reference)).toEqual([{ status: "confirmed" }]);
  });

  it("fails a write that breaks a database rule alone, with the database's error code", async () => {
    const results = await Promise.allSettled([
      writer.writeBooking(job("Eve", { date: "2027-06-11", garden_spot_id: "no-such-spot" })),
      writer.writeBooking(job("Fay", { date: "2027-06-11" })),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason.code).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
    expect(read("SELECT name FROM bookings WHERE date = '2027-06-11'")).toEqual([{ name: "Fay" }]);
  });

  it("returns the booking already made for a payment reference instead of a second one", async () => {
    const first = await writer.writeBooking(job("Gil", { date: "2027-06-12", status: "held", payment_reference: "pi_writer_1" }));
    const again = await writer.writeBooking(job("Gil", { date: "2027-06-12", status: "held", payment_reference: "pi_writer_1" }));
    expect(again.booking.reference).toBe(first.booking.reference);
    expect(read("SELECT count(*) AS n FROM bookings WHERE payment_reference = 'pi_writer_1'")).toEqual([{ n: 1 }]);
  });

  it("records e-mail outcomes without counting them as booking commits", async () => {
    const id = read<{ id: number }>("SELECT id FROM outbox ORDER BY id LIMIT 1")[0]!.id;
    const before = committed;
    await writer.recordMailOutcome({ id, sent: false, error: "550 mailbox unavailable", nextAttemptAt: "2027-06-02T08:00:30.000Z", giveUp: false });
    expect(read("SELECT status, attempts, last_error FROM outbox WHERE id = ?", id)).toEqual([
      { status: "pending", attempts: 1, last_error: "550 mailbox unavailable" },
    ]);
    await writer.recordMailOutcome({ id, sent: true, at: "2027-06-02T08:00:31.000Z" });
    expect(read("SELECT status, attempts, last_error, sent_at FROM outbox WHERE id = ?", id)).toEqual([
      { status: "sent", attempts: 2, last_error: null, sent_at: "2027-06-02T08:00:31.000Z" },
    ]);
    expect(committed).toBe(before);
  });

  it("on close, commits what it was handed, then refuses new writes", async () => {
    const other = startWriter(file, { onBookingsCommitted: () => undefined, logger: createLogger("silent") });
    const pending = other.writeBooking(job("Hal", { date: "2027-06-13" }));
    await other.close();
    await expect(pending).resolves.toMatchObject({ booking: { name: "Hal" } });
    await expect(other.writeBooking(job("Ivy", { date: "2027-06-13" }))).rejects.toThrow("The writer is closed");
    expect(read("SELECT name FROM bookings WHERE date = '2027-06-13'")).toEqual([{ name: "Hal" }]);
  });
});
