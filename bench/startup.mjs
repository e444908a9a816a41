// Start-up: from process start to /healthz answering, on an existing (already migrated) database.
import { median, startServer, stop } from "./lib.mjs";

export async function benchStartup({ env, add }) {
  const port = "3902";
  const url = `http://127.0.0.1:${port}/healthz`;
  const times = [];
  for (let i = 0; i < 5; i++) {
    const { child, readyMs } = await startServer("apps/api/dist/server.js", { ...env, PORT: port }, url);
    times.push(readyMs);
    await stop(child);
  }
  const ms = median(times);
  add("start-up to /healthz (median of 5)", ms, "ms", "< 1000", ms < 1000);
}
