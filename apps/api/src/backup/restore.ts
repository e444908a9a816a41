import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { migrations } from "../db/database.js";
import { runningServerPid } from "./pid-file.js";
import {
  BackupError,
  copyDatabase,
  partialFileFor,
  refuseDatabaseFiles,
  sqliteCompanions,
  statOrNull,
  syncDirectory,
  syncWrittenFile,
} from "./sqlite-backup.js";

const errorCode = (err: unknown): string => String((err as { code?: unknown }).code ?? "");

/**
 * Checks that `file` is a whole tearoom database this version can run: SQLite's
 * `integrity_check` finds nothing wrong, and it has the migrations table with no migration this
 * version does not know (a newer version's database would fail at start). Opens it read-only.
 */
export function checkBackup(file: string): { migrations: number } {
  if (!statOrNull(file)?.isFile()) throw new BackupError(`There is no backup file at ${file}`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const problems = (db.pragma("integrity_check(5)") as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.join() !== "ok") throw new BackupError(`${file} is damaged (SQLite's integrity check: ${problems.join("; ")}); choose another backup`);
    const hasMigrations = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'kysely_migration'").get();
    const applied = hasMigrations ? (db.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all() as string[]) : [];
    if (!applied.includes("001-initial")) throw new BackupError(`${file} is a SQLite database but not a tearoom one (it has no tearoom migrations)`);
    const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
    if (unknown.length > 0) {
      throw new BackupError(`${file} comes from a newer version of the tearoom (migration ${unknown[0]} is unknown here); restore it with that version`);
    }
    return { migrations: applied.length };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (errorCode(err) === "SQLITE_NOTADB") throw new BackupError(`${file} is not a SQLite database`);
    if (errorCode(err).startsWith("SQLITE_CORRUPT")) throw new BackupError(`${file} is damaged (${(err as Error).message}); choose another backup`);
    throw err;
  } finally {
    db?.close();
  }
}

/**
 * Whether another process has the database open, as SQLite's own locks tell: a connection in WAL
 * mode holds a shared lock on the file for as long as it is open, so asking for the exclusive
 * locking mode fails while any server, or a `sqlite3` shell, has it open. A process killed with
 * -9 holds nothing. When it succeeds, closing this connection checkpoints the old WAL into the old
 * file, which is about to be replaced anyway.
 */
function openElsewhere(databaseFile: string): boolean {
  if (!existsSync(databaseFile)) return false;
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(databaseFile, { fileMustExist: true, timeout: 1_000 });
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE; COMMIT");
    return false;
  } catch (err) {
    // A damaged database can fail otherwise; it is the one being replaced.
    return /^SQLITE_(BUSY|LOCKED)/.test(errorCode(err));
  } finally {
    db?.close();
  }
}

/**
 * Refuses while a server runs on the database: first by the pid file the server writes beside it
 * (pid-file.ts), which is there even when SQLite's locks cannot be trusted, then by SQLite's locks.
 */
function refuseWhileOpen(databaseFile: string): void {
  const pid = runningServerPid(databaseFile);
  if (pid !== null) {
    throw new BackupError(
      `The server (process ${pid}) is running on ${databaseFile}; stop it first, then restore. ` +
        `If process ${pid} is not the server, delete ${databaseFile}.pid and try again`,
    );
  }
  if (openElsewhere(databaseFile)) throw new BackupError(`Another process has ${databaseFile} open (SQLite reports it locked); stop it first, then restore`);
}

export interface Restored {
  bytes: number;
  migrations: number;
  /** SQLite's files of the replaced database that were removed (its -wal, -shm). */
  removed: string[];
}

/**
 * Replaces the SQLite database with the backup `backupFile` (R41), once the server has stopped
 * and the backup has passed `checkBackup`. The backup is copied by SQLite into a file beside the
 * database, flushed, and renamed over it. The old database's -wal and -shm go first: an old WAL
 * beside the new file would be replayed into it.
 */
export function restoreSqlite(databaseFile: string, backupFile: string): Restored {
  refuseDatabaseFiles(databaseFile, backupFile, "name a backup file");
  refuseWhileOpen(databaseFile);
  const checked = checkBackup(backupFile);
  mkdirSync(dirname(databaseFile), { recursive: true, mode: 0o700 });
  const partial = partialFileFor(databaseFile, "restoring");
  const removed: string[] = [];
  try {
    copyDatabase(backupFile, partial);
    syncWrittenFile(partial);
    // Again, now that the copy is ready: a server may have started meanwhile.
    refuseWhileOpen(databaseFile);
    for (const file of sqliteCompanions(databaseFile)) {
      if (!existsSync(file)) continue;
      rmSync(file, { force: true });
      removed.push(file);
    }
    renameSync(partial, databaseFile);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  syncDirectory(dirname(databaseFile));
  return { bytes: statSync(databaseFile).size, migrations: checked.migrations, removed };
}
