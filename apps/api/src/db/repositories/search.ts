import { sql, type RawBuilder } from "kysely";

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

/** `id IN (rows of <index> matching the search)`; `index` is one of migration 006's FTS5 tables. */
export function matchesSearch(index: "bookings_search" | "gift_vouchers_search" | "newsletter_subscriptions_search", match: string): RawBuilder<boolean> {
  return sql<boolean>`id IN (SELECT rowid FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${match})`;
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
