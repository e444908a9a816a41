import { resolve } from "node:path";
import { EnvError, loadEnv } from "../env.js";
import { restoreSqlite } from "./restore.js";
import { BackupError, backupSqlite } from "./sqlite-backup.js";

export const USAGE = `Usage:
  node apps/api/dist/cli.js backup <file> [--force]   copy the database into <file> while the server runs (--force: replace <file>)
  node apps/api/dist/cli.js restore <file>            replace the database with the backup <file>; stop the server first
Run it where the server runs: it reads the same configuration (the environment, and ./.env if there is one).
Exit status: 0 done; 1 refused or failed (the message says why); 2 wrong use, bad configuration or a PostgreSQL database.`;

/** Where a command's lines go: what it did, or why it did not. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * `backup <file> [--force]` or `restore <file>` on the SQLite database the configuration names
 * (R41, decision 022); answers the exit status. Each prints one line.
 */
export function runCommand(args: string[], environment: Record<string, string | undefined>, output: CommandOutput): number {
  const [command, ...rest] = args;
  if (command === "help" || command === "--help" || command === "-h") {
    output.out(USAGE);
    return 0;
  }
  const force = rest.includes("--force");
  const files = rest.filter((a) => a !== "--force");
  if ((command !== "backup" && command !== "restore") || files.length !== 1 || files[0]!.startsWith("-") || (force && command !== "backup")) {
    output.err(USAGE);
    return 2;
  }
  const file = resolve(files[0]!);

  let databaseFile: string;
  try {
    const env = loadEnv(environment);
    if (env.postgresUrl) {
      output.err(
        `${command}: DATABASE_URL is a PostgreSQL database; back it up with pg_dump -Fc and restore it with pg_restore --clean (README, "Backups and restore")`,
      );
      return 2;
    }
    databaseFile = resolve(env.databaseFile);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    output.err(`${command}: invalid configuration: ${err.problems.join("; ")}`);
    return 2;
  }

  try {
    if (command === "backup") {
      const started = performance.now();
      const { bytes } = backupSqlite(databaseFile, file, { overwrite: force });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      output.out(`Backed up ${databaseFile} to ${file} (${size(bytes)} in ${seconds} s)`);
    } else {
      const { bytes, migrations, removed } = restoreSqlite(databaseFile, file);
      const names = removed.map((f) => f.slice(databaseFile.length)).join(" and ");
      const cleaned = removed.length > 0 ? `; removed the old database's ${names} file${removed.length > 1 ? "s" : ""}` : "";
      output.out(
        `Restored ${databaseFile} from ${file} (${size(bytes)}, integrity ok, ${migrations} migration${migrations === 1 ? "" : "s"}${cleaned}); start the server, which applies any newer migrations`,
      );
    }
    return 0;
  } catch (err) {
    output.err(`${command}: ${err instanceof BackupError ? err.message : `failed: ${err instanceof Error ? err.message : String(err)}`}`);
    return 1;
  }
}
