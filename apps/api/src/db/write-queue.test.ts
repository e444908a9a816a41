import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { migrate, openDatabase, type Db } from "./database.js";
import { WriteQueue } from "./write-queue.js";

let dir: string;
let conn: { db: Db; sqlite: SQLite.Database };
let queue: WriteQueue;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-queue-"));
  conn = openDatabase(join(dir, "q.sqlite"));
  await migrate(conn.db);
  queue = new WriteQueue(conn.sqlite);
});
afterAll(async () => {
  await conn.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (key: string) =>
  conn.sqlite.prepare("INSERT INTO booking_settings (setting_key, setting_value, description, updated_at) VALUES (?, 'v', NULL, 'now')").run(key);
const keys = () =>
  (conn.sqlite.prepare("SELECT setting_key FROM booking_settings ORDER BY setting_key").all() as { setting_key: string }[]).map((r) => r.setting_key);

describe("WriteQueue", () => {
  it("runs jobs that arrive together in one transaction; a failing job is rolled back alone", async () => {
    const inTransaction: boolean[] = [];
    const job = (key: string, fail = false) =>
      queue.run(() => {
        inTransaction.push(conn.sqlite.inTransaction);
        insert(key);
        if (fail) throw new Error(`job ${key} failed`);
        return key;
      });
    const results = await Promise.allSettled([job("a"), job("b", true), job("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("job b failed");
    expect(keys()).toEqual(["a", "c"]);
    expect(inTransaction).toEqual([true, true, true]);
  });

  it("each job sees the writes of the jobs before it (capacity checks stay exact)", async () => {
    const seen: number[] = [];
    await Promise.all(
      ["d", "e", "f"].map((key) =>
        queue.run(() => {
          seen.push((conn.sqlite.prepare("SELECT count(*) AS n FROM booking_settings").get() as { n: number }).n);
          insert(key);
        }),
      ),
    );
    expect(seen).toEqual([2, 3, 4]);
  });

  it("a batch whose transaction cannot start is refused whole and leaves nothing behind", async () => {
    const before = keys();
    // A second connection holding the write lock makes BEGIN IMMEDIATE fail after the busy timeout.
    const other = openDatabase(conn.sqlite.name);
    other.sqlite.pragma("busy_timeout = 0");
    conn.sqlite.pragma("busy_timeout = 0");
    other.sqlite.exec("BEGIN IMMEDIATE");
    try {
      const results = await Promise.allSettled([queue.run(() => insert("g")), queue.run(() => insert("h"))]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      expect((results[0] as PromiseRejectedResult).reason.code).toBe("SQLITE_BUSY");
    } finally {
      other.sqlite.exec("ROLLBACK");
      await other.db.destroy();
      conn.sqlite.pragma("busy_timeout = 5000");
    }
    expect(keys()).toEqual(before);
    expect(conn.sqlite.inTransaction).toBe(false);
    // The queue still works afterwards.
    await queue.run(() => insert("i"));
    expect(keys()).toEqual([...before, "i"].sort());
  });

  it("a full disk that rolls the whole transaction back reaches every job of the batch with its SQLite code (R41)", async () => {
    const before = keys();
    const full = () => {
      insert("full");
      // What SQLite may do on SQLITE_FULL or SQLITE_IOERR: roll back the transaction, not only the statement.
      conn.sqlite.exec("ROLLBACK");
      throw new SQLite.SqliteError("database or disk is full", "SQLITE_FULL");
    };
    const results = await Promise.allSettled([queue.run(() => insert("k")), queue.run(full), queue.run(() => insert("l"))]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const r of results) expect((r as PromiseRejectedResult).reason.code).toBe("SQLITE_FULL");
    expect(keys()).toEqual(before);
    expect(conn.sqlite.inTransaction).toBe(false);
    // Storage back: the next batch is stored as usual.
    await queue.run(() => insert("m"));
    expect(keys()).toEqual([...before, "m"].sort());
  });

  it("idle() waits for what is queued to commit", async () => {
    void queue.run(() => insert("j"));
    await queue.idle();
    expect(keys()).toContain("j");
  });
});
