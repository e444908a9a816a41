import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { freePort } from "./test/helpers.js";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The real process (`src/server.ts`, run as `pnpm dev` runs it) on 127.0.0.1: R22 and R43 are
 * about what the server does before and as it listens, which only the process itself shows.
 */

const apiDir = fileURLToPath(new URL("..", import.meta.url));
const PROCESS_TIMEOUT_MS = 25_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-server-"));
  for (const app of ["web", "admin"]) {
    mkdirSync(join(dir, app));
    writeFileSync(
      join(dir, app, "index.html"),
      `<!doctype html><html lang="en-GB"><head><title>${app}</title></head><body><div id="root"></div></body></html>`,
    );
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** The server with only these variables (nothing inherited, so no Stripe key slips in). */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, TZ: "UTC", WEB_DIST: join(dir, "web"), ADMIN_DIST: join(dir, "admin"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), PROCESS_TIMEOUT_MS);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitFor(check: () => boolean, what: string, started: Started): Promise<void> {
  const deadline = Date.now() + PROCESS_TIMEOUT_MS;
  while (!check()) {
    if (started.child.exitCode !== null) throw new Error(`the server exited before ${what}: ${started.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${PROCESS_TIMEOUT_MS} ms: ${started.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const production = (port: number, databaseUrl: string) => ({
  NODE_ENV: "production",
  ADMIN_USERNAME: "manager",
  ADMIN_PASSWORD: "a-long-secret",
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: "info",
});

describe("a production start (R22)", () => {
  it("is refused without Stripe keys, in one line naming what to set, before anything listens or is created", async () => {
    const port = await freePort();
    const data = join(dir, "refused");
    const server = startServer(production(port, join(data, "tearoom.sqlite")));
    const code = await server.exited;
    expect(code).not.toBe(0);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start: /);
    expect(lines[0]).toContain("STRIPE_SECRET_KEY");
    expect(lines[0]).toContain("PAYMENT_PROVIDER=demo");
    expect(server.stdout()).not.toContain("listening");
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(existsSync(data)).toBe(false);
  });

  it("with PAYMENT_PROVIDER=demo starts, says so in its log, and shows the banner on the public site", async () => {
    const port = await freePort();
    const server = startServer({ ...production(port, join(dir, "demo", "tearoom.sqlite")), PAYMENT_PROVIDER: "demo" });
    try {
      await waitFor(() => server.stdout().includes("tearoom server listening"), "listening log line", server);
      const listening = server
        .stdout()
        .split("\n")
        .find((l) => l.includes("tearoom server listening"))!;
      expect(JSON.parse(listening)).toMatchObject({ mode: "production", payments: "demo" });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/api/payments/config`)).json()).toEqual({ provider: "demo" });
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<body><div role="region" aria-label="Test mode"');
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });
});

/** Whether a TCP connection to host:port is accepted (within two seconds). */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** One of this machine's own addresses other than loopback, as another machine on its network would reach it. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && !a.internal && a.family === "IPv4")?.address;

/** The entries the server logged at `level` (pino's number: 40 is warn). */
const logged = (started: Started, level: number) =>
  started
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown })
    .filter((entry) => entry.level === level);

describe("the demo is private (R43)", () => {
  it.skipIf(!networkAddress)("listens on 127.0.0.1 only: the machine's own network address refuses it", async () => {
    const address = networkAddress!;
    // The address takes connections: a port listening there is reached, so a refusal below is the server's.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, address, resolve));
    const probePort = (probe.address() as { port: number }).port;
    try {
      expect(await connects(address, probePort)).toBe(true);
    } finally {
      probe.close();
    }

    const port = await freePort();
    // The embedded default: no HOST, no staff login of its own, not production.
    const server = startServer({ PORT: String(port), DATABASE_URL: join(dir, "private", "tearoom.sqlite"), LOG_LEVEL: "info" });
    try {
      await waitFor(() => server.stdout().includes("tearoom server listening"), "listening log line", server);
      expect(logged(server, 30).find((entry) => entry.msg === "tearoom server listening")).toMatchObject({ host: "127.0.0.1", mode: "development" });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/api/admin/demo-hint`)).json()).not.toBeNull();
      expect(await connects(address, port)).toBe(false);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });

  it("warns at a production start on a plain-http PUBLIC_ORIGIN that cookies cannot be Secure, and not on https", async () => {
    const warnings: Record<string, { msg: string }[]> = {};
    for (const origin of ["http", "https"] as const) {
      const port = await freePort();
      const publicOrigin = origin === "http" ? `http://localhost:${port}` : "https://tearoom.example.co.uk";
      const server = startServer({
        ...production(port, join(dir, `cookies-${origin}`, "tearoom.sqlite")),
        PAYMENT_PROVIDER: "demo",
        PUBLIC_ORIGIN: publicOrigin,
      });
      try {
        await waitFor(() => server.stdout().includes("tearoom server listening"), "listening log line", server);
        warnings[origin] = logged(server, 40);
      } finally {
        server.child.kill("SIGTERM");
      }
      expect(await server.exited).toBe(0);
    }
    expect(warnings.http).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(/^PUBLIC_ORIGIN is not https: staff session cookies cannot be Secure/),
        publicOrigin: expect.stringMatching(/^http:\/\/localhost:/),
      }),
    ]);
    expect(warnings.https).toEqual([]);
  }, 60_000);
});
