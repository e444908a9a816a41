import { mkdtempSync, rmSync } from "node:fs";
import { freePort } from "../test/helpers.js";
import { startServerProcess, type ServerProcess } from "../test/server-process.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capacityPerSlot, isBookableDate, KNOWN_SETTINGS, occupiesSeats, slotsForDate, type BookingStatus } from "@tearoom/domain";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Crash safety: the real server (src/server.ts run through tsx, so no build is needed) runs as a
 * child process on a temporary database and a free loopback port, takes bounded booking load
 * (20 requests in flight), and is killed with SIGKILL at a random moment, several times. After
 * each kill the file must pass `PRAGMA integrity_check`, hold every booking and seat hold that
 * got a 2xx answer, and have no slot over capacity; the server must start again on it.
 */

const ROUNDS = 4;
const IN_FLIGHT = 20;

/** A small seeded generator, so a failure can be replayed with CRASH_SEED. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const dir = mkdtempSync(join(tmpdir(), "tearoom-crash-"));
const databaseFile = join(dir, "tearoom.sqlite");
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on the database file and waits until /healthz answers. */
async function start(port: number): Promise<ServerProcess> {
  server = await startServerProcess({ databaseFile, port, env: { HOME: dir } });
  return server;
}

// What the load sends ------------------------------------------------------------------------

const settings: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));
const GARDEN = [
  { id: "pond-pavilion", capacity: 6, isPrivate: false },
  { id: "manor-view", capacity: 4, isPrivate: false },
  { id: "rose-garden", capacity: 4, isPrivate: true },
];

/** Dates from the day after tomorrow on which every booking type is open (settings as seeded). */
function bookableDates(count: number): string[] {
  const now = new Date();
  const out: string[] = [];
  for (let d = 2; out.length < count && d < 120; d++) {
    const date = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    if ((["afternoonTea", "table", "picnicHamper", "secretGarden"] as const).every((t) => isBookableDate(settings, t, date, now))) out.push(date);
  }
  return out;
}

interface Sent {
  kind: "booking" | "hold";
  name: string;
  body: Record<string, unknown>;
  /** The visitor's address (X-Forwarded-For): one of its own per request. */
  from: string;
}

let counter = 0;
/** One request: mostly bookings of every type on a few hot slots, some afternoon-tea seat holds (R9). */
function nextRequest(round: number, dates: string[]): Sent {
  const n = ++counter;
  const name = `Crash ${round}-${n}`;
  const contact = { name, email: `crash${n}@example.com`, phone: "01234 567890" };
  const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  // Every round adds its own date to a slot shared by all rounds, which fills early and stays full.
  const date = random() < 0.3 ? dates[0]! : dates[round]!;
  const roll = random();
  if (roll < 0.15) {
    const guests = between(1, 6);
    return {
      kind: "hold",
      name,
      from,
      body: {
        amount: (guests * 2995) / 100,
        metadata: { type: "afternoon-tea", date, time: pick(["13:00", "13:30"]), guests, teaType: "traditional", ...contact, dietaryRequirements: "" },
      },
    };
  }
  if (roll < 0.45)
    return {
      kind: "booking",
      name,
      from,
      body: { type: "afternoonTea", date, time: pick(["13:00", "13:30"]), guests: between(1, 6), teaType: "traditional", ...contact },
    };
  if (roll < 0.7)
    return {
      kind: "booking",
      name,
      from,
      body: { type: "table", date, time: pick(["12:00", "12:30"]), guests: between(1, 6), diningPreference: "lunch", ...contact },
    };
  if (roll < 0.85)
    return { kind: "booking", name, from, body: { type: "picnicHamper", date, time: "13:00", guests: between(1, 8), hamperType: "standard", ...contact } };
  const spot = pick(GARDEN);
  return {
    kind: "booking",
    name,
    from,
    body: {
      type: "secretGarden",
      date,
      time: pick(["12:00", "14:00"]),
      guests: between(1, Math.min(6, spot.capacity)),
      gardenSpotId: spot.id,
      includeWine: false,
      ...contact,
    },
  };
}

