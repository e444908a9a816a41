import { WEEK_DAYS, type SiteFacts, type WeeklyHours } from "@tearoom/domain";
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

/** One OpeningHoursSpecification per distinct hours of a week, its days together (R45). */
function weekSpecification(week: WeeklyHours, valid: { validFrom: string; validThrough: string } | undefined) {
  const byHours = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of WEEK_DAYS) {
    const hours = week[day];
    if (!hours) continue;
    const key = `${hours.open}-${hours.close}`;
    const entry = byHours.get(key) ?? { opens: hours.open, closes: hours.close, days: [] };
    entry.days.push(DAY_NAMES[day]!);
    byHours.set(key, entry);
  }
  const open = [...byHours.values()].map(({ opens, closes, days }) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes, ...valid }));
  // Inside a season, the days it closes are said to close (schema.org: opens and closes 00:00).
  const closed = WEEK_DAYS.filter((d) => !week[d]).map((d) => DAY_NAMES[d]!);
  return valid && closed.length ? [...open, { "@type": "OpeningHoursSpecification", dayOfWeek: closed, opens: "00:00", closes: "00:00", ...valid }] : open;
}

/** schema.org CafeOrCoffeeShop data, built from the settings' facts (address, hours by day and season, phone: R11, R45). */
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
      ...weekSpecification(facts.weeklyHours, undefined),
      ...facts.seasons.flatMap((s) => weekSpecification(s.weekly, { validFrom: s.from, validThrough: s.to })),
    ],
    sameAs: SOCIAL_LINKS.map((l) => l.href),
  };
}

export function LocalBusinessJsonLd({ facts }: { facts: SiteFacts }) {
  // "<" is escaped so no text in the settings can close the script element.
  const json = JSON.stringify(localBusinessData(facts, siteOrigin())).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
