import { addDays, londonNow, parseSetting, withDefaults } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { hasAddress, enqueueMail } from "../../mail/outbox.js";
import { visitThankYou } from "../../mail/messages/thank-you.js";
import { tearoomContacts } from "../../site/services/site.js";
import { listAwaitingThankYou, markThanked } from "../data/booking-thank-yous.js";
import { getSettingsMap } from "./booking-settings.js";

/** The thank-you goes from this London time on the day after the visit: a civil hour, and the day's arrivals marked. */
export const THANK_YOU_FROM_MINUTES = 10 * 60;

/**
 * R56: with `thank_you_email` on, the morning after a confirmed visit the guest is e-mailed one
 * thank-you with the review link. Marked and queued in one transaction, so a restart or a second
 * pass never sends it twice; a no-show, an erased booking or one without an e-mail address gets
 * none. Visits of the last two days are looked at, so a server down for a morning catches up.
 */
export async function sendDueThankYous(ctx: AppContext): Promise<number> {
  const settings = withDefaults(await getSettingsMap(ctx));
  if (parseSetting(settings, "thank_you_email") !== "true") return 0;
  const now = ctx.now();
  const { date: today, minutes } = londonNow(now);
  if (minutes < THANK_YOU_FROM_MINUTES) return 0;
  const due = await listAwaitingThankYou(ctx.db, addDays(today, -2), addDays(today, -1));
  if (due.length === 0) return 0;
  const review = parseSetting(settings, "review_link");
  const contacts = await tearoomContacts(ctx);
  const at = now.toISOString();
  let queued = 0;
  for (const row of due) {
    const mail = visitThankYou(row, contacts, review === "none" ? null : review);
    if (!hasAddress(mail)) continue;
    await immediateTransaction(ctx.db, async (tx) => {
      if (!(await markThanked(tx, row.id, at))) return;
      await enqueueMail(tx, mail, at);
      queued++;
    });
  }
  return queued;
}
