import { visitMinutes, withDefaults, type BookingType, type Settings } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { listBookingSettings } from "../data/booking-settings.js";
import type { DbOrTx } from "../../db/database.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import type { CalendarInvite } from "../../mail/messages/bookings.js";
import { tearoomContacts } from "../../site/services/site.js";

/** The settings as they are inside a write transaction (R29's warnings must not judge by a stale copy). */
export async function settingsIn(tx: DbOrTx): Promise<Settings> {
  return Object.fromEntries((await listBookingSettings(tx)).map((r) => [r.setting_key, r.setting_value]));
}

/** What a guest e-mail about a staff change needs, read before the write transaction starts. */
export async function guestMailing(
  ctx: AppContext,
): Promise<{ contacts: TearoomContacts; invite: (settings: Settings, now: Date, type: BookingType) => CalendarInvite }> {
  // How long the visit lasts in the calendar (the domain's visitMinutes: afternoon tea by its setting).
  return { contacts: await tearoomContacts(ctx), invite: (settings, now, type) => ({ minutes: visitMinutes(type, withDefaults(settings)), now }) };
}
