import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";

/** A refusal or failure the operator can act on: the message says what happened and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The files SQLite keeps beside a database file. */
export const sqliteCompanions = (file: string): string[] => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

export function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** Whether two paths name one file (the same path, or a link to it). Only stats: never opens either. */
export function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const [x, y] = [statOrNull(a), statOrNull(b)];
  return !!x && !!y && x.dev === y.dev && x.ino === y.ino;
}

/** Refuses `file` when it is the database or one of SQLite's files beside it. */
export function refuseDatabaseFiles(databaseFile: string, file: string, what: string): void {
  if ([databaseFile, ...sqliteCompanions(databaseFile)].some((f) => sameFile(f, file))) {
    throw new BackupError(`${file} is the database itself (or one of SQLite's files beside it); ${what}`);
  }
}

/**
 * Flushes a file we wrote to the disk. Only ever for files this process made (a backup, a copy
 * being restored): opening and closing a descriptor on the live database would drop the POSIX
 * locks the process's SQLite connections hold on it (R41).
 */
export function syncWrittenFile(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename inside `dir` durable. Some file systems cannot sync a folder; the rename then stands as it is. */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // EISDIR / EPERM / EINVAL on file systems without directory sync
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * An empty file only this user can read (R27: guests' details), made for SQLite to write into
 * under a temporary name beside `target`, so `target` only ever appears whole.
 */
export function partialFileFor(target: string, suffix: string): string {
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.${suffix}`);
  rmSync(partial, { force: true });
  closeSync(openSync(partial, "wx", 0o600));
  return partial;
}

/**
 * Copies the SQLite database `from` into the empty file `into` through SQLite itself.
 *
 * `VACUUM INTO` rather than the online backup API (better-sqlite3's `.backup()`): it reads the
 * database in one read transaction, so the copy is one consistent moment, and in WAL mode a reader
 * never blocks the writer, so bookings go on being stored meanwhile. The backup API copies pages a
 * step at a time and starts again whenever another connection commits (the writer thread does, all
 * the time under load), so it may never finish; copying in one step would hold the same read
 * transaction anyway. VACUUM INTO also leaves out free pages, so erased details (R39, R42) are not
 * carried into the copy, and the copy needs no -wal file beside it.
 */
export function copyDatabase(from: string, into: string): void {
  // Read-only: this connection can never checkpoint or change the database it reads.
  const source = new SQLite(from, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    source.prepare("VACUUM INTO ?").run(into);
  } finally {
    source.close();
  }
}

/**
 * An online, consistent backup of the SQLite file `databaseFile` into `target` (R41), safe while
 * the server serves: written under a temporary name, flushed, then renamed, readable by this user
 * only. Refuses an existing `target` unless `overwrite`.
 */
export function backupSqlite(databaseFile: string, target: string, opts: { overwrite?: boolean } = {}): { bytes: number } {
  if (!statOrNull(databaseFile)?.isFile()) throw new BackupError(`There is no database at ${databaseFile}`);
  refuseDatabaseFiles(databaseFile, target, "choose another file for the backup");
  const existing = statOrNull(target);
  if (existing?.isDirectory()) throw new BackupError(`${target} is a folder; name a file in it`);
  if (existing && !opts.overwrite) throw new BackupError(`${target} already exists; choose another name, or add --force to replace it`);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const partial = partialFileFor(target, "partial");
  try {
    copyDatabase(databaseFile, partial);
    syncWrittenFile(partial);
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  syncDirectory(dirname(target));
  return { bytes: statSync(target).size };
}
