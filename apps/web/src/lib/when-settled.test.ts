import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenSettled } from "./when-settled";

describe("whenSettled", () => {
  let idle: (() => void) | undefined;
  beforeEach(() => {
    idle = undefined;
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => ((idle = () => callback({} as IdleDeadline)), 1));
    vi.stubGlobal("cancelIdleCallback", () => (idle = undefined));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits for the load event and then for the browser to be idle", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const work = vi.fn();
    whenSettled(work);
    expect(idle).toBeUndefined();
    window.dispatchEvent(new Event("load"));
    expect(work).not.toHaveBeenCalled();
    idle!();
    expect(work).toHaveBeenCalledOnce();
  });

  it("does not run work that was cancelled", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    const work = vi.fn();
    const cancel = whenSettled(work);
    expect(idle).toBeDefined();
    cancel();
    idle?.();
    expect(work).not.toHaveBeenCalled();
  });
});
