import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor wait for a condition, not a time: on a busy two-core machine a form's first submit
// (which loads the zod chunk) or a checkout's first render can take seconds, so give them room
// (testing-library's default is 1 s); a passing test waits no longer for it.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// happy-dom has no layout; Mantine's popovers and scroll helpers ask for these.
if (!window.HTMLElement.prototype.scrollIntoView) window.HTMLElement.prototype.scrollIntoView = () => undefined;
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) (window as unknown as { ResizeObserver: unknown }).ResizeObserver = NoResize;
// Mantine's autosizing textarea listens for web fonts loading.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}
