import { sql, type RawBuilder } from "kysely";
import type { DialectName } from "../dialect.js";

export type SearchIndex = "bookings_search" | "gift_vouchers_search" | "newsletter_subscriptions_search";

/** The searched columns of each index, as migration 006 made it (PostgreSQL's index is an expression of them). */
export const SEARCHED_COLUMNS: Record<SearchIndex, string[]> = {
  bookings_search: ["reference", "name", "email", "phone"],
  gift_vouchers_search: ["voucher_code", "recipient_name", "recipient_email", "sender_name", "sender_email"],
  newsletter_subscriptions_search: ["email", "first_name", "last_name"],
};

/**
 * The FTS5 query for an admin search box (decision 010): every word typed must start a word of one
 * of the searched columns, so "jane smi" finds "Jane Smith" and "ada@exa" finds "ada@example.com".
 * Words are letters and digits only, so nothing typed can be read as FTS5 syntax. Null when
 * nothing searchable was typed.
 */
export function prefixMatch(search: string | undefined): string | null {
  const words = (search ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/**
 * `id IN (rows of <index> matching the search)`; `index` is one of migration 006's FTS5 tables. On
 * PostgreSQL the same words, each a prefix, against the GIN index of the columns' words.
 */
export function matchesSearch(dialect: DialectName, index: SearchIndex, match: string): RawBuilder<boolean> {
  if (dialect === "postgres") return wordsMatch(index, SEARCHED_COLUMNS[index], match.replace(/"\*?/g, "").split(" "), true);
  return sql<boolean>`id IN (SELECT rowid FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${match})`;
}

/**
 * PostgreSQL: every word of `words` (letters and digits only) starts (`prefix`) or is a word of
 * `columns`, through the expression migration 006 indexed. `_index` names that index for the reader.
 */
export function wordsMatch(_index: SearchIndex, columns: string[], words: string[], prefix: boolean): RawBuilder<boolean> {
  const query = words.map((w) => (prefix ? `${w}:*` : w)).join(" & ");
  const text = sql.join(columns.map((c) => sql.ref(c)));
  return sql<boolean>`to_tsvector('simple', tearoom_words(${text})) @@ to_tsquery('simple', tearoom_fold(${query}))`;
}

/**
 * A search that is the start of a code every row shares the first word of ("TR-…" references,
 * "TEA-…" voucher codes): as words, "tr"* would match every row. Such a search is a range of the
 * column's unique index instead; null for any other search.
 */
export function codePrefix(search: string | undefined, prefix: "TR-" | "TEA-"): { from: string; to: string } | null {
  const code = (search ?? "").trim().toUpperCase();
  if (!code.startsWith(prefix) || !/^[A-Z0-9-]+$/.test(code)) return null;
  return { from: code, to: `${code}\uffff` };
}
