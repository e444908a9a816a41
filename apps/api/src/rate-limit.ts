import type { AppContext } from "./context.js";
import { DatabaseRateLimiter } from "./db/pg/rate-limiter.js";
import type { Limiter, LimiterBlocked, LimiterHit } from "./limiter.js";

export type { Limiter, LimiterBlocked, LimiterHit };

/** The limiter `bucket` of this deployment: `max` events per `windowMs` on the tearoom's clock. */
export function createLimiter(ctx: AppContext, bucket: string, max: number, windowMs: number): Limiter {
  const clock = () => ctx.now().getTime();
  return ctx.dialect === "postgres" ? new DatabaseRateLimiter(ctx.db, bucket, max, windowMs, clock) : new RateLimiter(max, windowMs, clock);
}

/**
 * Counts one attempt against each (limiter, key) unless one of them is already over its limit,
 * and answers that one (or null: counted). In memory the check and the counts are one
 * synchronous step, so attempts sent all at once cannot all pass the check before any is counted.
 * In the database each count is an atomic upsert that comes first; an attempt that finds itself
 * over a limit takes its counts back, so instances racing may refuse one attempt too many, never
 * let one too many through.
 */
export function countAttempt(entries: [Limiter, string][]): LimiterBlocked | null | Promise<LimiterBlocked | null> {
  if (entries.every(([limiter]) => limiter instanceof RateLimiter)) {
    for (const [limiter, key] of entries) {
      const state = limiter.isBlocked(key) as LimiterBlocked;
      if (state.blocked) return state;
    }
    for (const [limiter, key] of entries) limiter.hit(key);
    return null;
  }
  return (async () => {
    const hits = await Promise.all(entries.map(async ([limiter, key]) => limiter.hit(key)));
    const over = hits.find((h) => !h.allowed);
    if (!over) return null;
    await Promise.all(entries.map(async ([limiter, key]) => limiter.release(key)));
    return { blocked: true, retryAfterSeconds: over.retryAfterSeconds };
  })();
}

/**
 * A fixed-window counter per key, in memory (one process serves everything, R18). Small on
 * purpose: a few Map entries per active client, swept as windows end.
 */
export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one event for `key`; `allowed` is false once more than `max` happened in the window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.clock();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { allowed: w.count <= this.max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** Whether `key` is already over its limit, without counting. */
  isBlocked(key: string): { blocked: boolean; retryAfterSeconds: number } {
    const now = this.clock();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { blocked: false, retryAfterSeconds: 0 };
    return { blocked: w.count >= this.max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** Takes back one event counted for `key` in the current window (e.g. an attempt that turned out fine). */
  release(key: string): void {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.clock() && w.count > 0) w.count--;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
