// First: every chunk that builds a zod schema at load (the domain's) must find the probe for eval
// switched off, or the CSP reports it (lib/zod-csp.ts). Only zod's small config module comes with it.
import "./lib/zod-csp";
import "./styles/fonts.css";
import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { beginHydration } from "./lib/hydration";
import { nextTask } from "./lib/next-task";
import { createQueryClient } from "./lib/query-client";
import { primeSiteQuery } from "./features/site/site-data";
import { preloadPage } from "./router";
import { whenSettled } from "./lib/when-settled";
import { cacheWebFontsForNextVisit } from "./lib/web-fonts";

/**
 * Starts the app. Not top-level await: route chunks import shared code from the entry chunk, and
 * an entry still awaiting would keep them waiting for it (the bundler would split that code into
 * many small chunks instead, each a request of its own).
 */
async function start(): Promise<void> {
  const queryClient = createQueryClient();
  // Ask for the site data at once, in parallel with the first screen's code.
  primeSiteQuery(queryClient);

  const container = document.getElementById("root")!;
  const prerendered = container.firstElementChild !== null;
  // React DOM, the largest piece of start-up code, is evaluated in a task of its own after the
  // app's modules (scripts/prerender.mjs preloads its chunk with the page). A prerendered page also
  // loads its screen first, so hydration never suspends.
  await nextTask();
  const [{ createRoot, hydrateRoot }] = await Promise.all([import("./lib/react-dom-client"), prerendered ? preloadPage(window.location.pathname) : undefined]);
  await nextTask();

  const app = (
    <StrictMode>
      <App queryClient={queryClient} Router={BrowserRouter} />
    </StrictMode>
  );
  if (prerendered) {
    beginHydration();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is live; the page is already painted meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
  whenSettled(() => void cacheWebFontsForNextVisit());
}

void start();
