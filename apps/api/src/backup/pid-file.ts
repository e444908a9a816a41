import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The server names itself in a file beside the SQLite database (`tearoom.sqlite.pid`) while it
 * runs, so a restore can refuse to replace the database under it (R41). A pid file alone is
 * trusted only while its process is alive: kill -9 or a power cut leaves the file behind, and a
 * dead pid is then ignored, so a crash never blocks a restore. The restore also asks SQLite's own
 * locks (restore.ts), which see any process that has the database open, a server or not.
 */
export const pidFileOf = (databaseFile: string): string => `${databaseFile}.pid`;

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Writes this process's pid beside the database; the function returned removes it, if it still names this process. */
export function claimPidFile(databaseFile: string): () => void {
  const file = pidFileOf(databaseFile);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, `${process.pid}\n`, { mode: 0o644 });
  renameSync(temp, file);
  return () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of the server process named beside the database while it is alive; null when none is. */
export function runningServerPid(databaseFile: string): number | null {
  const pid = readPid(pidFileOf(databaseFile));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, under another user; ESRCH: gone.
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
