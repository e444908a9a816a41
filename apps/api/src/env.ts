import { isPostgresUrl } from "./db/database-url.js";
import { existsSync } from "node:fs";
import { DEMO_STAFF } from "@tearoom/domain";
import { z } from "zod";

/**
 * The server's configuration, read from the environment once at start and passed in everywhere
 * else: nothing outside this file reads `process.env`.
 */

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

const optional = z.string().trim().min(1).optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"], { error: "Use development, test or production" }).default("development"),
    PORT: z.coerce
      .number({ error: "Use a port number" })
      .int({ error: "Use a whole port number" })
      .min(0)
      .max(65535, { error: "Use a port from 0 to 65535" })
      .default(3000),
    // R43: unset, the demo (the demo staff login, outside production) listens on 127.0.0.1 only; see loadEnv.
    HOST: z.string().trim().min(1).optional(),
    // A file, never an in-memory database: the writer thread (workers/writer.ts) opens it too.
    // postgres://… or postgresql://… selects PostgreSQL instead (decision 021).
    DATABASE_URL: z
      .string()
      .trim()
      .min(1)
      .refine((v) => !/^(file:)?:memory:|mode=memory/.test(v), {
        error: "Use a file path such as ./data/tearoom.sqlite (an in-memory database cannot be shared with the writer thread)",
      })
      .default("./data/tearoom.sqlite"),
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/, error: "Use an origin such as https://www.example.co.uk" }).optional(),
    ADMIN_HOST: z
      .string()
      .trim()
      .toLowerCase()
      .regex(HOST_NAME, { error: "Use a host name such as admin.example.co.uk (no scheme, no port)" })
      .default("admin.localhost"),
    ADMIN_USERNAME: z.string().trim().min(1).max(100, { error: "Use at most 100 characters" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "Use at least 8 characters" }).max(200, { error: "Use at most 200 characters" }).optional(),
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** R22: unset means Stripe when its keys are set, else the demo provider (refused in production). */
    PAYMENT_PROVIDER: z.enum(["stripe", "demo"], { error: "Use stripe or demo" }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "Use an SMTP URL such as smtp://user:pass@mail.example.co.uk:587" }).optional(),
    // Where .eml files go without SMTP_URL: by default `outbox/` beside the SQLite file, or ./data/outbox on PostgreSQL.
    MAIL_DIR: z.string().trim().min(1).optional(),
    MAIL_FROM: z.string().trim().min(3).default("Heritage Tearoom <hello@heritagetearoom.co.uk>"),
    // Where the nightly backups go (R41): by default `backups/` beside the SQLite file (backup/nightly.ts).
    BACKUP_DIR: z.string().trim().min(1).optional(),
    RATE_LIMIT_MAX: z.coerce.number({ error: "Use a whole number" }).int({ error: "Use a whole number" }).min(1, { error: "Use 1 or more" }).default(30),
    /** log2 of scrypt's N for new password hashes; 17 is OWASP's cost, and tests lower it to hash quickly. */
    SCRYPT_COST: z.coerce
      .number({ error: "Use a whole number" })
      .int({ error: "Use a whole number" })
      .min(10, { error: "Use 10 or more" })
      .max(20, { error: "Use 20 or less" })
      .default(17),
    WEB_DIST: optional,
    ADMIN_DIST: optional,
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `Use one of ${LOG_LEVELS.join(", ")}` }).optional(),
    /** pretty: readable lines through pino-pretty, a development dependency (`pnpm dev` sets it). */
    LOG_FORMAT: z.enum(["json", "pretty"], { error: "Use json or pretty" }).default("json"),
    /**
     * Turns on GET /metrics for a Prometheus scraper sending `Authorization: Bearer <token>`;
     * unset, the route does not exist. Long enough not to be guessed.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, { error: "Use at least 16 characters (e.g. openssl rand -hex 32)" })
      .max(200, { error: "Use at most 200 characters" })
      .regex(/^[\x21-\x7e]+$/, { error: "Use letters, digits and punctuation only (no spaces)" })
      .optional(),
    /** R24: the proxies in front of the server, whose X-Forwarded-For entries are believed (see trustProxySetting). */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .transform((v, c) => {
        const setting = trustProxySetting(v);
        if (setting === null) {
          c.addIssue({ code: "custom", message: "Use false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or ranges" });
          return z.NEVER;
        }
        return setting;
      }),
  })
  .superRefine((env, issue) => {
    if (env.NODE_ENV === "production") {
      // R2: no demo credentials in production.
      if (!env.ADMIN_USERNAME)
        issue.addIssue({ code: "custom", path: ["ADMIN_USERNAME"], message: "Required in production (R2: no demo login in production)" });
      if (!env.ADMIN_PASSWORD)
        issue.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "Required in production (R2: no demo login in production)" });
      if (env.SCRYPT_COST < 17)
        issue.addIssue({ code: "custom", path: ["SCRYPT_COST"], message: "Use 17 or more in production (OWASP's scrypt cost); lower costs are for tests" });
      if (env.ADMIN_PASSWORD === DEMO_STAFF.password)
        issue.addIssue({
          code: "custom",
          path: ["ADMIN_PASSWORD"],
          message: "Choose your own password: this one is the demo's, published on the login page (R22)",
        });
    }
    if (!!env.ADMIN_USERNAME !== !!env.ADMIN_PASSWORD) {
      issue.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither",
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (stripe !== 0 && stripe !== 3) {
      issue.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "Set all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none (demo provider)",
      });
    }
    // R22: production never takes pretend money by accident; the demo provider there is a choice.
    if (stripe === 0 && env.PAYMENT_PROVIDER === "stripe") {
      issue.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
      });
    }
    if (stripe === 0 && !env.PAYMENT_PROVIDER && env.NODE_ENV === "production") {
      issue.addIssue({
        code: "custom",
        path: [],
        message: "production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=demo to take no real payments",
      });
    }
  });

