// Helpers shared by the benchmarks: child servers on loopback, waiting, gzip sizes.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

export const root = new URL("..", import.meta.url).pathname;

// BENCH_NODE_ARGS: options for node running each server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
// to see where a figure's time goes (node refuses --cpu-prof in NODE_OPTIONS).
const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [];

/** Starts a node script as a child process with env; resolves once `url` answers 200. */
export async function startServer(script, env, url, { timeoutMs = 20_000 } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { child, readyMs: performance.now() - started };
    } catch {}
    await sleep(10);
  }
  child.kill("SIGKILL");
  throw new Error(`${script} did not answer ${url} within ${timeoutMs} ms: ${stderr}`);
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([done, sleep(3000).then(() => child.kill("SIGKILL"))]);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
