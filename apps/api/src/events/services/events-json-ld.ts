import { eventsData, eventsJsonLdScript, siteFacts } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { listPublicEvents, WHATS_ON_JSON_LD as KEY } from "./events.js";

// R53: search engines read /whats-on's schema.org `Event` data from the HTML as served, not after
// the page's script has loaded the events. The prerendered page cannot hold it (staff publish
// events after the build), so the server writes the published events' data into it, kept for a
// minute (tickets left change with every sale) and forgotten at once when staff change events
// (`forgetting` in events.ts).

const FRESH_MS = 60_000;

/** The `<script type="application/ld+json">` of the published upcoming events' sittings, or "" when there are none. */
export async function whatsOnJsonLd(ctx: AppContext): Promise<string> {
  const now = ctx.now().getTime();
  const kept = ctx.cache.get(KEY) as { at: number; html: string } | undefined;
  if (kept && now - kept.at < FRESH_MS && now >= kept.at) return kept.html;
  const [events, settings] = await Promise.all([listPublicEvents(ctx), getSettingsMap(ctx)]);
  const { address } = siteFacts(settings);
  const html = eventsJsonLdScript(eventsData(events, ctx.env.PUBLIC_ORIGIN.replace(/\/$/, ""), address));
  ctx.cache.set(KEY, { at: now, html });
  return html;
}
