// Ten years of data (issue "Ten years of data"): every admin list, search, stats call and the
// dashboard against a database holding what a busy tearoom leaves behind, then the public
// availability read while staff page through lists at the same time, and the day's room (R44) on
// the busiest day.
import autocannon from "autocannon";
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fillGrowthData } from "./growth-data.mjs";
import { median, root, startServer, stop } from "./lib.mjs";
import { aSaturday } from "./reads.mjs";

const require = createRequire(join(root, "apps/api/package.json"));
const Database = require("better-sqlite3");

const MEDIAN_MS = 50;
/** R54: a report over a year of the ten years. */
const REPORT_MEDIAN_MS = 200;
const MAX_KB = 200;
const OCCUPANCY_P99_MS = 50;

/** The Saturday with the most bookings holding seats in the data set, and how many. */
function busiestSaturday(file) {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        "SELECT date, count(*) AS bookings FROM bookings WHERE status NOT IN ('cancelled', 'declined') AND strftime('%w', date) = '6' GROUP BY date ORDER BY bookings DESC, date LIMIT 1",
      )
      .get();
  } finally {
    db.close();
  }
}

/** What staff read: each admin list (first and a later page), its searches and stats, and the dashboard. */
const READS = [
  ["GET /api/bookings (first page)", "/api/bookings"],
  ["GET /api/bookings?page=40", "/api/bookings?page=40"],
  ["GET /api/bookings?search=<surname>", "/api/bookings?search=thornton"],
  ["GET /api/bookings?search=<name and e-mail>", "/api/bookings?search=ada%20lovelace.12"],
  ["GET /api/bookings?search=<reference>", "/api/bookings?includeCancelled=true&search=TR-005ZZZ"],
  // R55: guest records, one per address (every booking here has its own).
  ["GET /api/guests (first page)", "/api/guests"],
  ["GET /api/guests?search=<surname>", "/api/guests?search=thornton"],
  ["GET /api/guests?search=<name and e-mail>", "/api/guests?search=ada%20lovelace.12"],
  ["GET /api/vouchers (first page)", "/api/vouchers"],
  ["GET /api/vouchers?search=<surname>", "/api/vouchers?search=hopper"],
  ["GET /api/vouchers?status=active", "/api/vouchers?status=active"],
  ["GET /api/vouchers/stats", "/api/vouchers/stats"],
  ["GET /api/newsletters (first page)", "/api/newsletters"],
  ["GET /api/newsletters?search=<name>", "/api/newsletters?search=grace"],
  ["GET /api/newsletters/stats", "/api/newsletters/stats"],
  ["GET /api/inquiries (first page)", "/api/inquiries"],
  ["GET /api/inquiries?resolved=true&page=20", "/api/inquiries?resolved=true&page=20"],
  ["GET /api/inquiries/stats", "/api/inquiries/stats"],
  ["dashboard.summary (tRPC)", "/api/trpc/dashboard.summary"],
  ["vouchers.list (tRPC, the admin screen's call)", `/api/trpc/vouchers.list?input=${encodeURIComponent(JSON.stringify({ page: 2 }))}`],
];

