import { createHash } from "node:crypto";
import { sql } from "kysely";

/**
 * A fingerprint of the booking settings (decision 021). An instance keeps the settings for a
 * moment (db/pg/shared-state.ts) while another may change them; each booking carries the stamp of
 * the settings it was checked against, and its write compares it with the stamp of the settings
 * as they are inside the write's transaction (`SETTINGS_STAMP`): a booking checked against
 * settings since changed is checked again, never stored.
 */
export function settingsStamp(rows: readonly { setting_key: string; setting_value: string }[]): string {
  // Byte order, as PostgreSQL's "C" collation sorts them below.
  const sorted = [...rows].sort((a, b) => Buffer.compare(Buffer.from(a.setting_key), Buffer.from(b.setting_key)));
  return createHash("md5")
    .update(sorted.map((r) => `${r.setting_key}=${r.setting_value}`).join("\n"))
    .digest("hex");
}

/** `settingsStamp` of the stored settings, worked out by PostgreSQL. */
export const SETTINGS_STAMP = sql<string>`(SELECT coalesce(md5(string_agg(setting_key || '=' || setting_value, E'\\n' ORDER BY setting_key COLLATE "C")), md5('')) FROM booking_settings)`;
