import {
  AdminBookingCreateSchema,
  AdminBookingUpdateSchema,
  AdminLoginSchema,
  AvailabilitySchema,
  BookingAnswerSchema,
  BookingRequestSchema,
  BookingSchema,
  BookingSettingCreateSchema,
  BookingSettingSchema,
  BookingSettingUpdateSchema,
  ContactMessageSchema,
  GardenSpotSchema,
  GiftVoucherSchema,
  InquirySchema,
  InquiryStatsSchema,
  NewsletterStatsSchema,
  NewsletterStatusSchema,
  NewsletterSubscribeSchema,
  NewsletterSubscriptionSchema,
  NewsletterTokenSchema,
  PricingItemInputSchema,
  PAGE_SIZE,
  PricingItemSchema,
  VoucherStatsSchema,
  SiteInfoSchema,
} from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { MessageSchema } from "./schemas.js";

/** `?page=&pageSize=` of every admin list (domain `pageFields`). */
const PAGE_QUERY = {
  page: { schema: { type: "integer", minimum: 1, default: 1 } },
  pageSize: { schema: { type: "integer", minimum: 1, maximum: PAGE_SIZE.max, default: PAGE_SIZE.default } },
};

type Schema = z.ZodType;

interface Op {
  summary: string;
  staff?: boolean;
  body?: Schema;
  query?: Record<string, { schema: object; required?: boolean; description?: string }>;
  params?: string[];
  ok: { status: number; schema?: Schema; description?: string; html?: boolean };
  errors?: number[];
}

const toSchema = (schema: Schema, io: "input" | "output") => z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input; the message names the field",
  401: "No staff session (R1)",
  403: "Cross-site request refused",
  404: "Not found",
  409: "Slot full, garden spot taken, duplicate, or a subscription never confirmed",
  413: "Body too large",
  415: "Body is not application/json",
  429: "Too many requests (R5), or too many unpaid seat holds or booking requests from one client (R23); see Retry-After",
};

const OK = z.object({ ok: z.literal(true) });
const BookingResult = z.object({ booking: BookingSchema, overCapacity: z.boolean() });

