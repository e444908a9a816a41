import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateSetting } from "../bookings/services/booking-settings.js";
import { onPostgres } from "../test/pg-databases.js";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { runCommand, USAGE } from "./command.js";
import { backupAgeSeconds, backupDirectory, newestBackupAgeSeconds, nightlyPlan, runNightlyBackup, startNightlyBackups } from "./nightly.js";
import { claimPidFile, pidFileOf } from "./pid-file.js";
import { checkBackup, restoreSqlite } from "./restore.js";
import { backupSqlite } from "./sqlite-backup.js";

const dir = mkdtempSync(join(tmpdir(), "tearoom-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A fresh folder with a WAL database of `rows` rows in `t`, left in the WAL (not checkpointed) by the connection returned. */
function walDatabase(rows: number): { folder: string; file: string; live: SQLite.Database } {
  const folder = join(dir, `case-${++n}`);
  mkdirSync(folder);
  const file = join(folder, "tearoom.sqlite");
  const live = new SQLite(file);
  live.pragma("journal_mode = WAL");
  live.pragma("wal_autocheckpoint = 0");
  live.exec("CREATE TABLE kysely_migration (name TEXT PRIMARY KEY, timestamp TEXT); CREATE TABLE t (x INTEGER)");
  live.prepare("INSERT INTO kysely_migration VALUES ('001-initial', '2027-01-01')").run();
  const insert = live.prepare("INSERT INTO t VALUES (?)");
  for (let i = 0; i < rows; i++) insert.run(i);
  return { folder, file, live };
}

function read<T>(file: string, fn: (db: SQLite.Database) => T): T {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const count = (file: string) => read(file, (db) => db.prepare("SELECT count(*) FROM t").pluck().get() as number);

describe("backupSqlite (R41)", () => {
  it("copies what is committed, WAL included, into a file only this user can read, with no -wal of its own", () => {
    const { folder, file, live } = walDatabase(50);
    const target = join(folder, "nested", "copy.sqlite");
    expect(backupSqlite(file, target).bytes).toBeGreaterThan(0);
    live.close();
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, "nested")).mode & 0o777).toBe(0o700);
    expect(count(target)).toBe(50);
    expect(read(target, (db) => [db.pragma("integrity_check", { simple: true }), db.pragma("journal_mode", { simple: true })])).toEqual(["ok", "delete"]);
    expect(readdirSync(join(folder, "nested"))).toEqual(["copy.sqlite"]);
  });

  it("refuses to replace a file unless told to, and never writes over the database or SQLite's files beside it", () => {
    const { folder, file, live } = walDatabase(3);
    const target = join(folder, "copy.sqlite");
    writeFileSync(target, "keep me");
    expect(() => backupSqlite(file, target)).toThrow(`${target} already exists; choose another name, or add --force to replace it`);
    live.prepare("INSERT INTO t VALUES (3)").run();
    backupSqlite(file, target, { overwrite: true });
    expect(count(target)).toBe(4);
    for (const own of [file, `${file}-wal`, `${file}-shm`]) {
      expect(() => backupSqlite(file, own, { overwrite: true })).toThrow("is the database itself");
    }
    expect(() => backupSqlite(join(folder, "missing.sqlite"), join(folder, "x.sqlite"))).toThrow("There is no database at");
    live.close();
    expect(readdirSync(folder).sort()).toEqual(["copy.sqlite", "tearoom.sqlite"]);
  });
});

