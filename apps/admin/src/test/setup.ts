import { configure } from "@testing-library/react";

// find*/waitFor give up after 1 s by default: a screen whose data arrives through a mocked fetch
// can take longer than that while turbo tests every package at once on a two-core machine.
configure({ asyncUtilTimeout: 15_000 });

// Component tests run in happy-dom; Mantine asks for a few browser APIs it may lack.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
