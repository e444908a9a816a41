import type { FastifyInstance } from "fastify";
import { startNightlyBackups } from "../backup/nightly.js";
import type { AppContext } from "../context.js";
import type { MailOutcome } from "../db/repositories/outbox-delivery.js";
import { onFulfilment, settleLapsedHolds } from "../services/payments.js";
import { applyRetention } from "../services/privacy.js";
import { sendDueReminders } from "../services/reminders.js";
import { startPeriodicJob } from "../workers/periodic.js";
import { startMailDelivery, type MailDelivery } from "./delivery.js";
import { mailDirectory } from "./written-messages.js";
import { createFileTransport, createSmtpTransport, type MailTransport } from "./transports.js";

export function mailTransport(ctx: AppContext): MailTransport {
  return ctx.env.SMTP_URL ? createSmtpTransport(ctx.env.SMTP_URL) : createFileTransport(mailDirectory(ctx.env));
}

/**
 * Starts delivering the outbox in the background (every few seconds, and at once after a
 * payment is fulfilled); a backlog gives way to `app`'s requests (`startMailDelivery`). Call
 * `stop()` on shutdown; it waits for a pass in flight.
 */
export function startMailWorker(ctx: AppContext, app: FastifyInstance, intervalMs = 3_000): MailDelivery {
  let requests = 0;
  app.addHook("onRequest", (_req, _reply, done) => {
    requests++;
    done();
  });
  const requestsReceived = () => requests;
  const record = (outcome: MailOutcome) => ctx.writer.recordMailOutcome(outcome);
  const delivery = startMailDelivery(
    { db: ctx.db, record, transport: mailTransport(ctx), from: ctx.env.MAIL_FROM, now: ctx.now, log: ctx.logger, requestsReceived },
    intervalMs,
  );
  onFulfilment(ctx, delivery.kick);
  return delivery;
}

/**
 * Everything the server runs in the background: e-mail delivery (R17); once a minute, settling
 * afternoon-tea payments whose seat hold lapsed (R9: their intents cancelled, or fulfilled if paid at
 * the last moment) and queueing the reminders that are due (R38); hourly, erasing personal details
 * past their retention period (R39); on SQLite, the nightly backup (R41, backup/nightly.ts). All stop
 * when the app closes.
 */
export function startBackgroundWork(ctx: AppContext, app: FastifyInstance): void {
  const mail = startMailWorker(ctx, app);
  const holds = startPeriodicJob(ctx, "hold-sweep", settleLapsedHolds, 60_000);
  const reminders = startPeriodicJob(ctx, "reminders", async (c) => (await sendDueReminders(c)) && mail.kick(), 60_000);
  const retention = startPeriodicJob(ctx, "retention", applyRetention, 60 * 60_000);
  const backups = startNightlyBackups(ctx);
  app.addHook("onClose", async () => {
    await holds.stop();
    await reminders.stop();
    await retention.stop();
    await backups?.stop();
    await mail.stop();
  });
}
