// API reads: GET /api/availability against a bare Fastify hello-world, same machine, same load.
import autocannon from "autocannon";
import { startServer, stop } from "./lib.mjs";

const load = (url, title, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration, title }, (err, res) => (err ? reject(err) : resolve(res)));
  });

/**
 * 10 s measured after 2 s of the same load unmeasured, for both servers alike: the figures are for
 * a server in service, not for its first second of compiling the route's code (which alone put up
 * to 400 ms answers into the p99).
 */
async function run(url, title) {
  await load(url, `${title} (warm-up)`, 2);
  return load(url, title, 10);
}

/** A date a few weeks ahead that is a Saturday, so availability has slots to compute. */
export function aSaturday() {
  const d = new Date(Date.now() + 21 * 86400_000);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

export async function benchReads({ base, add }) {
  const { child } = await startServer("bench/hello.mjs", { PORT: "3901" }, "http://127.0.0.1:3901/hello");
  try {
    const hello = await run("http://127.0.0.1:3901/hello", "hello");
    const ours = await run(`${base}/api/availability?type=afternoonTea&date=${aSaturday()}`, "availability");
    if (ours.non2xx > 0) throw new Error(`availability answered ${ours.non2xx} non-2xx responses`);
    const ratio = (ours.requests.average / hello.requests.average) * 100;
    add("hello-world req/s (50 connections)", hello.requests.average, "req/s", "reference", true);
    add("GET /api/availability req/s", ours.requests.average, "req/s", "≥ 25% of hello", ratio >= 25);
    add("availability / hello-world", ratio, "%", "≥ 25", ratio >= 25);
    add("GET /api/availability p99", ours.latency.p99, "ms", "< 15", ours.latency.p99 < 15);
  } finally {
    await stop(child);
  }
}
