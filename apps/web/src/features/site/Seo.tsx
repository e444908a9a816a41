import { BRAND, siteOrigin } from "./links";

export interface SeoProps {
  /** Page title; the brand is appended. */
  title: string;
  description: string;
  /** Path of the page, for the canonical and og:url. */
  path: string;
  /** Open Graph image path (1200×630). */
  image?: string;
  noindex?: boolean;
}

/** Per-page <title>, description and Open Graph tags; React 19 hoists them into <head>. */
export function Seo({ title, description, path, image = "/images/og-card.jpg", noindex }: SeoProps) {
  const origin = siteOrigin();
  const fullTitle = title === BRAND ? title : `${title} | ${BRAND}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {origin ? <link rel="canonical" href={`${origin}${path}`} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {origin ? <meta property="og:url" content={`${origin}${path}`} /> : null}
      <meta property="og:image" content={`${origin}${image}`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
