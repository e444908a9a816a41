import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { immediateTransaction, migrate, openDatabase, type Db } from "../../db/database.js";
import { WriteQueue } from "../../db/write-queue.js";
import { job } from "../../test/booking-jobs.js";
import { recordAudit, type AuditRecord } from "./audit.js";
import { writeBooking } from "../../bookings/services/booking-writes.js";

let dir: string;
let conn: { db: Db; sqlite: SQLite.Database };
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-audit-"));
  conn = openDatabase(join(dir, "a.sqlite"));
  await migrate(conn.db);
});
afterAll(async () => {
  await conn.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const record = (subject: string, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  at: "2027-06-02T08:00:00.000Z",
  actor: "mabel",
  action: "booking.update",
  subject,
  before: { guests: 2 },
  after: { guests: 4 },
  ...extra,
});
const subjects = async () => (await conn.db.selectFrom("audit_events").select("subject").orderBy("id").execute()).map((r) => r.subject);

describe("recordAudit", () => {
  it("lands with its transaction, or not at all", async () => {
    await immediateTransaction(conn.db, (tx) => recordAudit(tx, record("kept")));
    await expect(
      immediateTransaction(conn.db, async (tx) => {
        await recordAudit(tx, record("rolled back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await subjects()).toEqual(["kept"]);
  });

  it("never stores a password, hash or token, whatever the caller passes", async () => {
    await recordAudit(conn.db, record("secrets", { before: { username: "a", password: "p", passwordHash: "h", unsubscribeToken: "t" }, after: null }));
    const row = await conn.db.selectFrom("audit_events").selectAll().where("subject", "=", "secrets").executeTakeFirstOrThrow();
    expect(JSON.parse(row.before_json!)).toEqual({ username: "a" });
    expect(row.after_json).toBeNull();
  });
});

describe("a staff booking's audit record in the writer thread's transactions", () => {
  it("is part of its job's savepoint: a refused job leaves no record, its neighbours keep theirs", async () => {
    const queue = new WriteQueue(conn.sqlite);
    const staffJob = (name: string) => ({ ...job(name), audit: { actor: "mabel" } });
    const results = await Promise.allSettled([
      queue.run(() => writeBooking(conn.sqlite, staffJob("job 1"))),
      queue.run(() => {
        writeBooking(conn.sqlite, staffJob("job 2"));
        throw new Error("slot full");
      }),
      queue.run(() => writeBooking(conn.sqlite, staffJob("job 3"))),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const [first, , third] = results.map((r) => (r.status === "fulfilled" ? r.value.booking.reference : null));
    expect((await subjects()).slice(-2)).toEqual([`Booking ${first}`, `Booking ${third}`]);
  });
});