describe("restoreSqlite (R41)", () => {
  it("replaces the database with a checked backup and removes the old database's -wal and -shm", () => {
    const { folder, file, live } = walDatabase(5);
    const backup = join(folder, "backup.sqlite");
    backupSqlite(file, backup);
    live.prepare("INSERT INTO t VALUES (99)").run();
    // A server killed with -9: its WAL and shared memory stay behind, and so does its pid file.
    live.close();
    writeFileSync(`${file}-wal`, "");
    writeFileSync(`${file}-shm`, "");
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(pidFileOf(file), `${dead}\n`);
    const restored = restoreSqlite(file, backup);
    // The check for other connections folds the old WAL into the old file and deletes it; the shared memory is left to remove.
    expect(restored).toMatchObject({ migrations: 1, removed: [`${file}-shm`] });
    expect(readdirSync(folder).sort()).toEqual(["backup.sqlite", "tearoom.sqlite", "tearoom.sqlite.pid"]);
    expect(count(file)).toBe(5);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses while the process named in the pid file is alive, or while another connection has the database open", () => {
    const { folder, file, live } = walDatabase(5);
    const backup = join(folder, "backup.sqlite");
    backupSqlite(file, backup);
    // This process's own connection counts: SQLite's locks are the same whichever process holds them.
    expect(() => restoreSqlite(file, backup)).toThrow(`Another process has ${file} open (SQLite reports it locked); stop it first, then restore`);
    live.close();
    writeFileSync(pidFileOf(file), `${process.ppid}\n`);
    expect(() => restoreSqlite(file, backup)).toThrow(`The server (process ${process.ppid}) is running on ${file}; stop it first, then restore.`);
    rmSync(pidFileOf(file));
    expect(restoreSqlite(file, backup).migrations).toBe(1);
  });

  it("refuses a backup made by a newer version, whose migrations this one does not know", () => {
    const { folder, file, live } = walDatabase(1);
    live.prepare("INSERT INTO kysely_migration VALUES ('999-from-the-future', '2030-01-01')").run();
    live.close();
    const backup = join(folder, "newer.sqlite");
    backupSqlite(file, backup);
    expect(() => checkBackup(backup)).toThrow(
      `${backup} comes from a newer version of the tearoom (migration 999-from-the-future is unknown here); restore it with that version`,
    );
  });

  it("the server's pid file names it until it removes it, and is left alone when another process has claimed it since", () => {
    const file = join(dir, "pid-case", "tearoom.sqlite");
    const release = claimPidFile(file);
    expect(Number(spawnSync("cat", [pidFileOf(file)]).stdout.toString())).toBe(process.pid);
    release();
    expect(existsSync(pidFileOf(file))).toBe(false);
    const releaseAgain = claimPidFile(file);
    writeFileSync(pidFileOf(file), "12345\n");
    releaseAgain();
    expect(existsSync(pidFileOf(file))).toBe(true);
  });
});

