import { isPgSyncHandle } from "../test/pg-sync.js";
import { createHash } from "node:crypto";
import type SQLite from "better-sqlite3";
import fc from "fast-check";
import { expect } from "vitest";

/**
 * Shared pieces of the robustness fuzzers: a fingerprint of the whole database (to prove a
 * refused request wrote nothing), the check that an error answer is readable JSON, and
 * generators of values that are invalid for one field on their own, so that a valid body with
 * any of them put in is bad input whatever else it holds.
 */

/** Row count and a hash of the rows of every table: equal before and after means nothing was written. */
export function databaseFingerprint(sqlite: SQLite.Database): Record<string, string> {
  // On PostgreSQL (src/test/pg-sync.ts) the tables are listed by the information schema, all but
  // the rate limits' counts (migration 017), which a SQLite server keeps in memory.
  const tables = sqlite
    .prepare(
      isPgSyncHandle(sqlite)
        ? "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name"
        : "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = sqlite
      .prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`)
      .raw()
      .all() as unknown[][];
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    out[table] = `${rows.length} rows ${createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16)}`;
  }
  return out;
}

/** Words that betray an internal error leaking into a message meant for people. */
const UNREADABLE = /\n\s+at |\bstack\b|\[object |SQLITE|sqlite|TypeError|ReferenceError|RangeError|Cannot read|is not a function|\.ts:\d/;

/** Asserts a readable message: text, not too long, no internals. */
export function expectReadableMessage(message: unknown, context: string): void {
  expect(typeof message, `${context}: message should be a string, body message was ${JSON.stringify(message)}`).toBe("string");
  const text = message as string;
  expect(text.trim().length, `${context}: empty message`).toBeGreaterThan(2);
  expect(text.length, `${context}: message too long`).toBeLessThanOrEqual(600);
  expect(text, `${context}: message leaks internals`).not.toMatch(UNREADABLE);
}

/**
 * Asserts a refused answer: a 4xx (never a 5xx), a JSON body, and a readable message, either
 * `{ message }` (REST) or tRPC's `{ error: { message } }` (an array of them for a batch).
 */
export async function expectRefused(res: Response, context: string, allowed: (status: number) => boolean = (s) => s >= 400 && s < 500): Promise<unknown> {
  const text = await res.text();
  const where = `${context} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(allowed(res.status), `${where}: unexpected status`).toBe(true);
  expect(res.headers.get("content-type") ?? "", where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as unknown;
  const answers = Array.isArray(body) ? body : [body];
  for (const answer of answers) {
    const a = answer as { message?: unknown; error?: unknown; result?: unknown };
    expect(a.result, `${where}: a call in the batch succeeded`).toBeUndefined();
    const trpcError = typeof a.error === "object" && a.error !== null ? (a.error as { message?: unknown }) : null;
    expectReadableMessage(trpcError ? trpcError.message : a.message, where);
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Values that break one field.

/** Marks a field to be left out of the body. */
export const REMOVE: unique symbol = Symbol("remove");
export type Breaker = fc.Arbitrary<unknown>;

/** Printable and unprintable text: ASCII, any grapheme, any code unit (lone surrogates too). */
export const anyText = (maxLength = 40) =>
  fc.oneof(fc.string({ maxLength }), fc.string({ unit: "grapheme", maxLength }), fc.string({ unit: "binary", maxLength }));

/** Fillers that survive trimming, so a long string stays long. */
const FILLERS = ["x", "é", "😀", "\u0000", "\u202e", "<script>alert(1)</script>", "'; DROP TABLE bookings; --", "𝔘", '"\\', "ﷺ", "%s%n"];

/**
 * Strings longer than `max` characters after trimming: just over the limit, or enormous (past the
 * body limit). The schemas count characters (code points), not UTF-16 units, so fillers are
 * repeated by their number of code points.
 */
export const tooLong = (max: number) =>
  fc
    .tuple(fc.oneof(fc.integer({ min: max + 1, max: max + 40 }), fc.integer({ min: 20_000, max: 140_000 })), fc.constantFrom(...FILLERS))
    .map(([n, filler]) => filler.repeat(Math.ceil(n / Array.from(filler).length)));

/** Deeply nested arrays and objects. */
export const deepJunk = fc.integer({ min: 20, max: 600 }).chain((depth) =>
  fc.boolean().map((arrays) => {
    let v: unknown = "bottom";
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
    return v;
  }),
);

/** Any JSON value that is not a string (numbers of every size, booleans, null, arrays, objects, deep junk). */
export const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -0, 0),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyText(8), { maxLength: 3 }),
  fc.dictionary(anyText(8), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  deepJunk,
);

const blank = fc.constantFrom("", " ", "\t\n ", "\u00a0\u3000", "\u2028");

/** A required trimmed text of `min`–`max` characters. */
export function requiredText(min: number, max: number): Breaker {
  const short = min > 1 ? [fc.string({ maxLength: min - 1 }).filter((s) => s.trim().length < min)] : [];
  return fc.oneof(fc.constant(REMOVE), notAString, blank, tooLong(max), ...short);
}

/** An optional trimmed text of at most `max` characters: present, it must be a string that fits. */
export const optionalText = (max: number): Breaker => fc.oneof(notAString, tooLong(max));

/** A required e-mail address. */
export const email = (): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    notAString,
    blank,
    anyText().filter((s) => !s.includes("@")),
    fc.constantFrom("@example.com", "ada@", "ada@@example.com", "ada@example", ".ada@example.com", "ada lovelace@example.com"),
    tooLong(254),
  );

