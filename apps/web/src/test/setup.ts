import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// find*/waitFor give up after 1 s by default: a form whose settings arrive through a mocked fetch
// can take longer than that while turbo tests every package at once on a two-core machine.
configure({ asyncUtilTimeout: 10_000 });

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
