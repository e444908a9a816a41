import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import type { MailOutcome } from "../db/repositories/outbox-delivery.js";
import { startHoldSweeper } from "../payments/maintenance.js";
import { onFulfilment } from "../services/payments.js";
import { startMailDelivery, type MailDelivery } from "./delivery.js";
import { createFileTransport, createSmtpTransport, type MailTransport } from "./transports.js";

/** Where .eml files go without SMTP: `outbox/` beside the database file (R17). */
export function outboxDirectory(ctx: AppContext): string {
  return join(dirname(ctx.env.databaseFile), "outbox");
}

export function mailTransport(ctx: AppContext): MailTransport {
  return ctx.env.SMTP_URL ? createSmtpTransport(ctx.env.SMTP_URL) : createFileTransport(outboxDirectory(ctx));
}

/**
 * Starts delivering the outbox in the background (every few seconds, and at once after a
 * payment is fulfilled). Call `stop()` on shutdown; it waits for a pass in flight.
 */
export function startMailWorker(ctx: AppContext, intervalMs = 3_000): MailDelivery {
  const record = (outcome: MailOutcome) => ctx.writer.recordMailOutcome(outcome);
  const delivery = startMailDelivery({ db: ctx.db, record, transport: mailTransport(ctx), from: ctx.env.MAIL_FROM, now: ctx.now, log: ctx.logger }, intervalMs);
  onFulfilment(ctx, delivery.kick);
  return delivery;
}

/**
 * Everything the server runs in the background: e-mail delivery (R17) and the lapsed-hold
 * sweeper (R9). Both stop when the app closes.
 */
export function startBackgroundWork(ctx: AppContext, app: FastifyInstance): void {
  const mail = startMailWorker(ctx);
  const holds = startHoldSweeper(ctx);
  app.addHook("onClose", async () => {
    await holds.stop();
    await mail.stop();
  });
}