/**
 * A staff booking's e-mail address (R49): it may be empty (a phone booking), blank spaces included,
 * but must be there, a string, and a whole address when given.
 */
export const staffEmail = (): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    notAString,
    anyText().filter((s) => s.trim() !== "" && !s.includes("@")),
    fc.constantFrom("@example.com", "ada@", "ada@@example.com", "ada@example", ".ada@example.com", "ada lovelace@example.com"),
    tooLong(254),
  );

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
/** A required yyyy-MM-dd date; `alsoBad` adds well-formed dates the rules refuse (past, closed). */
export const isoDate = (alsoBad: string[] = []): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    notAString,
    anyText(20).filter((s) => !DATE_SHAPE.test(s)),
    fc.constantFrom(
      "2027-02-29",
      "2027-13-01",
      "2027-00-10",
      "2027-06-31",
      "0000-01-01",
      "2027-6-5",
      "05/06/2027",
      "2027-06-05T12:00:00Z",
      " 2027-06-05",
      "２０２７-０６-０５",
    ),
    ...(alsoBad.length ? [fc.constantFrom(...alsoBad)] : []),
  );

const TIME_SHAPE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A required HH:mm time; `alsoBad` adds well-formed times the rules refuse (not a slot). */
export const timeOfDay = (alsoBad: string[] = []): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    notAString,
    anyText(10).filter((s) => !TIME_SHAPE.test(s)),
    fc.constantFrom("24:00", "12:60", "9:00", "12:00:00", "12.00", " 12:00", "noon", "-1:00"),
    ...(alsoBad.length ? [fc.constantFrom(...alsoBad)] : []),
  );

/** A required whole number from 1 to `max` (coerced from text by the schema, so numeric text in range is avoided). */
export const guests = (max: number): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    fc.integer({ min: -1_000_000_000, max: 0 }),
    fc.integer({ min: max + 1, max: 1_000_000_000 }),
    fc.double({ min: -100, max: 100, noNaN: true }).filter((x) => !Number.isInteger(x)),
    fc.constantFrom("NaN", "Infinity", "-Infinity", "1e400", "abc", "", " ", "½", "٣", "1,5", "2 guests", null, {}, [1, 2], 1e308, -1e308, 2 ** 53 + 2),
    anyText(10).filter((s) => {
      const n = Number(s);
      return !(Number.isInteger(n) && n >= 1 && n <= max);
    }),
  );