/**
 * R24: what Fastify's `trustProxy` is given. `true` means one proxy hop, never "believe every
 * entry": the first X-Forwarded-For entry is written by the client itself. A number is the count
 * of proxies in front of the server (the client is that many entries from the right); a list
 * names the proxies' addresses or CIDR ranges. Null when the value is none of these.
 */
export function trustProxySetting(value: string): false | number | string[] | null {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^[0-9]{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const address = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?:\/[0-9]{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(?:\/[0-9]{1,3})?|loopback|linklocal|uniquelocal)$/;
  return entries.length > 0 && entries.every((e) => address.test(e)) ? entries : null;
}

type RawEnv = z.output<typeof EnvSchema>;

export interface Env extends Omit<RawEnv, "PUBLIC_ORIGIN" | "LOG_LEVEL" | "HOST"> {
  /** The interface to listen on: HOST, else 127.0.0.1 for the demo staff login (R43), else 0.0.0.0. */
  HOST: string;
  PUBLIC_ORIGIN: string;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  isProduction: boolean;
  /** Secure cookies with the __Host- prefix: production served over HTTPS (R1). */
  secureCookies: boolean;
  /** The SQLite file, with any `file:` prefix removed; empty on PostgreSQL. */
  databaseFile: string;
  /** The PostgreSQL connection URL when DATABASE_URL is one (decision 021), else null: SQLite. */
  postgresUrl: string | null;
  payments: "stripe" | "demo";
  email: "smtp" | "files";
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }

  /** Every problem on one line, as a refused start reports it (one log line per attempt). */
  get summary(): string {
    return `Refusing to start: ${this.problems.join("; ")}`;
  }
}

/** Reads and checks the configuration; throws EnvError listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // `.env.example` leaves optional values empty: an empty value means "not set".
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)));
  }
  const raw = parsed.data;
  const publicOrigin = new URL(raw.PUBLIC_ORIGIN ?? `http://localhost:${raw.PORT}`).origin;
  const isProduction = raw.NODE_ENV === "production";
  return {
    ...raw,
    // R43: the demo's published staff login never reaches the network unless HOST asks for it.
    HOST: raw.HOST ?? (!isProduction && !raw.ADMIN_USERNAME ? "127.0.0.1" : "0.0.0.0"),
    PUBLIC_ORIGIN: publicOrigin,
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === "test" ? "warn" : "info"),
    isProduction,
    secureCookies: isProduction && publicOrigin.startsWith("https:"),
    databaseFile: isPostgresUrl(raw.DATABASE_URL) ? "" : raw.DATABASE_URL.replace(/^file:/, ""),
    postgresUrl: isPostgresUrl(raw.DATABASE_URL) ? raw.DATABASE_URL : null,
    payments: raw.PAYMENT_PROVIDER ?? (raw.STRIPE_SECRET_KEY ? "stripe" : "demo"),
    email: raw.SMTP_URL ? "smtp" : "files",
  };
}

/**
 * `pnpm dev`: reads a `.env` file (KEY=value lines) into the environment when there is one, then
 * `defaults` for what neither sets; a variable set in the shell wins. Node's `--env-file` refuses
 * to start without the file.
 */
export function loadEnvFileIfPresent(file: string, defaults: Record<string, string> = {}): boolean {
  const found = existsSync(file);
  if (found) process.loadEnvFile(file);
  for (const [name, value] of Object.entries(defaults)) process.env[name] ||= value;
  return found;
}