const ops: Record<string, Record<string, Op>> = {
  "/api/site": { get: { summary: "Site facts, booking settings and prices in pence (null when off sale)", ok: { status: 200, schema: SiteInfoSchema } } },
  "/api/availability": {
    get: {
      summary: "Remaining places per slot; full slots are listed with 0",
      query: {
        type: { schema: { type: "string", enum: ["afternoonTea", "table", "picnicHamper", "secretGarden"] }, required: true },
        date: { schema: { type: "string", format: "date" }, required: true },
        gardenSpotId: { schema: { type: "string" }, description: "Secret Garden: one spot; without it, the sum over all spots" },
      },
      ok: { status: 200, schema: AvailabilitySchema },
      errors: [400],
    },
  },
  "/api/garden-spots": { get: { summary: "The Secret Garden spots", ok: { status: 200, schema: z.array(GardenSpotSchema) } } },
  "/api/bookings": {
    post: {
      summary: "Book (visitors: pending request, Secret Garden confirmed). With a staff session the body is AdminBookingCreate and the answer adds overCapacity and booking.",
      body: BookingRequestSchema,
      ok: { status: 201, schema: BookingAnswerSchema },
      errors: [400, 403, 409, 413, 415, 429],
    },
    get: { summary: "Reservations (cancelled ones only when asked); one page, X-Total-Count header", staff: true, query: PAGE_QUERY, ok: { status: 200, schema: z.array(BookingSchema) }, errors: [400, 401] },
  },
  "/api/bookings/{id}": {
    patch: { summary: "Edit a reservation (never refused for capacity; overCapacity warns)", staff: true, params: ["id"], body: AdminBookingUpdateSchema, ok: { status: 200, schema: BookingResult }, errors: [400, 401, 404, 409] },
    delete: { summary: "Cancel a reservation (the record stays, status cancelled)", staff: true, params: ["id"], ok: { status: 200, schema: BookingSchema }, errors: [401, 404] },
  },
  "/api/contact": { post: { summary: "Send an enquiry", body: ContactMessageSchema, ok: { status: 201, schema: OK }, errors: [400, 403, 413, 415, 429] } },
  "/api/newsletter/subscribe": {
    post: {
      summary: "Ask for the newsletter (double opt-in): 202 and the same body for a new, an existing or an unconfirmed address; a new one is e-mailed a confirmation link",
      body: NewsletterSubscribeSchema,
      ok: { status: 202, schema: OK },
      errors: [400, 403, 415, 429],
    },
  },
  "/api/newsletter/confirm": {
    post: { summary: "The confirmation page's button: the subscription becomes active, consent time now", body: NewsletterTokenSchema, ok: { status: 200, schema: OK }, errors: [400, 403, 404, 415, 429] },
  },
  "/api/newsletter/unsubscribe": {
    get: { summary: "Unsubscribe link of welcome e-mails sent before double opt-in: the page with the button (a GET changes nothing)", query: { token: { schema: { type: "string" }, required: true } }, ok: { status: 200, html: true, description: "The page with the Unsubscribe button" }, errors: [404] },
    post: { summary: "The unsubscribe page's button (idempotent, token-bound)", body: NewsletterTokenSchema, ok: { status: 200, schema: OK }, errors: [400, 403, 404, 415, 429] },
  },
  "/api/inquiries": {
    get: {
      summary: "Enquiries, unresolved first, newest first; one page, X-Total-Count header; ?resolved= keeps one side",
      staff: true,
      query: { resolved: { schema: { type: "boolean" } }, ...PAGE_QUERY },
      ok: { status: 200, schema: z.array(InquirySchema) },
      errors: [400, 401],
    },
  },
  "/api/inquiries/stats": { get: { summary: "Enquiry counts (total, unresolved, resolved)", staff: true, ok: { status: 200, schema: InquiryStatsSchema }, errors: [401] } },
  "/api/inquiries/resolve/{id}": { post: { summary: "Mark an enquiry resolved (empty body)", staff: true, params: ["id"], ok: { status: 200, schema: InquirySchema }, errors: [401, 404] } },
  "/api/pricing": {
    get: { summary: "Pricing items (price in pence)", staff: true, ok: { status: 200, schema: z.array(PricingItemSchema) }, errors: [401] },
    post: { summary: "Create a pricing item (price in pounds in, pence out)", staff: true, body: PricingItemInputSchema, ok: { status: 201, schema: PricingItemSchema }, errors: [400, 401] },
  },
  "/api/pricing/{id}": {
    patch: { summary: "Update a pricing item (price in pounds)", staff: true, params: ["id"], body: PricingItemInputSchema, ok: { status: 200, schema: PricingItemSchema }, errors: [400, 401, 404] },
    delete: { summary: "Delete a pricing item", staff: true, params: ["id"], ok: { status: 200, schema: OK }, errors: [401, 404] },
  },
  "/api/newsletters": {
    get: {
      summary: "Subscribers, newest first; one page, X-Total-Count header; ?search= finds words starting a word of the e-mail, first or last name",
      staff: true,
      query: { search: { schema: { type: "string" } }, ...PAGE_QUERY },
      ok: { status: 200, schema: z.array(NewsletterSubscriptionSchema) },
      errors: [400, 401],
    },
  },
  "/api/newsletters/stats": { get: { summary: "Subscriber counts (total, active, inactive)", staff: true, ok: { status: 200, schema: NewsletterStatsSchema }, errors: [401] } },
  "/api/newsletters/{id}/status": {
    patch: { summary: "Activate or deactivate a subscription (one never confirmed cannot be activated: 409)", staff: true, params: ["id"], body: NewsletterStatusSchema, ok: { status: 200, schema: NewsletterSubscriptionSchema }, errors: [400, 401, 404, 409] },
  },
  "/api/newsletters/{id}": { delete: { summary: "Delete a subscription", staff: true, params: ["id"], ok: { status: 200, schema: OK }, errors: [401, 404] } },
  "/api/booking-settings": {
    get: { summary: "Booking settings", staff: true, ok: { status: 200, schema: z.array(BookingSettingSchema) }, errors: [401] },
    post: { summary: "Create a booking setting", staff: true, body: BookingSettingCreateSchema, ok: { status: 201, schema: BookingSettingSchema }, errors: [400, 401, 409] },
  },
  "/api/booking-settings/{key}": {
    patch: { summary: "Change a setting's value", staff: true, params: ["key"], body: BookingSettingUpdateSchema, ok: { status: 200, schema: BookingSettingSchema }, errors: [400, 401, 404] },
    delete: { summary: "Delete a setting (known keys fall back to their default)", staff: true, params: ["key"], ok: { status: 200, schema: OK }, errors: [401, 404] },
  },
  "/api/vouchers": {
    get: {
      summary: "Gift vouchers, newest first; one page, X-Total-Count header",
      staff: true,
      query: {
        search: { schema: { type: "string" } },
        type: { schema: { type: "string", enum: ["afternoonTea", "picnicHamper", "monetary"] } },
        status: { schema: { type: "string", enum: ["active", "redeemed", "expired"] } },
        ...PAGE_QUERY,
      },
      ok: { status: 200, schema: z.array(GiftVoucherSchema) },
      errors: [400, 401],
    },
  },
  "/api/vouchers/stats": {
    get: { summary: "Voucher stats over every voucher (totalValue: the sum of the numbers in the price texts)", staff: true, ok: { status: 200, schema: VoucherStatsSchema }, errors: [401] },
  },
  "/api/admin/login": {
    post: { summary: "Staff sign-in; sets the HttpOnly session cookie", body: AdminLoginSchema, ok: { status: 200, schema: z.object({ username: z.string() }) }, errors: [400, 401, 429] },
  },
  "/api/admin/logout": { post: { summary: "Revoke the session and clear the cookie", ok: { status: 200, schema: OK } } },
  "/api/admin/session": { get: { summary: "The signed-in staff member", staff: true, ok: { status: 200, schema: z.object({ username: z.string() }) }, errors: [401] } },
};

