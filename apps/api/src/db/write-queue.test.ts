import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Db } from "./database.js";
import { groupedTransaction } from "./write-queue.js";
import type SQLite from "better-sqlite3";

let dir: string;
let conn: { db: Db; sqlite: SQLite.Database };
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-queue-"));
  conn = openDatabase(join(dir, "q.sqlite"));
  await migrate(conn.db);
});
afterAll(async () => {
  await conn.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (key: string) => conn.sqlite.prepare("INSERT INTO booking_settings (setting_key, setting_value, description, updated_at) VALUES (?, 'v', NULL, 'now')").run(key);
const keys = () => (conn.sqlite.prepare("SELECT setting_key FROM booking_settings ORDER BY setting_key").all() as { setting_key: string }[]).map((r) => r.setting_key);

describe("groupedTransaction", () => {
  it("runs jobs that arrive together in one transaction; a failing job is rolled back alone", async () => {
    const inTransaction: boolean[] = [];
    const job = (key: string, fail = false) =>
      groupedTransaction(conn, async () => {
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
        groupedTransaction(conn, async () => {
          seen.push((conn.sqlite.prepare("SELECT count(*) AS n FROM booking_settings").get() as { n: number }).n);
          insert(key);
        }),
      ),
    );
    expect(seen).toEqual([2, 3, 4]);
  });
});