describe("the command line's answers (R41)", () => {
  function run(args: string[], env: Record<string, string>): { code: number; out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    const code = runCommand(args, { NODE_ENV: "test", ...env }, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  it("says how it is used: 0 when asked, 2 when used wrongly", () => {
    expect(run(["--help"], {})).toEqual({ code: 0, out: [USAGE], err: [] });
    for (const args of [
      [],
      ["backup"],
      ["copy", "x.sqlite"],
      ["backup", "a.sqlite", "b.sqlite"],
      ["restore", "x.sqlite", "--force"],
      ["backup", "--verbose"],
    ]) {
      expect(run(args, {}), args.join(" ")).toEqual({ code: 2, out: [], err: [USAGE] });
    }
  });

  it("refuses a configuration the server would refuse, and a PostgreSQL database, with 2", () => {
    expect(run(["backup", "x.sqlite"], { PORT: "eighty" })).toEqual({ code: 2, out: [], err: ["backup: invalid configuration: PORT: Use a port number"] });
    expect(run(["restore", "x.sqlite"], { DATABASE_URL: "postgresql://tearoom@db/tearoom" })).toEqual({
      code: 2,
      out: [],
      err: [
        `restore: DATABASE_URL is a PostgreSQL database; back it up with pg_dump -Fc and restore it with pg_restore --clean (README, "Backups and restore")`,
      ],
    });
  });

  it("prints one line of what it did (0), or of why not (1)", () => {
    const { folder, file, live } = walDatabase(2);
    live.close();
    const target = join(folder, "copy.sqlite");
    const taken = run(["backup", target], { DATABASE_URL: file });
    expect(taken.code).toBe(0);
    expect(taken.out).toEqual([expect.stringMatching(new RegExp(`^Backed up ${file} to ${target} \\(\\d+ KB in [0-9.]+ s\\)$`))]);
    expect(run(["backup", target], { DATABASE_URL: file })).toEqual({
      code: 1,
      out: [],
      err: [`backup: ${target} already exists; choose another name, or add --force to replace it`],
    });
    expect(run(["backup", target, "--force"], { DATABASE_URL: file }).code).toBe(0);
    writeFileSync(`${file}-shm`, "");
    expect(run(["restore", target], { DATABASE_URL: file })).toEqual({
      code: 0,
      out: [
        `Restored ${file} from ${target} (16 KB, integrity ok, 1 migration; removed the old database's -shm file); start the server, which applies any newer migrations`,
      ],
      err: [],
    });
    expect(run(["restore", file], { DATABASE_URL: file })).toEqual({
      code: 1,
      out: [],
      err: [`restore: ${file} is the database itself (or one of SQLite's files beside it); name a backup file`],
    });
    expect(run(["restore", join(folder, "nothing.sqlite")], { DATABASE_URL: file })).toEqual({
      code: 1,
      out: [],
      err: [`restore: There is no backup file at ${join(folder, "nothing.sqlite")}`],
    });
  });
});

describe("when the nightly backup is due (R41, London time)", () => {
  const none: string[] = [];
  it("takes the London day's backup from 02:00, once", () => {
    expect(nightlyPlan(new Date("2027-06-02T00:59:00Z"), none, 14)).toEqual({ take: null, drop: [] }); // 01:59 BST
    expect(nightlyPlan(new Date("2027-06-02T01:00:00Z"), none, 14)).toEqual({ take: "2027-06-02", drop: [] }); // 02:00 BST
    expect(nightlyPlan(new Date("2027-06-02T22:30:00Z"), ["2027-06-02"], 14)).toEqual({ take: null, drop: [] });
    expect(nightlyPlan(new Date("2027-06-02T23:30:00Z"), ["2027-06-02"], 14)).toEqual({ take: null, drop: [] }); // 00:30 on the 3rd
    expect(nightlyPlan(new Date("2027-12-02T01:59:00Z"), none, 14).take).toBeNull(); // GMT
    expect(nightlyPlan(new Date("2027-12-02T02:00:00Z"), none, 14).take).toBe("2027-12-02");
  });

  it("follows the clocks on the days they change", () => {
    // 28 March 2027: 01:00 GMT becomes 02:00 BST.
    expect(nightlyPlan(new Date("2027-03-28T00:59:00Z"), none, 14).take).toBeNull();
    expect(nightlyPlan(new Date("2027-03-28T01:00:00Z"), none, 14).take).toBe("2027-03-28");
    // 31 October 2027: 02:00 BST becomes 01:00 GMT, so 01:30 comes twice and 02:00 once.
    expect(nightlyPlan(new Date("2027-10-31T00:30:00Z"), none, 14).take).toBeNull();
    expect(nightlyPlan(new Date("2027-10-31T01:30:00Z"), none, 14).take).toBeNull();
    expect(nightlyPlan(new Date("2027-10-31T02:00:00Z"), none, 14).take).toBe("2027-10-31");
  });

  it("a server that was stopped at 02:00 takes the day's backup at its first check", () => {
    expect(nightlyPlan(new Date("2027-06-05T14:10:00Z"), ["2027-06-01"], 14).take).toBe("2027-06-05");
  });

  it("keeps backup_keep_days backups, and deletes none while the day's backup is missing", () => {
    const dates = ["2027-05-20", "2027-05-31", "2027-06-01", "2027-06-02"];
    const afterTwo = new Date("2027-06-02T09:00:00Z");
    expect(nightlyPlan(afterTwo, dates, 14).drop).toEqual([]);
    expect(nightlyPlan(afterTwo, dates, 2).drop).toEqual(["2027-05-20", "2027-05-31"]);
    expect(nightlyPlan(afterTwo, dates, 1).drop).toEqual(["2027-05-20", "2027-05-31", "2027-06-01"]);
    // The 3rd before 02:00: no backup of the 3rd yet, so nothing goes.
    expect(nightlyPlan(new Date("2027-06-03T00:30:00Z"), dates, 1)).toEqual({ take: null, drop: [] });
    // The 3rd after 02:00: the 3rd's is taken first, then the old ones go.
    expect(nightlyPlan(new Date("2027-06-03T01:30:00Z"), dates, 1)).toEqual({ take: "2027-06-03", drop: dates });
  });
});

describe.skipIf(onPostgres())("the nightly backup job (R41)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ now: new Date("2027-06-02T00:30:00Z") });
  });
  afterAll(() => s.close());

  const backups = () => readdirSync(backupDirectory(s.ctx.env)).sort();

  it("takes one backup a London night, beside the database by default, and prunes by backup_keep_days", async () => {
    const folder = backupDirectory(s.ctx.env);
    expect(folder).toBe(join(join(s.ctx.env.databaseFile, ".."), "backups"));
    expect(backupAgeSeconds(s.ctx)).toBeNull();

    // 01:30 in London: not yet.
    expect(await runNightlyBackup(s.ctx)).toEqual({ taken: null, dropped: [] });
    expect(existsSync(folder)).toBe(false);

    s.clock.now = new Date("2027-06-02T01:05:00Z"); // 02:05 BST
    const first = await runNightlyBackup(s.ctx);
    expect(first.taken).toBe(join(folder, "tearoom-2027-06-02.sqlite"));
    expect(statSync(first.taken!).mode & 0o777).toBe(0o600);
    expect(
      read(first.taken!, (db) => [
        db.pragma("integrity_check", { simple: true }),
        db.prepare("SELECT setting_value FROM booking_settings WHERE setting_key = 'backup_keep_days'").pluck().get(),
      ]),
    ).toEqual(["ok", "14"]);

    // The rest of the day, and the next night before 02:00: nothing more.
    for (const at of ["2027-06-02T01:15:00Z", "2027-06-02T16:00:00Z", "2027-06-03T00:55:00Z"]) {
      s.clock.now = new Date(at);
      expect(await runNightlyBackup(s.ctx), at).toEqual({ taken: null, dropped: [] });
    }
    s.clock.now = new Date("2027-06-03T01:10:00Z");
    expect((await runNightlyBackup(s.ctx)).taken).toBe(join(folder, "tearoom-2027-06-03.sqlite"));
    expect(backups()).toEqual(["tearoom-2027-06-02.sqlite", "tearoom-2027-06-03.sqlite"]);

    // Older nightly backups, one taken by hand and what a crash in the middle of a backup left.
    for (const name of ["tearoom-2027-05-20.sqlite", "tearoom-2027-05-31.sqlite", "tearoom-2027-06-01.sqlite", "by-hand.sqlite"]) {
      copyFileSync(first.taken!, join(folder, name));
    }
    writeFileSync(join(folder, ".tearoom-2027-06-01.sqlite.99999999.partial"), "");
    await updateSetting(s.ctx, "backup_keep_days", "3", "test");
    s.clock.now = new Date("2027-06-04T01:20:00Z");
    const third = await runNightlyBackup(s.ctx);
    expect(third.taken).toBe(join(folder, "tearoom-2027-06-04.sqlite"));
    expect(third.dropped.map((f) => f.slice(folder.length + 1)).sort()).toEqual([
      ".tearoom-2027-06-01.sqlite.99999999.partial",
      "tearoom-2027-05-20.sqlite",
      "tearoom-2027-05-31.sqlite",
      "tearoom-2027-06-01.sqlite",
    ]);
    expect(backups()).toEqual(["by-hand.sqlite", "tearoom-2027-06-02.sqlite", "tearoom-2027-06-03.sqlite", "tearoom-2027-06-04.sqlite"]);
  });

  it("answers the newest nightly backup's age in seconds", () => {
    const folder = backupDirectory(s.ctx.env);
    const at = (iso: string) => new Date(iso).getTime() / 1000;
    utimesSync(join(folder, "tearoom-2027-06-04.sqlite"), at("2027-06-04T01:20:00Z"), at("2027-06-04T01:20:00Z"));
    utimesSync(join(folder, "tearoom-2027-06-03.sqlite"), at("2027-06-03T01:10:00Z"), at("2027-06-03T01:10:00Z"));
    utimesSync(join(folder, "tearoom-2027-06-02.sqlite"), at("2027-06-02T01:05:00Z"), at("2027-06-02T01:05:00Z"));
    // A backup taken by hand is not a nightly one.
    utimesSync(join(folder, "by-hand.sqlite"), at("2027-06-04T09:00:00Z"), at("2027-06-04T09:00:00Z"));
    s.clock.now = new Date("2027-06-04T09:00:00Z");
    expect(backupAgeSeconds(s.ctx)).toBe(7 * 3600 + 40 * 60);
    expect(newestBackupAgeSeconds(join(dir, "no-such-folder"), s.clock.now)).toBeNull();
  });

  it("keeps the old backups when the day's cannot be written, and says why", async () => {
    writeFileSync(join(dir, "a-file"), "");
    const broken = { ...s.ctx, env: { ...s.ctx.env, BACKUP_DIR: join(dir, "a-file", "backups") } };
    s.clock.now = new Date("2027-06-05T01:20:00Z");
    await expect(runNightlyBackup(broken)).rejects.toThrow(/ENOTDIR/);
    expect(backups()).toHaveLength(4);
  });

  it("has nothing to do on PostgreSQL, whose backups are pg_dump's", async () => {
    const postgres = { ...s.ctx, env: { ...s.ctx.env, postgresUrl: "postgres://tearoom@localhost/tearoom" } };
    expect(startNightlyBackups(postgres)).toBeNull();
    expect(await runNightlyBackup(postgres)).toEqual({ taken: null, dropped: [] });
    expect(backupAgeSeconds(postgres)).toBeNull();
  });
});
