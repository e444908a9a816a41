import type { FastifyBaseLogger } from "fastify";
import pino, { type LevelWithSilent } from "pino";

/**
 * Structured logs through pino, the logger Fastify is built around: one JSON line per entry (or
 * pino-pretty's lines with LOG_FORMAT=pretty, which `pnpm dev` sets). Callers log facts (ids,
 * statuses, timings), never personal data; the redaction below is the net under that rule.
 */

export type LogLevel = LevelWithSilent;
export type Logger = FastifyBaseLogger;

type Write = (line: string) => void;

/** Keys that hold personal data or secrets, wherever in a log entry they turn up (form fields, headers, bodies). */
const PERSONAL_KEYS = [
  "name",
  "firstName",
  "lastName",
  "username",
  "email",
  "recipientName",
  "recipientEmail",
  "senderName",
  "senderEmail",
  "phone",
  "address",
  "dietaryRequirements",
  "password",
  "token",
  "secret",
  "clientSecret",
  "cookie",
  "set-cookie",
  "authorization",
  "proxy-authorization",
  "x-api-key",
];

const PERSONAL = new Set(PERSONAL_KEYS.map((k) => k.toLowerCase()));
export const REDACTED = "[redacted]";
/** Levels below the entry that are searched: a field, a form, a request's headers, a body inside a job. */
const REDACT_DEPTH = 4;

/**
 * The entry with the value of every personal key replaced, in plain objects and arrays up to
 * REDACT_DEPTH deep; other values (errors, dates) are left to pino's serializers. A key walk, not
 * pino's `redact` paths: with wildcards for every depth those cost about 80 µs a line, more than
 * a whole availability request, where this costs about a microsecond.
 */
export function redactPersonal(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return depth >= REDACT_DEPTH ? value : value.map((item) => redactPersonal(item, depth + 1));
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const replaced = PERSONAL.has(key.toLowerCase()) ? REDACTED : depth < REDACT_DEPTH ? redactPersonal(field, depth + 1) : field;
    if (replaced !== field) (copy ??= { ...(value as Record<string, unknown>) })[key] = replaced;
  }
  return copy ?? value;
}

/**
 * A logger at `level`, writing each line to `write` (standard output by default); `pretty` sends
 * the lines through pino-pretty (a development dependency, so only where it is installed).
 */
export function createLogger(level: LogLevel, write?: Write, { pretty = false }: { pretty?: boolean } = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    // No pid or host name: one process per server, and the entries stay the size they were.
    base: null,
    formatters: {
      log: (entry) => redactPersonal(entry) as Record<string, unknown>,
      bindings: (bindings) => redactPersonal(bindings) as Record<string, unknown>,
    },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  if (write) return pino(options, { write });
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } });
  return pino(options);
}
