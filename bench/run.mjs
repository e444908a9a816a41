#!/usr/bin/env node
// `pnpm bench`: builds the project, measures it against its budgets on 127.0.0.1 with a fresh
// database, prints one table and writes bench/results/latest.json. Budgets are goals for the code.
// Options: --no-build, --only=reads,writes,pages,size,startup,growth,postgres; --db=postgres adds the
// postgres group (two instances on PostgreSQL, postgres.mjs) to the SQLite figures.
import { execSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, startServer, stop } from "./lib.mjs";
import { benchReads } from "./reads.mjs";
import { benchWrites } from "./writes.mjs";
import { benchPages } from "./pages.mjs";
import { benchSize } from "./size.mjs";
import { benchStartup } from "./startup.mjs";
import { benchGrowth } from "./growth.mjs";
import { benchPostgres } from "./postgres.mjs";

const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",") ?? ["reads", "writes", "pages", "size", "startup", "growth"];
if (args.includes("--db=postgres") && !only.includes("postgres")) only.push("postgres");
if (!args.includes("--no-build")) execSync("pnpm run build", { cwd: root, stdio: "inherit" });

// BENCH_PORT moves the servers (postgres: that port + 10 and + 11), BENCH_PG_PORT the cluster;
// BENCH_NODE_ARGS passes options to node for each server (lib.mjs), e.g. to profile one.
const port = Number(process.env.BENCH_PORT ?? 3900);
const dataDir = mkdtempSync(join(tmpdir(), "tearoom-bench-"));
const env = {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: join(dataDir, "tearoom.sqlite"),
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  RATE_LIMIT_MAX: "100000000",
  // The write load comes from thousands of visitors, each named in X-Forwarded-For (writes.mjs).
  TRUST_PROXY: "true",
  NODE_ENV: "production",
  ADMIN_USERNAME: "bench",
  ADMIN_PASSWORD: "bench-password-123",
  // No Stripe here: production takes the demo provider only when told (R22), and then shows its banner.
  PAYMENT_PROVIDER: "demo",
  LOG_LEVEL: "warn",
};
const base = `http://127.0.0.1:${port}`;
const results = [];
// Four significant decimals below 1 (a CLS of 0.00006 is not 0), two above.
const round = (value) => (Math.abs(value) < 1 ? Math.round(value * 10_000) / 10_000 : Math.round(value * 100) / 100);
const add = (name, value, unit, budget, pass) => results.push({ name, value: round(value), unit, budget, pass });

const onFreshDatabase = ["reads", "writes", "pages"].filter((g) => only.includes(g));
if (onFreshDatabase.length) {
  const { child } = await startServer("apps/api/dist/server.js", env, `${base}/healthz`);
  try {
    if (only.includes("reads")) await benchReads({ base, add });
    if (only.includes("writes")) await benchWrites({ base, env, add });
    if (only.includes("pages")) await benchPages({ base: `http://localhost:${port}`, add });
  } finally {
    await stop(child);
  }
}
if (only.includes("size")) await benchSize({ add });
if (only.includes("startup")) await benchStartup({ env, add });
// Its own server on a database of ten years (growth.mjs), after the others so it cannot slow them.
if (only.includes("growth")) await benchGrowth({ env, add });
// Two instances on one PostgreSQL (decision 021), last: a cluster of its own, started and removed here.
if (only.includes("postgres")) await benchPostgres({ env, add, ports: [port + 10, port + 11], pgPort: Number(process.env.BENCH_PG_PORT ?? 54328) });

const pad = (s, n) => String(s).padEnd(n);
// The widest figure name sets the first column, so long names (the growth group's) stay apart from their values.
const nameWidth = Math.max(46, ...results.map((r) => r.name.length + 2));
console.log(`\n${pad("figure", nameWidth)}${pad("value", 16)}${pad("budget", 18)}result`);
for (const r of results) console.log(`${pad(r.name, nameWidth)}${pad(`${r.value} ${r.unit}`, 16)}${pad(r.budget, 18)}${r.pass ? "pass" : "FAIL"}`);
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${results.filter((r) => r.pass).length} passed, ${results.filter((r) => !r.pass).length} failed`);
