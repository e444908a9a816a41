import type { FastifyBaseLogger } from "fastify";

/**
 * A small structured (JSON lines) logger with the method shape Fastify expects, so the server
 * needs no logging dependency of its own. Callers log facts (ids, statuses, timings), never
 * personal data: no names, e-mails, phone numbers or request bodies.
 */

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = FastifyBaseLogger;

type Write = (line: string) => void;

function serialize(value: unknown): unknown {
  if (value instanceof Error) return { type: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(level: LogLevel, write: Write = (line) => process.stdout.write(line), bindings: Record<string, unknown> = {}): Logger {
  const threshold = LEVELS[level];
  const make = (name: Exclude<LogLevel, "silent">) => {
    const num = LEVELS[name];
    return (objOrMsg?: unknown, msg?: string) => {
      if (num < threshold) return;
      const entry: Record<string, unknown> = { level: num, time: Date.now(), ...bindings };
      if (typeof objOrMsg === "string") entry.msg = objOrMsg;
      else if (objOrMsg instanceof Error) {
        entry.err = serialize(objOrMsg);
        entry.msg = msg ?? objOrMsg.message;
      } else if (objOrMsg && typeof objOrMsg === "object") {
        for (const [k, v] of Object.entries(objOrMsg)) entry[k] = serialize(v);
        if (msg) entry.msg = msg;
      }
      write(`${JSON.stringify(entry)}\n`);
    };
  };
  const logger = {
    level,
    trace: make("trace"),
    debug: make("debug"),
    info: make("info"),
    warn: make("warn"),
    error: make("error"),
    fatal: make("fatal"),
    silent: () => undefined,
    child: (more: Record<string, unknown>) => createLogger(level, write, { ...bindings, ...more }),
  };
  return logger as unknown as Logger;
}
