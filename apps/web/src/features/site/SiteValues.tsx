import type { SiteFacts, SitePrices } from "@tearoom/domain";
import { Price } from "@tearoom/ui";
import type { ReactNode } from "react";
import { useFacts, useSite } from "./site-data";

/**
 * Renders `children(facts)` once the site data is in, `placeholder` until then. Only this small
 * component re-renders when the data arrives, not the page or section around it.
 */
export function Facts({ children, placeholder = null }: { children: (facts: SiteFacts) => ReactNode; placeholder?: ReactNode }) {
  const facts = useFacts();
  return <>{facts ? children(facts) : placeholder}</>;
}

/** A price from the site data (R6), with the price placeholder while it loads. */
export function SitePrice({ item, suffix }: { item: keyof SitePrices; suffix?: string }) {
  const prices = useSite().data?.prices;
  return <Price pence={prices ? prices[item] : undefined} suffix={suffix} />;
}
