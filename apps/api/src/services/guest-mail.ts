import { parseSetting, withDefaults, type Settings } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { listBookingSettings } from "../db/repositories/booking-settings.js";
import type { DbOrTx } from "../db/database.js";
import type { CalendarInvite, TearoomContacts } from "../mail/messages/bookings.js";
import { tearoomContacts } from "./site.js";

/**
 * How long a visit lasts in a calendar invitation (R28). Only afternoon tea has a setting for its
 * table (R11: a 2-hour table); it is the tearoom's measure of a visit for the other types too.
 */
export function visitMinutes(settings: Settings): number {
  return parseSetting(withDefaults(settings), "afternoon_tea_table_minutes");
}

/** The settings as they are inside a write transaction (R29's warnings must not judge by a stale copy). */
export async function settingsIn(tx: DbOrTx): Promise<Settings> {
  return Object.fromEntries((await listBookingSettings(tx)).map((r) => [r.setting_key, r.setting_value]));
}

/** What a guest e-mail about a staff change needs, read before the write transaction starts. */
export async function guestMailing(ctx: AppContext): Promise<{ contacts: TearoomContacts; invite: (settings: Settings, now: Date) => CalendarInvite }> {
  return { contacts: await tearoomContacts(ctx), invite: (settings, now) => ({ minutes: visitMinutes(settings), now }) };
}