async function signIn(base, env) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`staff sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function timed(url, cookie) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

export async function benchGrowth({ env, add }) {
  const port = 3903;
  const base = `http://127.0.0.1:${port}`;
  const file = join(mkdtempSync(join(tmpdir(), "tearoom-growth-")), "tearoom.sqlite");
  const growthEnv = { ...env, PORT: String(port), DATABASE_URL: file, PUBLIC_ORIGIN: `http://localhost:${port}` };

  // GROWTH_DATABASE=<file> keeps the data set there and starts from a copy of it on later runs,
  // so two builds can be compared on the same rows without building them again.
  const kept = process.env.GROWTH_DATABASE;
  let child;
  if (kept && existsSync(kept)) {
    copyFileSync(kept, file);
  } else {
    // The server's own start-up migrates the new file (and seeds it); then ten years go in at once.
    ({ child } = await startServer("apps/api/dist/server.js", growthEnv, `${base}/healthz`));
    await stop(child);
    const started = performance.now();
    const counts = fillGrowthData(file);
    add(
      `growth data set (${Object.values(counts)
        .reduce((a, b) => a + b, 0)
        .toLocaleString("en-GB")} rows) built in`,
      (performance.now() - started) / 1000,
      "s",
      "info",
      true,
    );
    if (kept) copyFileSync(file, kept);
  }

  const busiest = busiestSaturday(file);
  ({ child } = await startServer("apps/api/dist/server.js", growthEnv, `${base}/healthz`));
  try {
    const cookie = await signIn(base, growthEnv);
    for (const [name, path] of READS) {
      const runs = [];
      for (let i = 0; i < 3; i++) await timed(base + path, cookie);
      for (let i = 0; i < 15; i++) runs.push(await timed(base + path, cookie));
      const ms = median(runs.map((r) => r.ms));
      const kb = runs[0].bytes / 1024;
      add(`${name} median`, ms, "ms", `≤ ${MEDIAN_MS}`, ms <= MEDIAN_MS);
      add(`${name} size`, kb, "KB", `≤ ${MAX_KB}`, kb <= MAX_KB);
    }

    // R54: every report (and its CSV) over the last full year of the data set.
    const year = { from: new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) };
    const range = `from=${year.from}&to=${year.to}`;
    const REPORTS = [
      ["GET /api/reports/takings (a year)", `/api/reports/takings?${range}`],
      ["GET /api/reports/takings-accounting.csv (a year)", `/api/reports/takings-accounting.csv?${range}`],
      ["GET /api/reports/covers?groupBy=day (a year)", `/api/reports/covers?${range}&groupBy=day`],
      ["GET /api/reports/covers?groupBy=slot (a year)", `/api/reports/covers?${range}&groupBy=slot`],
      ["GET /api/reports/covers?groupBy=type (a year)", `/api/reports/covers?${range}&groupBy=type`],
      ["GET /api/reports/no-shows (a year)", `/api/reports/no-shows?${range}`],
      ["GET /api/reports/vouchers (a year)", `/api/reports/vouchers?at=${year.to}&from=${year.from}`],
    ];
    for (const [name, path] of REPORTS) {
      const runs = [];
      for (let i = 0; i < 2; i++) await timed(base + path, cookie);
      for (let i = 0; i < 7; i++) runs.push(await timed(base + path, cookie));
      const ms = median(runs.map((r) => r.ms));
      add(`${name} median`, ms, "ms", `≤ ${REPORT_MEDIAN_MS}`, ms <= REPORT_MEDIAN_MS);
    }

    // The room's day (R44) as the staff screen asks for it, on the busiest Saturday: 20 unmeasured,
    // then 200 one after the other; the 99th percentile is the second slowest.
    const occupancy = `${base}/api/occupancy?date=${busiest.date}`;
    for (let i = 0; i < 20; i++) await timed(occupancy, cookie);
    const times = [];
    for (let i = 0; i < 200; i++) times.push((await timed(occupancy, cookie)).ms);
    const p99 = [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.99) - 1];
    add("GET /api/occupancy (ten years) p99", p99, "ms", `≤ ${OCCUPANCY_P99_MS}`, p99 <= OCCUPANCY_P99_MS);
    add(`GET /api/occupancy (ten years) median, ${busiest.date}: ${busiest.bookings} bookings`, median(times), "ms", "info", true);

    // Staff page through every list while visitors read availability (as in reads.mjs: 2 s
    // unmeasured, then 10 s measured): two staff members, each asking for the next page of the
    // next list every quarter of a second, much faster than anyone reads a page.
    let staffRequests = 0;
    let stopStaff = false;
    const member = async (offset) => {
      for (let n = offset; !stopStaff; n++) {
        const [, path] = READS[n % READS.length];
        const page = 1 + (Math.floor(n / READS.length) % 60);
        const url = new URL(path, base);
        if (!path.includes("/trpc/")) url.searchParams.set("page", String(page));
        await timed(url.href, cookie).catch(() => undefined);
        staffRequests++;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const staff = Promise.all([member(0), member(7)]);
    const url = `${base}/api/availability?type=afternoonTea&date=${aSaturday()}`;
    const load = (duration) =>
      new Promise((resolve, reject) =>
        autocannon({ url, connections: 50, duration, title: "availability with staff paging" }, (err, res) => (err ? reject(err) : resolve(res))),
      );
    await load(2);
    const ours = await load(10);
    stopStaff = true;
    await staff;
    if (ours.non2xx > 0) throw new Error(`availability answered ${ours.non2xx} non-2xx responses`);
    add("availability p99 while staff page (ten years)", ours.latency.p99, "ms", "< 15", ours.latency.p99 < 15);
    add("availability req/s while staff page", ours.requests.average, "req/s", "info", true);
    add("staff list reads answered meanwhile", staffRequests, "req", "info", true);
  } finally {
    await stop(child);
  }
}
