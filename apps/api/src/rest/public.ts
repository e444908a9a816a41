import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingRequestSchema,
  ContactMessageSchema,
  GardenSpotSchema,
  AdminBookingCreateSchema,
  BookingAnswerSchema,
  BookingSchema,
  BookingWarningSchema,
  HeldBookingAnswerSchema,
  SiteInfoSchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientKey } from "../client-key.js";
import { publicWriteLimit } from "../http/public-write-limit.js";
import { createAdminBooking, getAvailability } from "../bookings/services/bookings.js";
import { requestPublicBooking } from "../payments/services/policy-holds.js";
import { listSpots } from "../bookings/services/garden-spots.js";
import { submitEnquiry } from "../site/services/inquiries.js";
import { getSiteInfo } from "../site/services/site.js";
import { body, optionalStaff } from "./helpers.js";
import { documentOnly, errors, fastSerializerCompiler, ok, PUBLIC, STAFF, WARNINGS_409 } from "./openapi.js";
import { OkSchema } from "./schemas.js";

/** What a signed-in staff member's booking answers: the visitor's answer plus the booking and `overCapacity`. */
const StaffBookingAnswerSchema = BookingAnswerSchema.pick({ reference: true, status: true }).extend({
  id: z.number().int(),
  overCapacity: z.boolean(),
  warnings: z.array(BookingWarningSchema),
  booking: BookingSchema,
});

/** The public site's REST calls (spec section 7 and the agreed /api paths). */
export async function publicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = publicWriteLimit(ctx);

  // Hot paths (read on every page view): plain routes with response schemas for fast serialisation.
  const fast = { serializerCompiler: fastSerializerCompiler };
  const site: FastifySchema = {
    operationId: "getSite",
    summary: "Site facts, booking settings and prices in pence (null when off sale)",
    tags: ["site"],
    security: PUBLIC,
    response: { 200: SiteInfoSchema, ...errors() },
  };
  app.get("/api/site", { ...fast, schema: site }, async (_req, reply) => {
    reply.header("cache-control", "no-cache");
    return getSiteInfo(ctx);
  });

  const availability: FastifySchema = {
    operationId: "getAvailability",
    summary: "Remaining places per slot; full slots are listed with 0",
    tags: ["site"],
    security: PUBLIC,
    querystring: AvailabilityQuerySchema,
    response: { 200: AvailabilitySchema, ...errors(400) },
  };
  // no-store before validation, so a refused query is not kept either (as when the handler parsed it).
  const noStore = async (_req: unknown, reply: FastifyReply) => void reply.header("cache-control", "no-store");
  // The hottest path: its query is parsed once, by the handler (same 400), not a second time before it.
  app.get("/api/availability", { ...fast, preValidation: noStore, validatorCompiler: documentOnly, schema: availability }, async (req) => {
    return getAvailability(ctx, AvailabilityQuerySchema.parse(req.query));
  });

  const spots: FastifySchema = {
    operationId: "listGardenSpots",
    summary: "The Secret Garden spots",
    tags: ["site"],
    security: PUBLIC,
    response: { 200: z.array(GardenSpotSchema), ...errors() },
  };
  app.get("/api/garden-spots", { ...fast, schema: spots }, async () => listSpots(ctx));

  /**
   * Visitors: BookingRequestSchema, 201 BookingAnswerSchema (reference, status, amountPence); 429 with
   * Retry-After once their address has sent its requests for the day (R23). Signed-in staff
   * (the admin's add-new dialog, spec section 7): AdminBookingCreateSchema, 201 with `overCapacity`,
   * never limited.
   */
  const booking: FastifySchema = {
    operationId: "createBooking",
    summary:
      "Book (visitors: a pending request, Secret Garden confirmed; R47: where the type's policy asks for a card or a deposit, 202 with the booking held and the payment to complete, after which it becomes the request). With a staff session the body is AdminBookingCreate and the answer adds overCapacity, the accepted warnings and booking; a booking that breaks a rule (R29) is 409 with `warnings`, nothing saved or sent, unless acceptWarnings is true. The guest is e-mailed only when sendConfirmation (default true).",
    tags: ["bookings"],
    security: [{}, ...STAFF],
    body: z.union([BookingRequestSchema, AdminBookingCreateSchema]),
    response: {
      201: ok(z.union([BookingAnswerSchema, StaffBookingAnswerSchema]), "The booking"),
      202: ok(HeldBookingAnswerSchema, "R47: held until the card is saved or the deposit paid (demo: POST /api/payments/demo/confirm with the clientSecret)"),
      ...errors(400, 403, 413, 415, 429),
      409: WARNINGS_409,
    },
  };
  // Which schema applies depends on the session, and visitors are rate-limited before theirs is read: the handler parses.
  app.post("/api/bookings", { validatorCompiler: documentOnly, schema: booking }, async (req, reply) => {
    const staff = await optionalStaff(ctx, req);
    if (staff) {
      const { booking, overCapacity, warnings } = await createAdminBooking(ctx, AdminBookingCreateSchema.parse(body(req)), staff.username);
      return reply.code(201).send({ id: booking.id, reference: booking.reference, status: booking.status, overCapacity, warnings, booking });
    }
    await limit(req, reply);
    if (reply.sent) return reply;
    const answer = await requestPublicBooking(ctx, BookingRequestSchema.parse(body(req)), clientKey(req.ip));
    return reply.code(answer.code).send(answer.body);
  });

  const contact: FastifySchema = {
    operationId: "sendEnquiry",
    summary: "Send an enquiry",
    tags: ["enquiries"],
    security: PUBLIC,
    body: ContactMessageSchema,
    response: { 201: ok(OkSchema, "Sent"), ...errors(400, 403, 413, 415, 429) },
  };
  // After the rate limit, the handler parses the body (the schema documents it).
  app.post("/api/contact", { preValidation: limit, validatorCompiler: documentOnly, schema: contact }, async (req, reply) => {
    await submitEnquiry(ctx, ContactMessageSchema.parse(body(req)));
    return reply.code(201).send({ ok: true });
  });
}
