import type { AppContext } from "../context.js";
import { settleLapsedHolds } from "../services/payments.js";

/**
 * Once a minute, settles afternoon-tea payments whose seat hold lapsed (R9): cancels their
 * intents so they can no longer be paid, or fulfils the ones paid at the last moment.
 */
export function startHoldSweeper(ctx: AppContext, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = settleLapsedHolds(ctx)
      .catch((err: unknown) => ctx.logger.error({ event: "hold-sweep-failed", err: err instanceof Error ? err.message : String(err) }, "hold sweep failed"))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
