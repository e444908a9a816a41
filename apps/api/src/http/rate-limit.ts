/**
 * A fixed-window counter per key, in memory (one process serves everything, R18). Small on
 * purpose: a few Map entries per active client, swept as windows end.
 */
export class RateLimiter {
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
