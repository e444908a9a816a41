import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_STAFF, KNOWN_SETTINGS, slotsForDate } from "@tearoom/domain";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { pidFileOf } from "../backup/pid-file.js";
import { freePort } from "../test/helpers.js";
import { API_DIR, startServerProcess, type ServerProcess } from "../test/server-process.js";

/**
 * Backups and restores over real processes (R41): the server (src/server.ts through tsx) on a
 * temporary database and a free loopback port, and the operator's command line (src/cli.ts through
 * tsx) as a process of its own, as `node apps/api/dist/cli.js` runs it. Bookings come from 20
 * requests in flight, each from a visitor of its own.
 */

const IN_FLIGHT = 20;
const root = mkdtempSync(join(tmpdir(), "tearoom-backup-restore-"));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const proc of running) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

let cases = 0;
/** A folder of its own for a test, with the database's path in it (the file itself is made by the first server). */
function newCase(): { folder: string; databaseFile: string } {
  const folder = join(root, `case-${++cases}`);
  mkdirSync(folder);
  return { folder, databaseFile: join(folder, "tearoom.sqlite") };
}

/** The server on the database file; staff sign in at a 128th of the production scrypt cost. */
async function startServer(databaseFile: string): Promise<ServerProcess> {
  const server = await startServerProcess({ databaseFile, port: await freePort(), env: { SCRYPT_COST: "10" } });
  running.add(server.proc);
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  expect((await server.stop()).code, server.log().slice(-2000)).toBe(0);
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command line as a process of its own, on the database `databaseUrl` names, with nothing else from the developer's shell. */
function runCli(args: string[], databaseUrl: string): Promise<CliRun> {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? root, TZ: "UTC", NODE_ENV: "test", DATABASE_URL: databaseUrl };
  const proc = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { cwd: API_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(proc);
  let stdout = "";
  let stderr = "";
  proc.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => proc.once("exit", (code) => resolve({ code, stdout, stderr })));
}

// Bookings ------------------------------------------------------------------------------------

const settings: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));

/** Every table slot from the day after tomorrow for a month: room for a few thousand guests. */
function tableSlots(): { date: string; time: string }[] {
  const now = new Date();
  const out: { date: string; time: string }[] = [];
  for (let d = 2; d < 32; d++) {
    const date = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    for (const time of slotsForDate(settings, "table", date, now)) out.push({ date, time });
  }
  return out;
}
const SLOTS = tableSlots();

let visitors = 0;
function tableBooking(label: string): { name: string; from: string; body: Record<string, unknown> } {
  const n = ++visitors;
  const slot = SLOTS[Math.floor(Math.random() * SLOTS.length)]!;
  const name = `${label} ${n}`;
  return {
    name,
    from: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: { type: "table", ...slot, guests: 1 + (n % 4), diningPreference: "lunch", name, email: `guest${n}@example.com`, phone: "01234 567890" },
  };
}

/**
 * One booking. The status line is only sent after the commit, so a 201 counts as acknowledged even
 * when a kill cuts off the body (then the reference is unknown).
 */
async function book(port: number, label: string): Promise<{ name: string; acknowledged: boolean; reference: string | null }> {
  const { name, from, body } = tableBooking(label);
  const res = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify(body),
  });
  const text = await res.text().catch(() => "");
  if (res.status !== 201) {
    expect(res.status, `${JSON.stringify(body)} → ${res.status} ${text}`).toBeLessThan(500);
    return { name, acknowledged: false, reference: null };
  }
  const reference = /"reference":"([^"]+)"/.exec(text)?.[1] ?? null;
  return { name, acknowledged: true, reference };
}

/**
 * IN_FLIGHT booking loops until `stop()`; `acknowledged` lists, in order, the names answered 201.
 * A loop ends at its first request that gets no answer (the server was killed: either outcome is fine), counted in `unanswered`.
 */