/** A value of a fixed list (required unless said). */
export const oneOf = (values: readonly string[], required = true): Breaker =>
  fc.oneof(
    ...(required ? [fc.constant(REMOVE)] : []),
    notAString,
    anyText(20).filter((s) => !values.includes(s)),
    fc.constantFrom(...values.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`]).filter((v) => !values.includes(v))),
  );

/** A strict boolean (required unless said). */
export const strictBoolean = (required = true): Breaker =>
  fc.oneof(...(required ? [fc.constant(REMOVE)] : []), fc.constantFrom("true", "false", 1, 0, null, "yes", [], {}, [true]), anyText(8), fc.double());

/** A price in pounds, 0–100,000, whole pence (blank and null are refused, not read as 0). */
export const price = (): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    fc.constantFrom(null, "", " ", 1.001, 0.005, 29.999, -0.01, 100_000.01, "abc", "NaN", "Infinity", "£5", "5,00", "1e400", {}, [1, 2]),
    fc.double({ max: -0.01, noNaN: true }),
    fc.double({ min: 100_000.01, noNaN: true }),
    anyText(12).filter((s) => {
      const t = s.trim();
      if (t === "") return true;
      const n = Number(t);
      return !Number.isFinite(n) || n < 0 || n > 100_000 || Math.abs(n * 100 - Math.round(n * 100)) >= 1e-6;
    }),
  );

/** A tRPC id (a strict positive whole number), or one that names nothing. */
export const strictId = (): Breaker =>
  fc.oneof(
    fc.constant(REMOVE),
    fc.constantFrom(0, -1, 1.5, "1", null, true, [], {}, [1], "abc", Infinity),
    fc.integer({ min: -1_000_000, max: 0 }),
    fc.integer({ min: 1_000_000, max: 2 ** 31 }),
  );

/** Path segments that are not a positive whole number in plain decimal, or name nothing. */
export const junkIdSegment = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      "0",
      "-1",
      "1.5",
      "abc",
      "null",
      "undefined",
      "NaN",
      "Infinity",
      "-Infinity",
      "9007199254740993",
      "1e400",
      "%00",
      "1%00",
      "..%2F..%2Fetc%2Fpasswd",
      "1;DROP%20TABLE%20bookings",
      "%EF%BC%91",
      "%D9%A3",
      "%F0%9F%98%80",
    ),
    fc.constantFrom("0x1", "1e0", "%201", "1%20", "+1", "1.0", "0b1", "0o1"),
    fc.integer({ min: 1_000_000, max: 2 ** 31 }).map(String),
    anyText(30)
      .filter((s) => s.length > 0 && !/^\d+$/.test(s))
      .map(encodeURIComponent),
    fc.integer({ min: 150, max: 400 }).map((n) => "9".repeat(n)),
  );

/** Deep-copies a JSON body and applies the changes (dotted paths; REMOVE drops the field). */
export function withChanges(base: unknown, changes: [string, unknown][]): unknown {
  const body = structuredClone(base) as Record<string, unknown>;
  for (const [path, value] of changes) {
    const keys = path.split(".");
    let node: Record<string, unknown> = body;
    for (const k of keys.slice(0, -1)) {
      const next = node[k];
      if (next === null || typeof next !== "object") node[k] = {};
      node = node[k] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1]!;
    if (value === REMOVE) delete node[last];
    else node[last] = value;
  }
  return body;
}

/** Extra top-level keys a client might add; the schemas ignore them, so they never make a bad body good. */
const extras = (known: Set<string>) =>
  fc.dictionary(
    anyText(12).filter((k) => !known.has(k) && k !== "__proto__"),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), deepJunk),
    { maxKeys: 3 },
  );

/**
 * Bad bodies for an endpoint: its valid `base` with one to three fields broken (each breaker is
 * invalid on its own), sometimes with junk keys added; or no object at all; or an object missing
 * the `required` fields.
 */
export function badBodies(base: Record<string, unknown>, breakers: Record<string, Breaker>, required: string[] = []): fc.Arbitrary<unknown> {
  const keys = Object.keys(breakers);
  const known = new Set([...Object.keys(base), ...keys.map((k) => k.split(".")[0]!)]);
  const broken = fc
    .tuple(
      fc
        .shuffledSubarray(keys, { minLength: 1, maxLength: Math.min(3, keys.length) })
        .chain((picked) => fc.tuple(...picked.map((k) => breakers[k]!.map((v) => [k, v] as [string, unknown])))),
      fc.option(extras(known), { freq: 3 }),
    )
    .map(([changes, extra]) => {
      const body = withChanges(base, changes) as Record<string, unknown>;
      return extra ? { ...extra, ...body } : body;
    });
  const arms: fc.WeightedArbitrary<unknown>[] = [{ weight: 10, arbitrary: broken }];
  if (required.length > 0) {
    arms.push({
      weight: 1,
      arbitrary: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== "object" || Array.isArray(v)),
        deepJunk.filter(Array.isArray),
      ),
    });
    arms.push({
      weight: 1,
      arbitrary: fc.dictionary(anyText(12), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).filter((o) => required.some((k) => !(k in o))),
    });
  }
  return fc.oneof(...arms);
}

/** Describes a request for failure messages without printing megabytes. */
export function describeRequest(method: string, path: string, body: unknown): string {
  const json = body === undefined ? "" : JSON.stringify(body);
  return `${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} ${json.length > 300 ? `${json.slice(0, 300)}… (${json.length} chars)` : json}`;
}
