// `--db=postgres` (decision 021): two instances of the built server on one PostgreSQL 15 database
// (a throwaway cluster from scripts/pg-cluster.sh), the load generator sending every other
// connection to each: availability reads, then booking writes for 10 s, then a check that every
// 2xx booking is stored and the room held (R44: no area over its seats at any
// 15-minute step, no type over its pacing). Figures sit beside the SQLite ones.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bookingRequest, openSlots, ROOM_QUERIES, roomOverflows } from "./booking-load.mjs";
import { root, startServer, stop } from "./lib.mjs";
import { aSaturday } from "./reads.mjs";

const require = createRequire(join(root, "apps/api/package.json"));

/** The same load on both instances at once, 25 connections each: one figure for the pair. */
async function roundRobin(bases, duration, request) {
  const results = await Promise.all(
    bases.map(
      (url) =>
        new Promise((resolve, reject) =>
          autocannon({ url, connections: 25, duration, ...(request ? { requests: [request] } : {}) }, (err, res) => (err ? reject(err) : resolve(res))),
        ),
    ),
  );
  return {
    perSecond: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

async function connect(url) {
  const { default: pg } = await import(require.resolve("pg"));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function query(url, text) {
  const client = await connect(url);
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function benchPostgres({ env, add, ports = [3910, 3911], pgPort = 54328 }) {
  const parent = mkdtempSync(join(tmpdir(), "tearoom-bench-pg-"));
  chmodSync(parent, 0o755);
  const cluster = join(parent, "cluster");
  const script = join(root, "scripts/pg-cluster.sh");
  const url = execFileSync("bash", [script, "start", cluster, String(pgPort)], { encoding: "utf8" }).trim();
  // The instances reach the database over its Unix socket, as instances on its own machine should
  // (README, "Running several instances"): each query is a round trip, and a socket's is cheaper than TCP's.
  const socketUrl = `postgres://postgres@/tearoom?host=${encodeURIComponent(cluster)}&port=${pgPort}`;
  const children = [];
  try {
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    // One after the other here; the two-instance test starts them together.
    for (const port of ports) {
      const { child } = await startServer(
        "apps/api/dist/server.js",
        { ...env, PORT: String(port), PUBLIC_ORIGIN: `http://localhost:${port}`, DATABASE_URL: socketUrl, MAIL_DIR: join(parent, `outbox-${port}`) },
        `http://127.0.0.1:${port}/healthz`,
      );
      children.push(child);
    }

    const availability = bases.map((b) => `${b}/api/availability?type=afternoonTea&date=${aSaturday()}`);
    await roundRobin(availability, 2);
    const reads = await roundRobin(availability, 10);
    if (reads.non2xx > 0) throw new Error(`availability on PostgreSQL answered ${reads.non2xx} non-2xx responses`);
    add("PostgreSQL ×2: GET /api/availability req/s", reads.perSecond, "req/s", "reference", true);
    add("PostgreSQL ×2: GET /api/availability p99", reads.p99, "ms", "reference", true);

    const targets = await openSlots(bases[0]);
    let accepted = [];
    const booking = bookingRequest(targets, (ref) => accepted.push(ref));
    await roundRobin(bases, 2, booking);
    // The warm-up's thousands of bookings, in tables that were empty: the planner's statistics,
    // as autovacuum keeps them on a running site (a table's first after its first minute).
    await query(url, "ANALYZE");
    const warmUp = accepted;
    accepted = [];
    const writes = await roundRobin(bases, 10, booking);
    const perSecond = accepted.length / 10;
    add("PostgreSQL ×2: POST /api/bookings accepted/s", perSecond, "req/s", "≥ 2000", perSecond >= 2000);
    add("PostgreSQL ×2: POST /api/bookings p99", writes.p99, "ms", "< 50", writes.p99 < 50);

    const client = await connect(url);
    try {
      const stored = new Set((await client.query("SELECT reference FROM bookings WHERE status <> 'cancelled'")).rows.map((r) => r.reference));
      const missing = [...warmUp, ...accepted].filter((ref) => !stored.has(ref)).length;
      add("PostgreSQL ×2: 2xx bookings missing", missing, "rows", "= 0", missing === 0);
      const rows = {};
      for (const [name, sql] of Object.entries(ROOM_QUERIES)) rows[name] = (await client.query(sql)).rows;
      const room = roomOverflows(rows);
      add("PostgreSQL ×2: area steps over seats", room.stepsOverSeats, "steps", "= 0", room.stepsOverSeats === 0);
      add("PostgreSQL ×2: start slots over pacing", room.slotsOverPacing, "slots", "= 0", room.slotsOverPacing === 0);
      add("PostgreSQL ×2: area steps with seats taken, recounted", room.stepsCounted, "steps", "info", room.stepsCounted > 0);
    } finally {
      await client.end();
    }
  } finally {
    for (const child of children) await stop(child);
    execFileSync("bash", [script, "stop", cluster]);
    rmSync(parent, { recursive: true, force: true });
  }
}
