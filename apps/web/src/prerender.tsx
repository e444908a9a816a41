import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { createQueryClient } from "./lib/query-client";
import { preloadPage } from "./router";

// The routes to render, for scripts/prerender.mjs (plain Node, which cannot read the domain's TypeScript).
export { PUBLIC_PATHS, SHELL_PATHS } from "@tearoom/domain";

/**
 * Build-time entry (scripts/prerender.mjs): the HTML of one public route, with every lazy screen
 * resolved. No data is fetched here: parts that show prices, hours or slots render the same
 * placeholders the browser shows until /api/site answers, so hydration matches.
 */
export async function renderRoute(url: string): Promise<string> {
  // A screen that suspended here would also be streamed behind an inline script, which our CSP refuses.
  await preloadPage(url);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  // React streams a Suspense boundary larger than progressiveChunkSize behind an inline reveal script;
  // a prerendered page wants every boundary inline.
  const { prelude } = await prerender(<App queryClient={createQueryClient()} Router={Router} />, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  return new Response(prelude).text();
}
