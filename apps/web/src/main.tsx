import "./styles/fonts.css";
import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { beginHydration } from "./lib/hydration";
import { createQueryClient } from "./lib/query-client";
import { primeSiteQuery } from "./features/site/site-data";
import { preloadPage } from "./router";

const queryClient = createQueryClient();
// Ask for the site data at once, in parallel with the first screen's code.
primeSiteQuery(queryClient);

const app = (
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>
);
const container = document.getElementById("root")!;
if (container.firstElementChild) {
  // A prerendered page (scripts/prerender.mjs): load its screen first, so hydration never suspends.
  await preloadPage(window.location.pathname);
  beginHydration();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is live; the page is already painted meanwhile.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
