import type { AppContext } from "../../context.js";

// R52: a write that may have freed seats says so once it has committed; the waiting list (which
// depends on bookings, not the other way round) listens. No listener, nothing done: the booking
// write path asks nothing of the database for it.

const KEY = "seats-freed-listener";

export function onSeatsFreed(ctx: AppContext, listener: () => void): void {
  ctx.cache.set(KEY, listener);
}

export function seatsFreed(ctx: AppContext): void {
  (ctx.cache.get(KEY) as (() => void) | undefined)?.();
}
