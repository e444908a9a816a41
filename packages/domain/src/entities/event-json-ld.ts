import { visitInstant } from "../visits/visit.js";
import type { PublicEvent } from "./event.js";

/** schema.org Event data for each sitting of the published events (R53), with its offer and tickets left. */
export function eventsData(events: readonly PublicEvent[], origin: string, address: { street: string; town: string; postcode: string } | null) {
  const location = {
    "@type": "Place",
    name: "The Heritage Tearoom",
    ...(address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: address.street,
            addressLocality: address.town,
            postalCode: address.postcode,
            addressCountry: "GB",
          },
        }
      : {}),
  };
  return events.flatMap((e) =>
    e.sittings.map((s) => {
      const start = visitInstant(s.date, s.time);
      return {
        "@context": "https://schema.org",
        "@type": "Event",
        name: e.name,
        description: e.description || undefined,
        image: e.imageUrl ? (e.imageUrl.startsWith("/") ? `${origin}${e.imageUrl}` : e.imageUrl) : undefined,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + s.minutes * 60_000).toISOString(),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location,
        offers: {
          "@type": "Offer",
          price: (e.pricePence / 100).toFixed(2),
          priceCurrency: "GBP",
          availability: s.ticketsLeft > 0 && !s.salesClosed ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
          url: `${origin}/whats-on#event-${e.slug}`,
        },
      };
    }),
  );
}

/**
 * The page's script element holding `eventsData`, or "" for none: "<" escaped so no text of an
 * event can end the element. The server writes it into the served /whats-on (decision 039).
 */
export function eventsJsonLdScript(data: readonly object[]): string {
  return data.length ? `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>` : "";
}
