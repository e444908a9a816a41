import { addDays, londonNow, parseSetting, reminderDue, visitMinutes, withDefaults } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { listAwaitingReminder, markReminderSent } from "../data/booking-reminders.js";
import { bookingReminder } from "../../mail/messages/reminders.js";
import { enqueueMail } from "../../mail/outbox.js";
import { policyTerms } from "./booking-policies.js";
import { getSettingsMap } from "./booking-settings.js";
import { toBooking } from "../data/booking-row.js";
import { listSpots } from "./garden-spots.js";
import { mintManageLink } from "./manage-link.js";
import { tearoomContacts } from "../../site/services/site.js";

/**
 * R38: queues the reminder of every confirmed booking that is due one, exactly once. The booking
 * is marked and its e-mail queued in one transaction, so a restart (or a second pass racing this
 * one) can neither lose a reminder nor send it twice. Returns how many were queued.
 */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const settings = withDefaults(await getSettingsMap(ctx));
  const hours = parseSetting(settings, "reminder_hours_before");
  if (hours === 0) return 0;
  const now = ctx.now();
  const today = londonNow(now).date;
  // The window ends `hours` from now: a visit further off is not due yet.
  const candidates = await listAwaitingReminder(ctx.db, today, addDays(today, Math.ceil(hours / 24) + 1));
  const due = candidates.filter((row) => reminderDue({ date: row.date, time: row.time, createdAt: row.created_at }, hours, now));
  if (due.length === 0) return 0;
  const [contacts, spots, terms] = await Promise.all([tearoomContacts(ctx), listSpots(ctx), policyTerms(ctx)]);
  let queued = 0;
  for (const row of due) {
    const booking = toBooking(row, false);
    const spot = spots.find((s) => s.id === row.garden_spot_id)?.name;
    const sent = await immediateTransaction(ctx.db, async (tx) => {
      if (!(await markReminderSent(tx, row.id, now.toISOString()))) return false;
      await enqueueMail(
        tx,
        terms(
          booking,
          bookingReminder(
            booking,
            contacts,
            booking.stayMinutes ?? visitMinutes(booking.type, settings),
            now,
            await mintManageLink(ctx, tx, row.id),
            spot,
            row.calendar_sequence,
          ),
        ),
      );
      return true;
    });
    if (sent) queued++;
  }
  if (queued) ctx.logger.info({ event: "reminders-queued", count: queued }, "booking reminders queued");
  return queued;
}
