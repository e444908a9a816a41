import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingRequestSchema,
  ContactMessageSchema,
  GardenSpotSchema,
  NewsletterSubscribeSchema,
  AdminBookingCreateSchema,
} from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientKey } from "../http/client-key.js";
import { publicWriteLimit } from "../http/public-write-limit.js";
import { escapeHtml } from "../mail/layout.js";
import { createAdminBooking, getAvailability, requestBooking } from "../services/bookings.js";
import { listSpots } from "../services/garden-spots.js";
import { submitEnquiry } from "../services/inquiries.js";
import { subscribe, unsubscribe } from "../services/newsletter.js";
import { getSiteInfo } from "../services/site.js";
import { body, optionalStaff } from "./helpers.js";
import { SiteInfoSchema } from "./schemas.js";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });

/** The public site's REST calls (spec section 7 and the agreed /api paths). */
export async function publicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = publicWriteLimit(ctx);

  // Hot paths (read on every page view): plain routes with response schemas for fast serialisation.
  app.get("/api/site", { schema: { response: { 200: json(SiteInfoSchema) } } }, async (_req, reply) => {
    reply.header("cache-control", "no-cache");
    return getSiteInfo(ctx);
  });

  app.get("/api/availability", { schema: { response: { 200: json(AvailabilitySchema) } } }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    return getAvailability(ctx, AvailabilityQuerySchema.parse(req.query));
  });

  app.get("/api/garden-spots", { schema: { response: { 200: json(z.array(GardenSpotSchema)) } } }, async () => listSpots(ctx));

  /**
   * Visitors: BookingRequestSchema, 201 { id, reference, status, amountPence }; 429 with
   * Retry-After once their address has sent its requests for the day (R23). Signed-in staff
   * (the admin's add-new dialog, spec section 7): AdminBookingCreateSchema, 201 with `overCapacity`,
   * never limited.
   */
  app.post("/api/bookings", async (req, reply) => {
    const staff = await optionalStaff(ctx, req);
    if (staff) {
      const { booking, overCapacity } = await createAdminBooking(ctx, AdminBookingCreateSchema.parse(body(req)));
      return reply.code(201).send({ id: booking.id, reference: booking.reference, status: booking.status, overCapacity, booking });
    }
    await limit(req, reply);
    if (reply.sent) return reply;
    return reply.code(201).send(await requestBooking(ctx, BookingRequestSchema.parse(body(req)), clientKey(req.ip)));
  });

  app.post("/api/contact", { preHandler: limit }, async (req, reply) => {
    await submitEnquiry(ctx, ContactMessageSchema.parse(body(req)));
    return reply.code(201).send({ ok: true });
  });

  /** R16: 201 for a new (or renewed) subscription, 200 when the address is already subscribed. */
  app.post("/api/newsletter/subscribe", { preHandler: limit }, async (req, reply) => {
    const { created } = await subscribe(ctx, NewsletterSubscribeSchema.parse(body(req)));
    return reply.code(created ? 201 : 200).send({ ok: true, subscribed: true });
  });

  /** The link in every newsletter e-mail: idempotent and bound to its token, so a GET is acceptable here. */
  app.get("/api/newsletter/unsubscribe", async (req, reply) => {
    const token = z.object({ token: z.string().max(200).optional() }).parse(req.query).token ?? "";
    const done = await unsubscribe(ctx, token);
    const origin = ctx.env.PUBLIC_ORIGIN;
    const page = (title: string, text: string) =>
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Heritage Tearoom</title></head>` +
      `<body style="font-family:Georgia,serif;background:#f7f3ea;color:#2f3a2a;margin:0"><main style="max-width:560px;margin:10vh auto;padding:24px">` +
      `<h1 style="color:#3d5a36">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(origin)}/" style="color:#3d5a36">Back to the Heritage Tearoom</a></p></main></body></html>`;
    reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer").type("text/html; charset=utf-8");
    if (!done) return reply.code(404).send(page("Link not recognised", "This unsubscribe link is not valid. If you keep receiving our newsletter, please contact us and we will remove you."));
    return reply.send(page("You are unsubscribed", "You will not receive our newsletter any more. If this was a mistake, you can subscribe again on our website at any time."));
  });
}