/** Drives IN_FLIGHT concurrent loops until `stop()`; returns every request that got a 2xx. */
function driveLoad(port: number, round: number, dates: string[]) {
  const acknowledged: Sent[] = [];
  const counts = { sent: 0, ok: 0, refused: 0, failed: 0 };
  let stopped = false;
  const loops = Array.from({ length: IN_FLIGHT }, async () => {
    while (!stopped) {
      const req = nextRequest(round, dates);
      counts.sent++;
      try {
        const res = await fetch(`http://127.0.0.1:${port}${req.kind === "hold" ? "/api/create-payment-intent" : "/api/bookings"}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": req.from },
          body: JSON.stringify(req.body),
        });
        // The status line is only sent after the commit: a 2xx counts even if the body is cut off by the kill.
        if (res.status >= 200 && res.status < 300) {
          acknowledged.push(req);
          counts.ok++;
        } else {
          expect(res.status, `${JSON.stringify(req.body)} → ${res.status} ${await res.text()}`).toBeLessThan(500);
          counts.refused++;
        }
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        counts.failed++; // killed mid-request: the outcome is unknown, and either is fine
        if (stopped) break;
        await new Promise((r) => setTimeout(r, 5));
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

// What must hold after a crash ---------------------------------------------------------------

interface BookingRow {
  reference: string;
  type: string;
  status: string;
  name: string;
  date: string;
  time: string;
  guests: number;
  garden_spot_id: string | null;
  hold_expires_at: string | null;
  payment_reference: string | null;
}

function checkDatabase(acknowledged: Sent[], context: string): { bookings: number } {
  const db = new SQLite(databaseFile);
  try {
    expect(db.pragma("integrity_check", { simple: true }), `${context}: integrity_check`).toBe("ok");
    expect(db.pragma("foreign_key_check"), `${context}: foreign_key_check`).toEqual([]);
    expect(db.pragma("journal_mode", { simple: true }), `${context}: journal_mode`).toBe("wal");

    const rows = db
      .prepare("SELECT reference, type, status, name, date, time, guests, garden_spot_id, hold_expires_at, payment_reference FROM bookings")
      .all() as BookingRow[];
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.size, `${context}: one row per name`).toBe(rows.length);
    const payments = new Set((db.prepare("SELECT id FROM payments").pluck().all() as string[]).map(String));

    for (const sent of acknowledged) {
      const row = byName.get(sent.name);
      expect(row, `${context}: ${sent.name} got a 2xx but is missing`).toBeDefined();
      const b = sent.kind === "hold" ? (sent.body.metadata as Record<string, unknown>) : sent.body;
      expect({ date: row!.date, time: row!.time, guests: row!.guests }, `${context}: ${sent.name}`).toEqual({ date: b.date, time: b.time, guests: b.guests });
      if (sent.kind === "hold") {
        expect(row!.status, `${context}: ${sent.name}`).toBe("held");
        expect(row!.payment_reference && payments.has(row!.payment_reference), `${context}: ${sent.name}'s payment record`).toBe(true);
      } else {
        expect(row!.type).toBe(b.type);
        expect(row!.status).toBe(b.type === "secretGarden" ? "confirmed" : "pending");
      }
    }

    // No slot (or garden spot) over capacity (R13, R15).
    const now = new Date();
    const load = new Map<string, number>();
    for (const r of rows) {
      if (!occupiesSeats({ status: r.status as BookingStatus, holdExpiresAt: r.hold_expires_at }, now)) continue;
      const key = r.type === "secretGarden" ? `${r.type}|${r.date}|${r.time}|${r.garden_spot_id}` : `${r.type}|${r.date}|${r.time}`;
      load.set(key, (load.get(key) ?? 0) + (r.type === "secretGarden" && GARDEN.find((g) => g.id === r.garden_spot_id)?.isPrivate ? 1 : r.guests));
    }
    for (const [key, used] of load) {
      const [type, , , spotId] = key.split("|");
      const spot = GARDEN.find((g) => g.id === spotId);
      const capacity =
        type === "secretGarden" ? (spot!.isPrivate ? 1 : spot!.capacity) : capacityPerSlot(settings, type as "afternoonTea" | "table" | "picnicHamper");
      expect(used, `${context}: ${key} holds ${used} of ${capacity}`).toBeLessThanOrEqual(capacity);
    }
    return { bookings: rows.length };
  } finally {
    db.close();
  }
}

describe("crash safety: SIGKILL under booking load loses no acknowledged booking (R13, R19)", () => {
  it(`${ROUNDS} rounds of load and kill, then a clean restart`, async () => {
    const port = await freePort();
    const dates = bookableDates(ROUNDS + 1);
    expect(dates.length).toBe(ROUNDS + 1);
    expect(slotsForDate(settings, "afternoonTea", dates[0]!, new Date())).toContain("13:00");
    const acknowledged: Sent[] = [];
    const context = (round: number) => `CRASH_SEED=${SEED} round ${round}`;

    for (let round = 1; round <= ROUNDS; round++) {
      const { proc, exited } = await start(port);
      const load = driveLoad(port, round, dates);
      await new Promise((r) => setTimeout(r, between(50, 1_500)));
      proc.kill("SIGKILL");
      const exit = await exited;
      await load.stop();
      expect(exit.signal, context(round)).toBe("SIGKILL");
      acknowledged.push(...load.acknowledged);
      expect(load.counts.sent, `${context(round)}: ${JSON.stringify(load.counts)}`).toBeGreaterThan(0);
      const seen = checkDatabase(acknowledged, context(round));
      if (process.env.CRASH_DEBUG) console.log(context(round), load.counts, seen);
    }
    // Load did reach the server and its limits: some requests were taken, some refused as full.
    expect(acknowledged.length, `CRASH_SEED=${SEED}`).toBeGreaterThan(ROUNDS);

    // A last start on the same file: it still serves, counts what is there and takes bookings.
    const { proc, exited } = await start(port);
    const availability = (await (await fetch(`http://127.0.0.1:${port}/api/availability?type=table&date=${dates[0]}`)).json()) as {
      slots: { remaining: number }[];
    };
    expect(availability.slots.every((x: { remaining: number }) => x.remaining >= 0)).toBe(true);
    const res = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
      body: JSON.stringify({
        type: "table",
        date: dates[ROUNDS],
        time: "15:00",
        guests: 2,
        name: "After the crashes",
        email: "after@example.com",
        phone: "01234 567890",
        diningPreference: "lunch",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    proc.kill("SIGTERM");
    expect((await exited).code, server!.log().slice(-2000)).toBe(0);
    const { bookings } = checkDatabase(acknowledged, `CRASH_SEED=${SEED} after a clean stop`);
    expect(bookings).toBeGreaterThan(acknowledged.length);
  }, 120_000);
});
