import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The real server (`src/server.ts` through tsx, so no build is needed) as a child process on a
 * database file and a loopback port, for the tests that only a process shows: kill -9, another
 * process reading the file, a full disk, the request log.
 */

export const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  /** Everything the process wrote to standard output and error so far. */
  log(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), and waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server with only the variables it needs (nothing from the developer's shell: no
 * Stripe key or SMTP URL slips in) plus `env`, and waits until /healthz answers.
 */
export async function startServerProcess(opts: { databaseFile: string; port: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dirname(opts.databaseFile),
    TZ: "UTC",
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(opts.port),
    DATABASE_URL: opts.databaseFile,
    RATE_LIMIT_MAX: "1000000",
    LOG_LEVEL: "warn",
    // Each request may come from a visitor of its own (X-Forwarded-For): R23 limits one address.
    TRUST_PROXY: "true",
    ...opts.env,
  };
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], { cwd: API_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  proc.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    proc,
    port: opts.port,
    log: () => log,
    exited,
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      return exited;
    },
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`the server exited while starting:\n${log.slice(-3000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${opts.port}/healthz`);
      await res.arrayBuffer();
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs `script` (an ES module's source) in a Node process of its own, from this package's folder
 * so it can import better-sqlite3; resolves with its standard output, rejects on a non-zero exit.
 */
export function runNodeScript(script: string, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--input-type=module", "-e", script, "--", ...args], { cwd: API_DIR, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (err += d.toString()));
    proc.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`node script exited ${code}: ${err}`))));
  });
}
