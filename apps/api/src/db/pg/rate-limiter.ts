import { sql } from "kysely";
import type { Db } from "../database.js";
import type { Limiter, LimiterBlocked, LimiterHit } from "../../http/rate-limit.js";

/**
 * `RateLimiter`'s fixed windows in PostgreSQL's `rate_limits` table (migration 017, decision
 * 021), so every instance counts against one budget per client. Each hit is one upsert that
 * counts and, once the window has ended, starts the next: two instances counting the same client
 * at once are serialised by the row, never both let through on a stale count.
 */
export class DatabaseRateLimiter implements Limiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly bucket: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
  ) {}

  async hit(key: string): Promise<LimiterHit> {
    const now = this.clock();
    await this.sweep(now);
    const next = now + this.windowMs;
    const { rows } = await sql<{ count: number; reset_at: number }>`
      INSERT INTO rate_limits (bucket, key, count, reset_at) VALUES (${this.bucket}, ${key}, 1, ${next})
      ON CONFLICT (bucket, key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${next} ELSE rate_limits.reset_at END
      RETURNING count, reset_at`.execute(this.db);
    const { count, reset_at } = rows[0]!;
    return { allowed: count <= this.max, retryAfterSeconds: Math.max(1, Math.ceil((Number(reset_at) - now) / 1000)) };
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
