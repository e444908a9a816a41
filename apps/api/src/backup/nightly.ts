import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { addDays, londonNow, parseSetting, withDefaults } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import type { Env } from "../env.js";
import { getSettingsMap } from "../bookings/services/booking-settings.js";
import { startPeriodicJob } from "../workers/periodic.js";
import { BackupError, statOrNull } from "./sqlite-backup.js";

/** Where the nightly backups go: BACKUP_DIR, else `backups/` beside the SQLite file (R41). */
export function backupDirectory(env: Pick<Env, "BACKUP_DIR" | "databaseFile">): string {
  return env.BACKUP_DIR ?? join(dirname(env.databaseFile), "backups");
}

/** A nightly backup's file name: the London date it was taken. */
export const nightlyBackupName = (date: string): string => `tearoom-${date}.sqlite`;
const NIGHTLY_NAME = /^tearoom-(\d{4}-\d{2}-\d{2})\.sqlite$/;
// What a nightly backup interrupted by a crash leaves (sqlite-backup.ts `partialFileFor`), with its process id.
const NIGHTLY_PARTIAL = /^\.tearoom-\d{4}-\d{2}-\d{2}\.sqlite\.(\d+)\.partial$/;

/** From 02:00 London time: the tearoom is closed and its evening's e-mails have gone. */
const FIRST_MINUTE = 2 * 60;
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * What the nightly job does at `now`, given the London dates that have a backup: take today's
 * once it is 02:00 in London and there is none yet, and, once today's is there, drop those
 * dated `keepDays` days or more before today (so `keepDays` backups remain). A server that was
 * down at 02:00 takes the day's backup at its first check after starting, so no separate catch-up
 * rule is needed: the newest backup is at most a day and the ten minutes between checks old,
 * plus any time the server was stopped.
 */
export function nightlyPlan(now: Date, dates: readonly string[], keepDays: number): { take: string | null; drop: string[] } {
  const { date: today, minutes } = londonNow(now);
  const take = minutes >= FIRST_MINUTE && !dates.includes(today) ? today : null;
  // While today's backup is missing the old ones are all there is: keep every one of them.
  if (take === null && !dates.includes(today)) return { take, drop: [] };
  const cutoff = addDays(today, -keepDays);
  return { take, drop: dates.filter((d) => d <= cutoff) };
}

function listBackupDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The London dates of the nightly backups in `dir`. */
export function nightlyBackupDates(dir: string): string[] {
  return listBackupDir(dir)
    .map((name) => NIGHTLY_NAME.exec(name)?.[1])
    .filter((d): d is string => d !== undefined)
    .sort();
}

/** Seconds since the newest nightly backup in `dir` was written, or null when there is none. */
export function newestBackupAgeSeconds(dir: string, now: Date): number | null {
  let newest = -Infinity;
  for (const name of listBackupDir(dir)) {
    if (NIGHTLY_NAME.test(name)) newest = Math.max(newest, statOrNull(join(dir, name))?.mtimeMs ?? -Infinity);
  }
  return Number.isFinite(newest) ? Math.max(0, Math.round((now.getTime() - newest) / 1000)) : null;
}

/** The newest nightly backup's age in seconds, or null (none yet, or PostgreSQL); `/metrics` reports it as `tearoom_backup_age_seconds`. */
export function backupAgeSeconds(ctx: AppContext): number | null {
  return ctx.env.postgresUrl ? null : newestBackupAgeSeconds(backupDirectory(ctx.env), ctx.now());
}

const fromSources = import.meta.url.endsWith(".ts");

/** Runs `backupSqlite` on a thread of its own (backup.worker.ts); resolves once the backup is renamed into place. */
export function backupOnThread(databaseFile: string, target: string): Promise<{ bytes: number }> {
  const file = new URL(`./backup.worker.${fromSources ? "ts" : "js"}`, import.meta.url);
  const options = { workerData: { databaseFile, target } };
  // From the TypeScript sources (tests, `pnpm dev`) tsx compiles the worker, as for the writer thread (workers/writer.ts).
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const load = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = fromSources ? new Worker(load, { ...options, eval: true }) : new Worker(file, options);
  return new Promise((resolve, reject) => {
    worker.once("message", (reply: { ok: true; bytes: number } | { ok: false; message: string }) =>
      reply.ok ? resolve({ bytes: reply.bytes }) : reject(new BackupError(reply.message)),
    );
    worker.once("error", reject);
    // After an answer this changes nothing; without one, the thread died.
    worker.once("exit", (code) => reject(new Error(`The backup thread stopped without an answer (exit code ${code})`)));
  });
}

export type TakeBackup = (databaseFile: string, target: string) => Promise<{ bytes: number }>;

/**
 * One pass of the nightly job (R41): takes today's backup when `nightlyPlan` says so, then deletes
 * the nightly backups older than `backup_keep_days` and what an interrupted backup left. Files of
 * other names in the folder (backups taken by hand) are never touched. Nothing on PostgreSQL,
 * whose backups are pg_dump's (README).
 */
export async function runNightlyBackup(ctx: AppContext, take: TakeBackup = backupOnThread): Promise<{ taken: string | null; dropped: string[] }> {
  if (ctx.env.postgresUrl) return { taken: null, dropped: [] };
  const dir = backupDirectory(ctx.env);
  const keepDays = parseSetting(withDefaults(await getSettingsMap(ctx)), "backup_keep_days");
  const plan = nightlyPlan(ctx.now(), nightlyBackupDates(dir), keepDays);
  let taken: string | null = null;
  if (plan.take) {
    taken = join(dir, nightlyBackupName(plan.take));
    const started = performance.now();
    const { bytes } = await take(ctx.env.databaseFile, taken);
    ctx.logger.info({ event: "backup-taken", file: taken, bytes, ms: Math.round(performance.now() - started) }, "nightly backup taken");
  }
  const dropped = plan.drop.map((d) => join(dir, nightlyBackupName(d)));
  for (const name of listBackupDir(dir)) {
    const pid = NIGHTLY_PARTIAL.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid) dropped.push(join(dir, name));
  }
  for (const file of dropped) rmSync(file, { force: true });
  if (dropped.length > 0) ctx.logger.info({ event: "backups-deleted", files: dropped, keepDays }, "old nightly backups deleted");
  return { taken, dropped };
}

/** Checks every ten minutes whether a nightly backup is due (`nightlyPlan`); null on PostgreSQL, where there is no nightly job. */
export function startNightlyBackups(ctx: AppContext): { stop(): Promise<void> } | null {
  if (ctx.env.postgresUrl) return null;
  return startPeriodicJob(ctx, "nightly-backup", (c) => runNightlyBackup(c), CHECK_EVERY_MS);
}
