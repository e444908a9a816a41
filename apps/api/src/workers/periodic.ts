import type { AppContext } from "../context.js";

/**
 * Runs `job` every `intervalMs`, one pass at a time (a slow pass is not overlapped by the next), and
 * logs a failed pass without stopping. `stop()` waits for a pass in flight.
 */
export function startPeriodicJob(ctx: AppContext, name: string, job: (ctx: AppContext) => Promise<unknown>, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job(ctx)
      .catch((err: unknown) => ctx.logger.error({ event: `${name}-failed`, err: err instanceof Error ? err.message : String(err) }, `${name} failed`))
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
