import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isBookableDate, KNOWN_SETTINGS } from "@tearoom/domain";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../test/helpers.js";
import { runNodeScript, startServerProcess, type ServerProcess } from "../test/server-process.js";

/**
 * R41: an operator reading or backing up the live SQLite file with another client while the
 * server runs changes nothing, and a kill -9 afterwards loses no acknowledged booking. Before the
 * fix, the server opened and closed the database file beside its connections; closing that
 * descriptor dropped every POSIX lock the process held, so the outside client, on closing, took
 * the file as unused and deleted the WAL the server went on writing into: 3 bookings answered
 * 201, 1 left after the restart.
 */

const dir = mkdtempSync(join(tmpdir(), "tearoom-reader-"));
let server: ServerProcess | undefined;
afterEach(async () => server?.kill());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));
const date = (() => {
  for (let d = 2; d < 60; d++) {
    const candidate = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    if (isBookableDate(settings, "table", candidate, new Date())) return candidate;
  }
  throw new Error("no bookable date in the next 60 days");
})();

let counter = 0;
/** A table request from a visitor of its own; resolves with the name it was booked under. */
async function book(port: number): Promise<string> {
  const n = ++counter;
  const name = `Reader test ${n}`;
  const res = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${n % 250}` },
    body: JSON.stringify({
      type: "table",
      date,
      time: ["12:00", "12:30", "13:00", "13:30", "14:00"][n % 5],
      guests: 1,
      diningPreference: "lunch",
      name,
      email: `reader${n}@example.com`,
      phone: "01234 567890",
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  return name;
}

/** The names stored, read after the server is gone; also checks the file's integrity. */
function storedNames(file: string): Set<string> {
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    return new Set(db.prepare("SELECT name FROM bookings").pluck().all() as string[]);
  } finally {
    db.close();
  }
}

/**
 * Starts the server on a fresh file, books one, lets `outside` touch the file from another
 * process, books three more, kills the server with SIGKILL and checks every booking is there.
 */
async function survivesKillAfter(label: string, outside: (file: string, port: number) => Promise<string[]>): Promise<void> {
  const file = join(dir, `${label}.sqlite`);
  server = await startServerProcess({ databaseFile: file, port: await freePort() });
  const acknowledged = [await book(server.port)];
  acknowledged.push(...(await outside(file, server.port)));
  for (let i = 0; i < 3; i++) acknowledged.push(await book(server.port));
  await server.kill();
  const stored = storedNames(file);
  for (const name of acknowledged) expect(stored.has(name), `${name} was answered 201 but is gone (${label})`).toBe(true);
}

const COUNT_SCRIPT = `
import SQLite from "better-sqlite3";
const db = new SQLite(process.argv[1]);
console.log(db.prepare("SELECT count(*) FROM bookings").pluck().get());
db.close();
`;

const BACKUP_SCRIPT = `
import SQLite from "better-sqlite3";
const db = new SQLite(process.argv[1]);
await db.backup(process.argv[2]);
db.close();
`;

const READ_LOOP_SCRIPT = `
import SQLite from "better-sqlite3";
const until = Date.now() + Number(process.argv[2]);
let reads = 0;
while (Date.now() < until) {
  const db = new SQLite(process.argv[1]);
  db.prepare("SELECT count(*) FROM bookings").pluck().get();
  db.close();
  reads++;
  await new Promise((r) => setTimeout(r, 5));
}
console.log(reads);
`;

const hasSqliteCli = (() => {
  try {
    execFileSync("sqlite3", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("another process reading the live database loses nothing (R41)", () => {
  it("a read-only query from another process, then kill -9", async () => {
    await survivesKillAfter("count", async (file) => {
      expect(Number(await runNodeScript(COUNT_SCRIPT, [file]))).toBe(1);
      return [];
    });
  }, 60_000);

  it("an online backup from another process, then kill -9; the backup holds what was booked before it", async () => {
    const copy = join(dir, "backup-copy.sqlite");
    await survivesKillAfter("backup", async (file) => {
      await runNodeScript(BACKUP_SCRIPT, [file, copy]);
      return [];
    });
    expect(storedNames(copy).size).toBe(1);
  }, 60_000);

  it("a second process opening and reading in a loop while bookings are written, then kill -9", async () => {
    await survivesKillAfter("loop", async (file, port) => {
      const reader = runNodeScript(READ_LOOP_SCRIPT, [file, "1500"]);
      const during: string[] = [];
      const writing = (async () => {
        for (let i = 0; i < 15; i++) during.push(await book(port));
      })();
      const [reads] = await Promise.all([reader, writing]);
      expect(Number(reads)).toBeGreaterThan(10);
      return during;
    });
  }, 60_000);

  it.skipIf(!hasSqliteCli)(
    "the sqlite3 shell's count and .backup, then kill -9",
    async () => {
      await survivesKillAfter("shell", async (file) => {
        expect(execFileSync("sqlite3", [file, "select count(*) from bookings"]).toString().trim()).toBe("1");
        execFileSync("sqlite3", [file, `.backup '${join(dir, "shell-copy.sqlite")}'`]);
        return [];
      });
    },
    60_000,
  );
});
