import { createElement, lazy, type ComponentType } from "react";

export interface LazyPage {
  /** Renders the screen, suspending only if its chunk has not been loaded yet. */
  Component: ComponentType;
  /** Loads the screen's chunk; once it has resolved, Component renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A route screen in its own chunk that can be loaded before React renders it. Hydrating a
 * prerendered page needs the current screen's code at hand: a screen that suspends during
 * hydration would leave its server HTML dead until the chunk arrives.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed chunk (a deploy mid-visit, a lost connection) may be tried again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    return loaded ? createElement(loaded) : createElement(Suspending);
  }
  return { Component: Page, preload };
}
