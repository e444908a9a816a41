export type LimiterHit = { allowed: boolean; retryAfterSeconds: number };
export type LimiterBlocked = { blocked: boolean; retryAfterSeconds: number };

/**
 * A fixed-window limit per key: in memory (`RateLimiter` in rate-limit.ts, synchronous) on
 * SQLite, in the database on PostgreSQL (db/pg/rate-limiter.ts), where several instances share it
 * (decision 021). Callers await each answer; an answer already there costs nothing to await. Its
 * own module, below both, so the database's limiter need not import the HTTP layer.
 */
export interface Limiter {
  hit(key: string): LimiterHit | Promise<LimiterHit>;
  isBlocked(key: string): LimiterBlocked | Promise<LimiterBlocked>;
  release(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}