/** The OpenAPI 3 description of the REST API, built from the same zod schemas the routes use. */
export function buildOpenApiDocument(ctx: AppContext): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(ops)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods)) {
      const responses: Record<string, unknown> = {
        [op.ok.status]: op.ok.html
          ? { description: op.ok.description ?? "HTML page", content: { "text/html": { schema: { type: "string" } } } }
          : { description: op.ok.description ?? "OK", content: op.ok.schema ? { "application/json": { schema: toSchema(op.ok.schema, "output") } } : undefined },
      };
      for (const status of [...(op.errors ?? []), 500]) {
        responses[status] = { description: ERROR_TEXT[status] ?? "Server error", content: { "application/json": { schema: toSchema(MessageSchema, "output") } } };
      }
      const parameters = [
        ...(op.params ?? []).map((name) => ({ name, in: "path", required: true, schema: { type: name === "id" ? "integer" : "string" } })),
        ...Object.entries(op.query ?? {}).map(([name, q]) => ({ name, in: "query", required: q.required ?? false, schema: q.schema, description: q.description })),
      ];
      paths[path][method] = {
        summary: op.summary,
        ...(op.staff ? { security: [{ staffSession: [] }] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body, "input") } } } } : {}),
        responses,
      };
    }
  }
  paths["/api/bookings"]!.post = {
    ...(paths["/api/bookings"]!.post as object),
    requestBody: {
      required: true,
      content: { "application/json": { schema: { oneOf: [toSchema(BookingRequestSchema, "input"), toSchema(AdminBookingCreateSchema, "input")] } } },
    },
  };
  return {
    openapi: "3.0.3",
    info: { title: "Heritage Tearoom API", version: "1.0.0", description: "REST API of the tearoom site. Errors answer { message } naming the field. Mutations need Content-Type: application/json." },
    servers: [{ url: ctx.env.PUBLIC_ORIGIN }],
    components: { securitySchemes: { staffSession: { type: "apiKey", in: "cookie", name: ctx.env.secureCookies ? "__Host-tearoom_session" : "tearoom_session" } } },
    paths,
  };
}

export async function openApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  let doc: string | undefined;
  app.get("/api/openapi.json", async (_req, reply) => {
    doc ??= JSON.stringify(buildOpenApiDocument(ctx));
    return reply.type("application/json; charset=utf-8").send(doc);
  });
}
