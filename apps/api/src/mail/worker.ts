import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import type { MailOutcome } from "../db/repositories/outbox-delivery.js";
import { onFulfilment } from "../payments/services/payment-provider.js";
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
