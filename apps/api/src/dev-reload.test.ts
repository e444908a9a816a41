import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test/helpers.js";

/**
 * `pnpm dev` as a developer runs it: this package's own dev script, on a free port and a fresh
 * database. Many editors save by writing a temporary file and renaming it over the original, which
 * gives the file a new inode; a watcher that holds the old one (Node 20's `--watch`) restarts once
 * and then hears nothing more. Every save must restart the server, however it is written.
 */

const apiDir = fileURLToPath(new URL("..", import.meta.url));
const devScript = (JSON.parse(readFileSync(join(apiDir, "package.json"), "utf8")) as { scripts: { dev: string } }).scripts.dev;
// A module the server imports (not its entry point). A save adds a trailing comment only, and the
// file is put back byte for byte whatever happens.
const watched = join(apiDir, "src", "errors.ts");
const original = readFileSync(watched);
const restore = () => {
  if (!readFileSync(watched).equals(original)) writeFileSync(watched, original);
};

const LISTENING = "tearoom server listening";
// A start takes about 5 s on an idle two-core machine; the bounds leave room for the other test
// files running beside this one, and the first start also migrates a new database.
const FIRST_START_MS = 45_000;
const RESTART_MS = 25_000;

let child: ChildProcess | undefined;
let dataDir: string | undefined;

/** Stops the dev command and whatever it started (its own process group). */
async function stop(): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child!.pid!, signal);
    } catch {}
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

afterAll(async () => {
  restore();
  await stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The two ways editors save: the new content renamed over the original from a temporary file, or written into it. */
const saves = {
  rename(file: string, content: Buffer): void {
    writeFileSync(`${file}.tmp`, content);
    renameSync(`${file}.tmp`, file);
  },
  inPlace(file: string, content: Buffer): void {
    writeFileSync(file, content);
  },
};

describe("pnpm dev (the API's dev script)", () => {
  it("restarts the server on every save, renamed over the file or written into it", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tearoom-dev-"));
    const port = await freePort();
    let out = "";
    child = spawn(devScript, {
      shell: true,
      cwd: apiDir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        // As `pnpm run` gives it: the package's own binaries first.
        PATH: [join(apiDir, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
        HOME: process.env.HOME ?? dataDir,
        TZ: "UTC",
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: join(dataDir, "tearoom.sqlite"),
        WEB_DIST: join(dataDir, "no-web"),
        ADMIN_DIST: join(dataDir, "no-admin"),
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
        // The seeded demo password is hashed at a cheap cost: three starts must fit in the minute.
        SCRYPT_COST: "10",
      },
    });
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const starts = () => out.split("\n").filter((line) => line.includes(LISTENING)).length;
    const until = async (count: number, what: string, withinMs: number) => {
      const deadline = Date.now() + withinMs;
      while (starts() < count) {
        if (child!.exitCode !== null) throw new Error(`the dev command exited before ${what}:\n${out}`);
        if (Date.now() > deadline) throw new Error(`no ${what} within ${withinMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Give the watcher a moment to take up the files the new process loaded.
      await new Promise((r) => setTimeout(r, 1_000));
    };

    try {
      await until(1, "first start", FIRST_START_MS);
      // Twice by rename (the second is the one a watcher on the old inode misses), then once in
      // place: the watcher must now follow the file that replaced the original.
      const steps = [saves.rename, saves.rename, saves.inPlace];
      for (const [i, save] of steps.entries()) {
        save(watched, Buffer.concat([original, Buffer.from(`// saved ${i + 1}\n`)]));
        await until(i + 2, `restart after save ${i + 1} (${save.name})`, RESTART_MS);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      }
      expect(starts()).toBe(1 + steps.length);
    } finally {
      restore();
      await stop();
    }
  }, 150_000);
});
