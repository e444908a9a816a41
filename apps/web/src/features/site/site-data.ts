import { useQuery, type QueryClient } from "@tanstack/react-query";
// Types only: the shape comes from the domain's SiteInfoSchema, and no zod reaches the first view.
import type { SiteFacts, SiteInfo } from "@tearoom/domain";
import { getJson } from "../../lib/http";
import { useResultAfterHydration } from "../../lib/hydration";

export const SITE_QUERY_KEY = ["/api/site"] as const;

/**
 * Starts GET /api/site now, before React renders, and hands that answer to the first query for
 * it. The cache stays empty until a component asks, so a prerendered page hydrates with the same
 * placeholders the server rendered and fills them in just after.
 */
export function primeSiteQuery(queryClient: QueryClient): void {
  let early: Promise<SiteInfo> | undefined = getJson<SiteInfo>(SITE_QUERY_KEY[0]);
  early.catch(() => undefined); // read by the query below; not an unhandled rejection meanwhile
  queryClient.setQueryDefaults(SITE_QUERY_KEY, {
    queryFn: ({ signal }) => {
      const answer = early ?? getJson<SiteInfo>(SITE_QUERY_KEY[0], signal);
      early = undefined;
      return answer;
    },
  });
}

/**
 * GET /api/site: the facts every page shows (R11), the booking settings and the prices (R6); GET on
 * the query key's path by the default query function.
 */
export function useSite() {
  return useResultAfterHydration(useQuery<SiteInfo>({ queryKey: SITE_QUERY_KEY }));
}

/** The facts to display, or undefined while /api/site loads (callers keep the space). */
export function useFacts(): SiteFacts | undefined {
  return useSite().data?.facts;
}
