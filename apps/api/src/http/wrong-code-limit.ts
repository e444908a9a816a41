import type { AppContext } from "../context.js";
import { clientNetwork } from "../client-key.js";
import { createLimiter, type Limiter } from "../rate-limit.js";

/** R35: a client may try 10 wrong voucher codes an hour. */
export const WRONG_CODES_PER_HOUR = 10;
export const WRONG_CODE_LIMIT_MESSAGE = "Too many codes that did not match a voucher. Please try again in an hour, or call us.";

/**
 * The wrong voucher codes a client has tried, per client network (an IPv6 client by its /64, as
 * R23 counts). Only wrong codes count, and a client over its limit is refused every check, a
 * right code included: otherwise the limit would still let a guesser learn which code is right.
 */
export function wrongCodeLimiter(ctx: AppContext): { blocked(ip: string): Promise<number | null>; wrong(ip: string): Promise<number | null> } {
  let limiter = ctx.cache.get("wrong-voucher-codes") as Limiter | undefined;
  if (!limiter) {
    limiter = createLimiter(ctx, "wrong-voucher-codes", WRONG_CODES_PER_HOUR, 60 * 60_000);
    ctx.cache.set("wrong-voucher-codes", limiter);
  }
  const l = limiter;
  return {
    /** Seconds until the client may try again, or null if it may now. */
    blocked: async (ip) => {
      const state = await l.isBlocked(clientNetwork(ip));
      return state.blocked ? state.retryAfterSeconds : null;
    },
    /** Counts a wrong code; the seconds to wait if that one was over the limit, else null. */
    wrong: async (ip) => {
      const hit = await l.hit(clientNetwork(ip));
      return hit.allowed ? null : hit.retryAfterSeconds;
    },
  };
}
