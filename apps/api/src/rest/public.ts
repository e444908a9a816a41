import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingRequestSchema,
  ContactMessageSchema,
  GardenSpotSchema,
  AdminBookingCreateSchema,
  SiteInfoSchema,
} from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientKey } from "../http/client-key.js";
import { publicWriteLimit } from "../http/public-write-limit.js";
import { createAdminBooking, getAvailability, requestBooking } from "../services/bookings.js";
import { listSpots } from "../services/garden-spots.js";
import { submitEnquiry } from "../services/inquiries.js";
import { getSiteInfo } from "../services/site.js";
import { body, optionalStaff } from "./helpers.js";

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
   * Visitors: BookingRequestSchema, 201 BookingAnswerSchema (reference, status, amountPence); 429 with
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
}
