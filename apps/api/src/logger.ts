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

// pino's redact paths have no "any depth"; four levels cover a field, an object of fields
// (`form.email`), a request's headers (`req.headers.cookie`) and a body inside a request.
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`);
export const REDACTED_PATHS = PERSONAL_KEYS.flatMap((k) => ["", "*", "*.*", "*.*.*"].map((prefix) => (prefix ? `${prefix}${key(k)}` : key(k).replace(/^\./, ""))));
export const REDACTED = "[redacted]";

/**
 * A logger at `level`, writing each line to `write` (standard output by default); `pretty` sends
 * the lines through pino-pretty (a development dependency, so only where it is installed).
 */
export function createLogger(level: LogLevel, write?: Write, { pretty = false }: { pretty?: boolean } = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    // No pid or host name: one process per server, and the entries stay the size they were.
    base: null,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  if (write) return pino(options, { write });
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } });
  return pino(options);
}
