/** Names and outside links of the tearoom; set per deployment. */
export const BRAND = "The Heritage Tearoom";
export const BRAND_SHORT = "Heritage Tearoom";

export const HOUSE_SITE = { label: "The House & Gardens", href: "https://www.heritagehouseandgardens.org.uk/" } as const;
export const INN_SITE = { label: "The Ashcombe Arms", href: "https://www.ashcombearms.co.uk/" } as const;
export const SOCIAL_LINKS = [
  { label: "Facebook", href: "https://www.facebook.com/heritagetearoom" },
  { label: "Instagram", href: "https://www.instagram.com/heritagetearoom" },
] as const;

/** Absolute origin for canonical and Open Graph URLs: the build's VITE_PUBLIC_ORIGIN, else the page's own. */
export function siteOrigin(): string {
  const configured = import.meta.env.VITE_PUBLIC_ORIGIN as string | undefined;
  if (configured) return configured.replace(/\/$/, "");
  return typeof window === "undefined" ? "" : window.location.origin;
}
