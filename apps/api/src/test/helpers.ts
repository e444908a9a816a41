import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { DEMO_STAFF } from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { createAppContext } from "../composition-root.js";
import { loadEnv } from "../env.js";
import type { SpaRoots } from "../http/static.js";
import type { Logger } from "../logger.js";
import type { OutboxRow } from "../db/schema.js";
import { deliverableMail } from "../mail/outbox.js";
import type { DeliverableMail } from "../mail/transports.js";
import { testDatabase, type TestContext } from "./pg-databases.js";

/** A Wednesday morning in June, London summer time: tests never depend on the real clock. */
export const TEST_NOW = new Date("2027-06-02T08:00:00Z");

/** A fetch Response whose JSON is untyped, for brevity in tests. */
export type TestResponse = Omit<Response, "json"> & { json(): Promise<any> };

export interface TestServer {
  app: FastifyInstance;
  ctx: TestContext;
  /** http://127.0.0.1:<port> */
  url: string;
  clock: { now: Date };
  /**
   * fetch against the server; JSON bodies are sent as application/json. `from` is the client
   * address the request comes from, through X-Forwarded-For: only on a server started with
   * TRUST_PROXY=true, as one behind a reverse proxy (see `newVisitor`).
   */
  request(
    path: string,
    init?: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string; cookie?: string; from?: string },
  ): Promise<TestResponse>;
  /** Signs the demo staff account in; the session cookie header to send with admin requests. */
  login(): Promise<string>;
  close(): Promise<void>;
}

let visitors = 0;

/**
 * A client address no other request of the test run has used (10.x.y.z), for `request({ from })`.
 * R23 bounds what one address may hold and request; a test whose bookings stand for a crowd of
 * visitors sends each from a visitor of its own.
 */
export function newVisitor(): string {
  const n = ++visitors;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A real server on a random port over a fresh SQLite file built by the migrations and seed:
 * each test file gets its own (on PostgreSQL, a fresh database: src/test/pg-databases.ts).
 */
export async function startTestServer(opts: { env?: Record<string, string>; now?: Date; spaRoots?: SpaRoots; logger?: Logger } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "tearoom-api-test-"));
  const database = await testDatabase(dir);
  // Staff passwords hashed at a 128th of OWASP's scrypt cost: each sign-in takes a millisecond, not a
  // fifth of a second. Tests of the hash and of its timing ask for SCRYPT_COST=17; production refuses less.
  const scrypt = opts.env?.NODE_ENV === "production" ? {} : { SCRYPT_COST: "10" };
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...database.env,
    PUBLIC_ORIGIN: "http://localhost:3000",
    ...scrypt,
    ...opts.env,
  });
  const clock = { now: opts.now ?? TEST_NOW };
  const ctx = database.attach(await createAppContext(env, { now: () => clock.now, ...(opts.logger ? { logger: opts.logger } : {}) }));
  const app = await buildApp({ ctx, spaRoots: opts.spaRoots ?? { web: join(dir, "no-web"), admin: join(dir, "no-admin") } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const request: TestServer["request"] = (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers["content-type"] ??= "application/json";
    if (init.cookie) headers.cookie = init.cookie;
    if (init.from !== undefined) {
      if (!env.TRUST_PROXY) throw new Error("request({ from }) needs a server started with TRUST_PROXY=true");
      headers["x-forwarded-for"] = init.from;
    }
    return fetch(`${url}${path}`, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      redirect: "manual",
    });
  };
  let cookie: string | undefined;
  return {
    app,
    ctx,
    url,
    clock,
    request,
    async login() {
      if (cookie) return cookie;
      const res = await request("/api/admin/login", { json: DEMO_STAFF });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      return cookie;
    },
    async close() {
      await app.close();
      await ctx.close();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A queued e-mail as it would be sent: its rendered text and HTML, from the outbox's content_json. */
export interface QueuedMail extends Omit<DeliverableMail, "attachments"> {
  /** Everything the recipient would read: subject, both bodies and attachments. */
  all: string;
}

/** A port nobody uses at this moment, for a server a test starts as a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The outbox, oldest first; `to` and `kind` narrow it. */
export function queuedMails(s: TestServer, filter: { to?: string; kind?: string } = {}): QueuedMail[] {
  const rows = s.ctx.sqlite.prepare("SELECT * FROM outbox ORDER BY id").all() as OutboxRow[];
  return rows
    .filter((r) => (filter.to === undefined || r.to_address === filter.to) && (filter.kind === undefined || r.kind === filter.kind))
    .map((row) => {
      const mail = deliverableMail(row);
      return {
        id: mail.id,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        headers: mail.headers,
        all: [mail.subject, mail.text, mail.html, ...mail.attachments.map((a) => a.content)].join("\n"),
      };
    });
}

/** The token of the newest newsletter confirmation link e-mailed to `email`. */
export function confirmationToken(s: TestServer, email: string): string {
  const mail = queuedMails(s, { to: email, kind: "newsletter-confirm" }).at(-1);
  const token = mail && /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation e-mail to ${email}`);
  return token;
}

/** Subscribes `email` to the newsletter and confirms it as its owner would, through the e-mailed link. */
export async function subscribeConfirmed(s: TestServer, email: string, extra: Record<string, unknown> = {}): Promise<void> {
  const asked = await s.request("/api/newsletter/subscribe", { json: { email, ...extra } });
  if (asked.status !== 202) throw new Error(`subscribe: ${asked.status} ${await asked.text()}`);
  const confirmed = await s.request("/api/newsletter/confirm", { json: { token: confirmationToken(s, email.toLowerCase()) } });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
}
