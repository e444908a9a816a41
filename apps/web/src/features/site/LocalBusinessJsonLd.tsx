import type { SiteFacts } from "@tearoom/domain";
import { BRAND, siteOrigin, SOCIAL_LINKS } from "./links";

const DAY_NAMES: Record<string, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};

/** schema.org CafeOrCoffeeShop data, built from the settings' facts (address, hours, phone: R11). */
export function localBusinessData(facts: SiteFacts, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "CafeOrCoffeeShop",
    name: BRAND,
    description: "Afternoon tea, light lunches and garden picnics in the tearoom of a historic house with gardens in southern England.",
    url: origin ? `${origin}/` : undefined,
    image: origin ? `${origin}/images/og-card.jpg` : undefined,
    telephone: facts.phone,
    email: facts.email,
    servesCuisine: ["Afternoon tea", "British"],
    priceRange: "££",
    acceptsReservations: true,
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address.street,
      addressLocality: facts.address.town,
      addressRegion: facts.address.county,
      postalCode: facts.address.postcode,
      addressCountry: "GB",
    },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: facts.openDays.map((d) => DAY_NAMES[d] ?? d),
        opens: facts.openingTime,
        closes: facts.closingTime,
      },
    ],
    sameAs: SOCIAL_LINKS.map((l) => l.href),
  };
}

export function LocalBusinessJsonLd({ facts }: { facts: SiteFacts }) {
  // "<" is escaped so no text in the settings can close the script element.
  const json = JSON.stringify(localBusinessData(facts, siteOrigin())).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
