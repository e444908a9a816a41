import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_STAFF, isBookableDate, KNOWN_SETTINGS } from "@tearoom/domain";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { STORAGE_UNAVAILABLE_MESSAGE } from "../errors.js";
import { onPostgres } from "../test/pg-databases.js";
import { freePort } from "../test/helpers.js";
import { startServerProcess, type ServerProcess } from "../test/server-process.js";

/**
 * R41 on a real full disk: the server (src/server.ts through tsx, as in crash-safety.test.ts) runs
 * with its SQLite file and its .eml folder on a small tmpfs of their own. The disk is filled
 * while it serves: every write answers 503 with Retry-After and a plain message, never a 500,
 * /healthz says the database is failing, and reads still work. Once space is freed the same
 * process takes bookings again, and afterwards the file is intact, holds every booking that got a
 * 201 and none that got a 503.
 *
 * A read-only database is tested in http/health.test.ts: Linux refuses to remount a file system
 * read-only while a process holds files on it open for writing (EBUSY), as the server does.
 */

const DISK_BYTES = 16 * 1024 * 1024;

/** Why the test cannot run here, or null. */
function cannotRun(): string | null {
  if (onPostgres()) return "the database is PostgreSQL, not a file on this machine";
  if (process.platform !== "linux" || process.getuid?.() !== 0) return "mounting a tmpfs needs root on Linux";
  return null;
}

/** A small tmpfs of its own; the reason it cannot be mounted, or null. */
function mountDisk(disk: string): string | null {
  try {
    mkdirSync(disk);
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DISK_BYTES},mode=0700`, "tmpfs", disk], { stdio: "pipe" });
    return null;
  } catch (err) {
    return `mount -t tmpfs failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}

let disk = "";
let server: ServerProcess | undefined;
const databaseFile = () => join(disk, "tearoom.sqlite");

/** The server with its database and .eml folder on the small disk. */
const startServer = (port: number) =>
  startServerProcess({ databaseFile: databaseFile(), port, env: { HOME: disk, MAIL_DIR: join(disk, "outbox"), SCRYPT_COST: "10" } });

