import type { FastifyInstance } from "fastify";
import { startNightlyBackups } from "./backup/nightly.js";
import type { AppContext } from "./context.js";
import { startMailWorker } from "./mail/worker.js";
import { settleLapsedHolds } from "./payments/services/payments.js";
import { applyRetention } from "./privacy/services/privacy.js";
import { sendDueReminders } from "./bookings/services/reminders.js";
import { startPeriodicJob } from "./workers/periodic.js";
import { offerFreedSeats } from "./waitlist/services/waitlist.js";
import { sendDueVouchers } from "./vouchers/services/voucher-mail.js";
import { queueNewsletterMail } from "./newsletter/services/campaigns.js";
import { sendDueThankYous } from "./bookings/services/thank-you.js";

/**
 * Everything the server runs in the background: e-mail delivery (R17); once a minute, settling
 * afternoon-tea payments whose seat hold lapsed (R9: their intents cancelled, or fulfilled if paid at
 * the last moment), queueing the reminders that are due (R38) and the gift vouchers whose chosen
 * day has reached 08:00 London (R50), and the next newsletter messages the rate allows and the morning-after thank-yous (R56); hourly, erasing personal details
 * past their retention period (R39); on SQLite, the nightly backup (R41, backup/nightly.ts). All stop
 * when the app closes.
 */
export function startBackgroundWork(ctx: AppContext, app: FastifyInstance): void {
  const mail = startMailWorker(ctx, app);
  const holds = startPeriodicJob(ctx, "hold-sweep", settleLapsedHolds, 60_000);
  const reminders = startPeriodicJob(ctx, "reminders", async (c) => (await sendDueReminders(c)) && mail.kick(), 60_000);
  const vouchers = startPeriodicJob(ctx, "voucher-delivery", async (c) => (await sendDueVouchers(c)) && mail.kick(), 60_000);
  const newsletters = startPeriodicJob(ctx, "newsletter-send", async (c) => (await queueNewsletterMail(c)) && mail.kick(), 60_000);
  const thankYous = startPeriodicJob(ctx, "thank-you", async (c) => (await sendDueThankYous(c)) && mail.kick(), 60_000);
  // R52: seats freed by anything (a lapsed hold needs no write) are offered within a minute.
  const waitlist = startPeriodicJob(ctx, "waitlist", async (c) => (await offerFreedSeats(c)) && mail.kick(), 60_000);
  const retention = startPeriodicJob(ctx, "retention", applyRetention, 60 * 60_000);
  const backups = startNightlyBackups(ctx);
  app.addHook("onClose", async () => {
    await holds.stop();
    await reminders.stop();
    await vouchers.stop();
    await newsletters.stop();
    await thankYous.stop();
    await waitlist.stop();
    await retention.stop();
    await backups?.stop();
    await mail.stop();
  });
}
