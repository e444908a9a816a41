import { monetaryAmounts, siteFacts, sitePrices, withDefaults, type SiteInfo } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { getPricingItemsCached } from "./pricing.js";
import { sitePolicies } from "../../bookings/services/booking-policies.js";

// Derived once per settings map and pricing list (both replaced, never mutated, on every change).
const siteInfoCache = new WeakMap<object, { items: object; info: Omit<SiteInfo, "policies"> }>();
const contactsCache = new WeakMap<object, Omit<TearoomContacts, "origin">>();

/** GET /api/site: what every public page needs (R6, R11): facts, the settings, prices in pence (null when off sale). */
export async function getSiteInfo(ctx: AppContext): Promise<SiteInfo> {
  const [settings, items, policies] = await Promise.all([getSettingsMap(ctx), getPricingItemsCached(ctx), sitePolicies(ctx)]);
  const cached = siteInfoCache.get(settings);
  // R47: the policies are kept apart (their own cache): the words change with the cancellation hours too.
  if (cached && cached.items === items) return { ...cached.info, policies };
  const info: Omit<SiteInfo, "policies"> = {
    facts: siteFacts(settings),
    settings: withDefaults(settings),
    // The table the quotes read too (domain `teaPrice`, `winePrice`), so the pages price as the server does.
    prices: sitePrices(items),
    // The amounts offered at checkout are the active monetary voucher items (R33).
    monetaryAmounts: monetaryAmounts(items),
  };
  siteInfoCache.set(settings, { items, info });
  return { ...info, policies };
}

/** The one phone number and e-mail addresses (R11) plus the site origin, for e-mails. */
export async function tearoomContacts(ctx: AppContext): Promise<TearoomContacts> {
  const settings = await getSettingsMap(ctx);
  let contacts = contactsCache.get(settings);
  if (!contacts) {
    const facts = siteFacts(settings);
    contacts = { phone: facts.phone, email: facts.email, eventsEmail: facts.eventsEmail, address: facts.address.lines.join(", ") };
    contactsCache.set(settings, contacts);
  }
  return { ...contacts, origin: ctx.env.PUBLIC_ORIGIN };
}
