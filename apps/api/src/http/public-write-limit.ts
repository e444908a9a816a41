import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { clientNetwork } from "../client-key.js";
import { createLimiter, type Limiter } from "../rate-limit.js";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

function limiter(ctx: AppContext): Limiter {
  let l = ctx.cache.get("public-write-limiter") as Limiter | undefined;
  if (!l) {
    l = createLimiter(ctx, "public-write", ctx.env.RATE_LIMIT_MAX, 60_000);
    ctx.cache.set("public-write-limiter", l);
  }
  return l;
}

/**
 * R5: public writes (bookings, contact, newsletter, payment intents) per client address per
 * minute, RATE_LIMIT_MAX of them. Use as a route's preHandler; one shared budget per address.
 */
export function publicWriteLimit(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    // Per client network (an IPv6 client by its /64), as R23 counts: another address in the same
    // /64 is the same visitor.
    const result = await limiter(ctx).hit(clientNetwork(req.ip));
    if (!result.allowed) {
      return reply.code(429).header("retry-after", String(result.retryAfterSeconds)).send({ message: RATE_LIMIT_MESSAGE });
    }
  };
}
