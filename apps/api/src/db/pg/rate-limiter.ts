import { sql } from "kysely";
import type { Db } from "../database.js";
import type { Limiter, LimiterBlocked, LimiterHit } from "../../limiter.js";
import { coalescing } from "./coalesce.js";
import { PREPARE } from "./pool.js";

/**
 * `RateLimiter`'s fixed windows in PostgreSQL's `rate_limits` table (migration 017, decision
 * 021), so every instance counts against one budget per client. Hits are counted by an upsert
 * that counts and, once the window has ended, starts the next: two instances counting the same
 * client at once are serialised by the row, never both let through on a stale count. The hits
 * that arrive while one upsert is in flight share the next (db/pg/coalesce.ts): one round trip
 * for a crowd of requests.
 */
export class DatabaseRateLimiter implements Limiter {
  private lastSweep = 0;
  private readonly hits = coalescing((keys: string[]) => this.hitAll(keys));

  constructor(
    private readonly db: Db,
    private readonly bucket: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
  ) {}

  hit(key: string): Promise<LimiterHit> {
    return this.hits(key);
  }

  /** Counts `keys` (a key may come more than once) in one upsert; each hit's answer in order. */
  private async hitAll(keys: string[]): Promise<LimiterHit[]> {
    const now = this.clock();
    await this.sweep(now);
    const next = now + this.windowMs;
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    // In one order on every instance, so two upserts of the same keys cannot deadlock.
    const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, n]) => ({ key, n }));
    const { rows: stored } = await sql<{ key: string; count: number; reset_at: number }>`${PREPARE}
      INSERT INTO rate_limits (bucket, key, count, reset_at)
      SELECT ${this.bucket}::text, v.key, v.n, ${next}::bigint FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(key text, n integer)
      ON CONFLICT (bucket, key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${now}::bigint THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${now}::bigint THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING key, count, reset_at`.execute(this.db);
    const after = new Map(stored.map((r) => [r.key, r]));
    const counted = new Map<string, number>();
    return keys.map((key) => {
      const { count, reset_at } = after.get(key)!;
      // The hits of one key in this upsert are counted in the order they came.
      const earlier = counted.get(key) ?? 0;
      counted.set(key, earlier + 1);
      const mine = count - counts.get(key)! + 1 + earlier;
      return { allowed: mine <= this.max, retryAfterSeconds: Math.max(1, Math.ceil((Number(reset_at) - now) / 1000)) };
    });
  }

  async isBlocked(key: string): Promise<LimiterBlocked> {
    const now = this.clock();
    const row = await this.db
      .selectFrom("rate_limits" as never)
      .select(["count", "reset_at"] as never[])
      .where(sql<boolean>`bucket = ${this.bucket} AND key = ${key} AND reset_at > ${now}`)
      .executeTakeFirst();
    if (!row) return { blocked: false, retryAfterSeconds: 0 };
    const { count, reset_at } = row as { count: number; reset_at: number };
    return { blocked: count >= this.max, retryAfterSeconds: Math.max(1, Math.ceil((Number(reset_at) - now) / 1000)) };
  }

  async release(key: string): Promise<void> {
    await sql`UPDATE rate_limits SET count = count - 1 WHERE bucket = ${this.bucket} AND key = ${key} AND reset_at > ${this.clock()} AND count > 0`.execute(
      this.db,
    );
  }

  async reset(key: string): Promise<void> {
    await sql`DELETE FROM rate_limits WHERE bucket = ${this.bucket} AND key = ${key}`.execute(this.db);
  }

  /** Ended windows are deleted once a window, as RateLimiter sweeps its map. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    await sql`DELETE FROM rate_limits WHERE bucket = ${this.bucket} AND reset_at <= ${now}`.execute(this.db);
  }
}