/** Writes until the disk refuses another byte. */
function fillDisk(filler: string): void {
  const fd = openSync(filler, "w");
  try {
    for (let chunk = 1024 * 1024; chunk >= 512;) {
      try {
        writeSync(fd, Buffer.alloc(chunk, 1));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
        chunk /= 2;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Dates from the day after tomorrow on on which tables are booked (settings as seeded). */
function openDates(count: number): string[] {
  const settings: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));
  const now = new Date();
  const out: string[] = [];
  for (let d = 2; out.length < count && d < 120; d++) {
    const date = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    if (isBookableDate(settings, "table", date, now)) out.push(date);
  }
  return out;
}

let visitor = 0;

const notHere = cannotRun();

describe.skipIf(notHere !== null)(`a full disk (R41)${notHere ? ` — skipped: ${notHere}` : ""}`, () => {
  it("answers 503 with Retry-After, never a 500, stores nothing half, and takes bookings again once space is back", async (context) => {
    const base = mkdtempSync(join(tmpdir(), "tearoom-full-disk-"));
    disk = join(base, "disk");
    const unmountable = mountDisk(disk);
    try {
      if (unmountable) context.skip(unmountable);
      await onAFullDisk();
    } finally {
      await server?.kill();
      if (!unmountable) execFileSync("umount", ["-l", disk]);
      rmSync(base, { recursive: true, force: true });
    }
  }, 90_000);
});

async function onAFullDisk(): Promise<void> {
  const port = await freePort();
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const dates = openDates(3);
  const book = (name: string, date = dates[0]!) =>
    fetch(url("/api/bookings"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${(++visitor >> 8) & 255}.${visitor & 255}` },
      body: JSON.stringify({
        type: "table",
        date,
        time: "12:00",
        guests: 2,
        name,
        email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`,
        phone: "01234 567890",
        diningPreference: "lunch",
      }),
    });
  const stored: string[] = [];
  const refused: string[] = [];

  server = await startServer(port);
  const log = server.log;
  const first = await book("Before the disk filled");
  expect(first.status, await first.clone().text()).toBe(201);
  stored.push("Before the disk filled");
  const login = await fetch(url("/api/admin/login"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO_STAFF) });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;

  // SQLite writes into space the WAL already holds once it has been checkpointed, and those
  // writes still succeed (and are stored) on a full disk. Emptying it first, as an operator's
  // client may, makes the next write need new space.
  const operator = new SQLite(databaseFile());
  operator.pragma("wal_checkpoint(TRUNCATE)");
  operator.close();
  const filler = join(disk, "filler");
  fillDisk(filler);

  for (const [i, name] of ["On a full disk", "Still full", "Full again"].entries()) {
    const res = await book(name, dates[i]);
    expect(res.status, `${name}: ${await res.clone().text()}\n${log().slice(-2000)}`).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
    refused.push(name);
  }
  // A seat hold (the writer thread and the payment's row) and a staff change (the request thread's connection).
  const hold = await fetch(url("/api/create-payment-intent"), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({
      amount: 59.9,
      metadata: {
        type: "afternoon-tea",
        date: dates[0],
        time: "14:00",
        guests: 2,
        teaType: "traditional",
        name: "Held on a full disk",
        email: "held@example.com",
        phone: "01234 567890",
      },
    }),
  });
  expect(hold.status, await hold.clone().text()).toBe(503);
  refused.push("Held on a full disk");
  const staff = await fetch(url("/api/trpc/pricing.create"), {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name: "Full-disk scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false }),
  });
  expect(staff.status).toBe(503);
  expect(((await staff.json()) as { error: unknown }).error).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE, data: { code: "SERVICE_UNAVAILABLE" } });

  const failing = await fetch(url("/healthz"));
  expect(failing.status).toBe(503);
  expect(await failing.json()).toMatchObject({ status: "failing", database: "failing", reason: "full disk" });
  // Reading needs no space: the site still shows what it has.
  expect((await fetch(url(`/api/availability?type=table&date=${dates[0]}`))).status).toBe(200);
  // A delivery pass meanwhile (every 3 s) leaves no half-written message behind.
  await new Promise((r) => setTimeout(r, 3_500));
  expect(readdirSync(join(disk, "outbox")).filter((f) => f.endsWith(".tmp"))).toEqual([]);

  unlinkSync(filler);
  // The same process, no restart.
  const again = await book("After space came back", dates[1]);
  expect(again.status, `${await again.clone().text()}\n${log().slice(-2000)}`).toBe(201);
  stored.push("After space came back");
  const deadline = Date.now() + 5_000;
  let health = await fetch(url("/healthz"));
  while (health.status !== 200 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    health = await fetch(url("/healthz"));
  }
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
  expect(health.status).toBe(200);
  const staffAgain = await fetch(url("/api/trpc/pricing.create"), {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name: "After-the-disk scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false }),
  });
  expect(staffAgain.status).toBe(200);

  expect((await server.stop()).code, log().slice(-2000)).toBe(0);

  const db = new SQLite(databaseFile(), { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(db.pragma("foreign_key_check")).toEqual([]);
    const names = db.prepare("SELECT name FROM bookings").pluck().all() as string[];
    for (const name of stored) expect(names, name).toContain(name);
    for (const name of refused) expect(names, name).not.toContain(name);
    // Nothing of a refused booking is left either: no e-mail queued, no manage link.
    const recipients = db.prepare("SELECT to_address FROM outbox").pluck().all() as string[];
    expect(recipients.filter((to) => /full|held-on/.test(to))).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM manage_links").pluck().get()).toBe(stored.length);
    expect(db.prepare("SELECT name FROM pricing_items WHERE name LIKE '%scone'").pluck().all()).toEqual(["After-the-disk scone"]);
  } finally {
    db.close();
  }
}
