import { describe, expect, it } from "vitest";
import { coalescing } from "./coalesce.js";

describe("coalescing (PostgreSQL's group commit of small statements)", () => {
  it("runs the first caller at once, and the callers that come while it runs together in the next run", async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const double = coalescing(async (items: number[]) => {
      runs.push(items);
      if (runs.length === 1) await first;
      return items.map((n) => n * 2);
    });
    const answers = [double(1), double(2), double(3), double(4)];
    expect(runs).toEqual([[1]]);
    release();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it("gives a failed run's error to each of its callers, and runs the next callers afresh", async () => {
    let run = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const echo = coalescing(async (items: string[]) => {
      run++;
      if (run === 1) await gate;
      if (run === 2) throw new Error("connection lost");
      return items;
    });
    const first = echo("x");
    const together = Promise.allSettled([echo("a"), echo("b")]);
    release();
    expect(await first).toBe("x");
    expect((await together).map((r) => (r.status === "rejected" ? (r.reason as Error).message : r.value))).toEqual(["connection lost", "connection lost"]);
    expect(await echo("c")).toBe("c");
  });
});
