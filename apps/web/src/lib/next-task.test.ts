import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./next-task";

describe("nextTask", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves in a later task, after the microtasks already queued", async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push("next task"));
    for (let i = 0; i < 10; i++) await Promise.resolve().then(() => order.push(`microtask ${i}`));
    await task;
    expect(order.at(-1)).toBe("next task");
    expect(order).toHaveLength(11);
  });

  it("does not wait on timers, so start-up goes on while a test's fake clock stands still", async () => {
    vi.useFakeTimers();
    await expect(Promise.race([nextTask().then(() => "resolved"), new Promise((r) => setTimeout(() => r("timer"), 0))])).resolves.toBe("resolved");
  });
});