function driveLoad(port: number, label: string) {
  const acknowledged: string[] = [];
  const counts = { unanswered: 0 };
  let stopped = false;
  const loops = Array.from({ length: IN_FLIGHT }, async () => {
    while (!stopped) {
      try {
        const { name, acknowledged: ok } = await book(port, label);
        if (ok) acknowledged.push(name);
      } catch (err) {
        if ((err as Error).name !== "TypeError") throw err;
        counts.unanswered++;
        break;
      }
    }
  });
  return {
    acknowledged,
    counts,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The names of the bookings in a database file, after checking it with `PRAGMA integrity_check`. */
function bookingNames(file: string, context: string): Set<string> {
  const db = new SQLite(file);
  try {
    expect(db.pragma("integrity_check", { simple: true }), `${context}: integrity_check`).toBe("ok");
    return new Set(db.prepare("SELECT name FROM bookings").pluck().all() as string[]);
  } finally {
    db.close();
  }
}

function missing(names: readonly string[], found: Set<string>): string[] {
  return names.filter((name) => !found.has(name));
}

// Staff reading the bookings over HTTP ---------------------------------------------------------

async function staffCookie(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_STAFF),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The references of `wanted` that the server's staff list finds. */
async function referencesServed(port: number, wanted: string[]): Promise<string[]> {
  const cookie = await staffCookie(port);
  const found: string[] = [];
  for (const reference of wanted) {
    const res = await fetch(`http://127.0.0.1:${port}/api/bookings?search=${reference}&includeCancelled=true`, { headers: { cookie } });
    expect(res.status).toBe(200);
    if (((await res.json()) as { reference: string }[]).some((b) => b.reference === reference)) found.push(reference);
  }
  return found;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

// The tests ------------------------------------------------------------------------------------

describe("backups and restore over real processes (R41)", () => {
  it("a backup taken during a burst of bookings restores every booking acknowledged before it began, intact", async () => {
    const { folder, databaseFile } = newCase();
    const backupFile = join(folder, "during-the-burst.sqlite");
    const server = await startServer(databaseFile);
    const load = driveLoad(server.port, "Burst");
    await pause(1_000);
    const before = load.acknowledged.slice();
    const cli = await runCli(["backup", backupFile], databaseFile);
    const whileBackingUp = load.acknowledged.length - before.length;
    await pause(500);
    await load.stop();
    await stopServer(server);
    // A clean stop removes the server's pid file.
    expect(existsSync(pidFileOf(databaseFile))).toBe(false);

    expect(load.counts.unanswered).toBe(0);
    expect(cli, cli.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(cli.stdout).toMatch(new RegExp(`^Backed up ${escaped(databaseFile)} to ${escaped(backupFile)} \\([0-9.]+ [KM]B in [0-9.]+ s\\)\\n$`));
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(before.length, "bookings acknowledged before the backup").toBeGreaterThan(IN_FLIGHT);
    // Writers are not held up by the backup's read: bookings went on being acknowledged meanwhile.
    expect(whileBackingUp, "bookings acknowledged while the backup ran").toBeGreaterThan(0);
    expect(missing(before, bookingNames(backupFile, "the backup"))).toEqual([]);

    const restore = await runCli(["restore", backupFile], databaseFile);
    expect(restore, restore.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(restore.stdout).toMatch(
      new RegExp(`^Restored ${escaped(databaseFile)} from ${escaped(backupFile)} \\([0-9.]+ [KM]B, integrity ok, \\d+ migrations\\); start the server`),
    );
    const restored = bookingNames(databaseFile, "the restored database");
    expect(missing(before, restored)).toEqual([]);
    expect(restored.size).toBeLessThan(load.acknowledged.length);
  }, 120_000);

  it("restore refuses while the server runs (by its pid file, and by SQLite's locks without it); after it stopped, even by kill -9, the restored server serves the backup's bookings", async () => {
    const { folder, databaseFile } = newCase();
    const backupFile = join(folder, "backup.sqlite");
    let server = await startServer(databaseFile);
    expect(Number(readFileSync(pidFileOf(databaseFile), "utf8"))).toBe(server.proc.pid);

    const kept: string[] = [];
    for (let i = 0; i < 3; i++) kept.push((await book(server.port, "Kept")).reference!);
    expect(kept.every(Boolean)).toBe(true);
    expect((await runCli(["backup", backupFile], databaseFile)).code).toBe(0);
    const later = (await book(server.port, "After the backup")).reference!;
    expect(later).toBeTruthy();

    const refused = await runCli(["restore", backupFile], databaseFile);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      `restore: The server (process ${server.proc.pid}) is running on ${databaseFile}; stop it first, then restore. ` +
        `If process ${server.proc.pid} is not the server, delete ${databaseFile}.pid and try again\n`,
    );
    // Untouched: the server still has every booking, the one after the backup included.
    expect(await referencesServed(server.port, [...kept, later])).toEqual([...kept, later]);

    // kill -9 leaves the pid file behind, naming a process that is gone: it does not block the restore.
    await server.kill();
    expect((await server.exited).signal).toBe("SIGKILL");
    expect(existsSync(pidFileOf(databaseFile))).toBe(true);
    const restored = await runCli(["restore", backupFile], databaseFile);
    expect(restored, restored.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(`${databaseFile}-wal`)).toBe(false);

    server = await startServer(databaseFile);
    expect(await referencesServed(server.port, [...kept, later])).toEqual(kept);
    expect((await book(server.port, "After the restore")).reference).toBeTruthy();
    // Without the pid file, SQLite's own locks still show that a server (here one started on an existing file) has it open.
    rmSync(pidFileOf(databaseFile));
    const locked = await runCli(["restore", backupFile], databaseFile);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toBe(`restore: Another process has ${databaseFile} open (SQLite reports it locked); stop it first, then restore\n`);
    await stopServer(server);
  }, 120_000);

  it("restore refuses a damaged or foreign file and leaves the database untouched", async () => {
    const { folder, databaseFile } = newCase();
    const server = await startServer(databaseFile);
    await book(server.port, "Untouched");
    const good = join(folder, "good.sqlite");
    expect((await runCli(["backup", good], databaseFile)).code).toBe(0);
    await stopServer(server);
    const original = sha256(databaseFile);
    const files = () => ["", "-wal", "-shm", "-journal"].filter((s) => existsSync(`${databaseFile}${s}`));
    expect(files()).toEqual([""]);

    const junk = join(folder, "junk.sqlite");
    writeFileSync(junk, Buffer.alloc(64 * 1024, 0x5a));
    const foreign = join(folder, "foreign.sqlite");
    const other = new SQLite(foreign);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('not a tearoom')");
    other.close();
    // A good backup with some of its pages overwritten, as a failing disk or a cut-off copy leaves one.
    const damaged = join(folder, "damaged.sqlite");
    copyFileSync(good, damaged);
    const bytes = readFileSync(damaged);
    bytes.fill(0xa5, 8 * 4096, 24 * 4096);
    writeFileSync(damaged, bytes);

    for (const [file, message] of [
      [junk, /^restore: .*junk\.sqlite is not a SQLite database\n$/],
      [foreign, /^restore: .*foreign\.sqlite is a SQLite database but not a tearoom one \(it has no tearoom migrations\)\n$/],
      [damaged, /^restore: .*damaged\.sqlite is damaged \(.+\); choose another backup\n$/],
    ] as const) {
      const run = await runCli(["restore", file], databaseFile);
      expect(run.code, `${file}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe("");
      expect(files()).toEqual([""]);
    }
    expect(sha256(databaseFile)).toBe(original);
  }, 120_000);

  it("after a backup read the database from a second process, kill -9 of the server loses no acknowledged booking", async () => {
    const { folder, databaseFile } = newCase();
    const acknowledged: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const server = await startServer(databaseFile);
      const load = driveLoad(server.port, `Round ${round}`);
      await pause(300 + Math.random() * 500);
      const cli = await runCli(["backup", join(folder, `round-${round}.sqlite`)], databaseFile);
      expect(cli, cli.stderr).toMatchObject({ code: 0 });
      await pause(200 + Math.random() * 800);
      await server.kill();
      expect((await server.exited).signal).toBe("SIGKILL");
      await load.stop();
      acknowledged.push(...load.acknowledged);
      expect(missing(acknowledged, bookingNames(databaseFile, `round ${round}`)), `round ${round}`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThan(3 * IN_FLIGHT);
  }, 180_000);
});
