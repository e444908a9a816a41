import { parentPort, workerData } from "node:worker_threads";
import { backupSqlite } from "./sqlite-backup.js";

// The nightly backup's thread (nightly.ts): better-sqlite3 runs VACUUM INTO on the thread that
// calls it, and on a large database that takes seconds the request thread must not lose. Its
// connection shares the process's SQLite locks with the server's own, as the writer thread's does.
const { databaseFile, target } = workerData as { databaseFile: string; target: string };
try {
  const { bytes } = backupSqlite(databaseFile, target);
  parentPort!.postMessage({ ok: true, bytes });
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
