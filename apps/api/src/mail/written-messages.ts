import { readdir, readFile, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Env } from "../env.js";

/**
 * The .eml files the file transport writes when there is no SMTP server (R17), named
 * `<outbox id, six digits>-<kind>.eml`: where they are, and removing a person's (R42).
 */

/** Where .eml files go without SMTP: MAIL_DIR, else `outbox/` beside the database file, or ./data/outbox on PostgreSQL. */
export function mailDirectory(env: Pick<Env, "MAIL_DIR" | "postgresUrl" | "databaseFile">): string {
  if (env.MAIL_DIR) return env.MAIL_DIR;
  return env.postgresUrl ? join("data", "outbox") : join(dirname(env.databaseFile), "outbox");
}

/** The file name of outbox message `id` without its kind: every file of that message starts with it. */
export const messageFilePrefix = (id: number): string => `${String(id).padStart(6, "0")}-`;

/**
 * R42: deletes the written files of the outbox messages `ids`, and any other written message
 * that contains one of `texts` (lower-case; an address, a full name): files written before their
 * rows were removed, by an older version, stay no longer than the rows did. How many files it
 * removed. No folder (SMTP only, or nothing sent yet) is nothing to remove.
 */
export async function removeWrittenMessages(dir: string, ids: readonly number[], texts: readonly string[] = []): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml") || name.endsWith(".eml.tmp"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  const prefixes = new Set(ids.map(messageFilePrefix));
  let removed = 0;
  for (const name of names) {
    const file = join(dir, name);
    const byId = prefixes.has(name.slice(0, name.indexOf("-") + 1));
    // Undecoded: an address or name in a header or a plain part is written as it is.
    const byText = !byId && texts.length > 0 && mentionsAny((await readFile(file, "utf8").catch(() => "")).toLowerCase(), texts);
    if (!byId && !byText) continue;
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    });
    removed++;
  }
  return removed;
}

/** Whether `eml` holds one of `texts`, also where quoted-printable folded a line within it ("=\r\n"). */
function mentionsAny(eml: string, texts: readonly string[]): boolean {
  const unfolded = eml.includes("=\r\n") || eml.includes("=\n") ? eml.replace(/=\r?\n/g, "") : eml;
  return texts.some((text) => unfolded.includes(text));
}
