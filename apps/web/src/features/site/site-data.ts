import { useQuery } from "@tanstack/react-query";
import type { SiteFacts } from "@tearoom/domain";

/** GET /api/site: the facts every page shows (R11), the booking settings and the prices (R6). */
export interface SiteData {
  facts: SiteFacts;
  settings: Record<string, string>;
  prices: {
    traditional: number | null;
    champagne: number | null;
    voucherAfternoonTea: number | null;
    voucherPicnicHamper: number | null;
    voucherMonetary: number | null;
    wine: number | null;
  };
  monetaryAmounts: number[];
}

export const SITE_QUERY_KEY = ["/api/site"] as const;

/** The site data; GET on the query key's path by the default query function. */
export function useSite() {
  return useQuery<SiteData>({ queryKey: SITE_QUERY_KEY });
}

/** The facts to display, or undefined while /api/site loads (callers keep the space). */
export function useFacts(): SiteFacts | undefined {
  return useSite().data?.facts;
}
