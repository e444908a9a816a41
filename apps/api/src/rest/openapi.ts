import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import type { FastifySchemaCompiler } from "fastify/types/schema.js";
import fastJson from "fast-json-stringify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { BookingWarningsAnswerSchema } from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { MessageSchema } from "./schemas.js";

/**
 * The route schemas are zod schemas, the very ones the handlers parse with. The validator runs
 * them before the handler and hands the ZodError itself to the error handler, so a bad request
 * gets the same 400 `{ message: "field: message" }` as when the handler parsed it. The value is
 * left as it came, so a route whose handler (or procedure) parses its input sets `documentOnly`
 * instead: its input is parsed once, at the edge (issue 30), and its services take the parsed type.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // An empty body arrives as undefined (null here); schemas of all-optional fields see {} (helpers.body).
    const result = schema.safeParse(httpPart === "body" && data == null ? {} : data);
    return result.success ? {} : { error: result.error };
  };

/**
 * For routes whose input is parsed by the handler or the procedure, after the route's own checks
 * (a rate limit, a session), or answered in its own way (a 404, an HTML page, a raw body): the
 * schema documents the route and validates nothing.
 */
export const documentOnly = () => () => ({});

/** Answers go out as the handler built them; the response schemas are the document's. */
export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** Hot paths (read on every page view): fast-json-stringify from the response schema, as Fastify would. */
export const fastSerializerCompiler = ({ schema }: { schema: unknown }) =>
  fastJson(z.toJSONSchema(schema as z.ZodType, { target: "draft-7", io: "output", unrepresentable: "any" }) as Parameters<typeof fastJson>[0]);

export const COOKIE_AUTH = "cookieAuth";
/** `security` of GET /metrics: the METRICS_TOKEN as a bearer token (http/metrics.ts). */
export const METRICS_AUTH = [{ metricsToken: [] }];
/** `security` of a route that needs a staff session (R1). */
export const STAFF = [{ [COOKIE_AUTH]: [] }];
/** `security` of a public route. */
export const PUBLIC: Record<string, string[]>[] = [];

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input; the message names the field",
  401: "No staff session (R1)",
  402: "The payment failed; the message is the provider's",
  403: "Cross-site request refused",
  404: "Not found",
  409: "Slot full, garden spot taken, duplicate, a subscription never confirmed, or a voucher without that much left (or expired, without an override reason)",
  410: "Gone: a payment link that has expired (R49)",
  413: "Body too large",
  415: "Body is not application/json",
  429: "Too many requests (R5), too many unpaid seat holds or booking requests from one client (R23), or too many wrong voucher codes (R35); see Retry-After",
  502: "The payment provider failed or refused the call; nothing was recorded",
};

/** A `{ message }` answer described for this route, where the shared wording of its status does not fit. */
export const message = (description: string) => ({ description, content: { "application/json": { schema: MessageSchema } } });

/**
 * The `{ message }` answers of a route, by status, for its `response` schema; `4XX` stands for
 * the refusals any route may give at the door (a malformed address, a method not served, R27).
 */
export function errors(...statuses: number[]): Record<string, ReturnType<typeof message>> {
  return {
    ...Object.fromEntries(statuses.map((s) => [s, message(ERROR_TEXT[s] ?? "Error")])),
    "4XX": message("Refused before the route ran: a malformed address or request (R27)"),
  };
}

/** R29: the 409 of a staff booking write, a `{ message }` refusal or the warnings it was stopped by. */
export const WARNINGS_409 = {
  description:
    "Refused, nothing saved or sent: `warnings` (R29) a staff write did not accept with acceptWarnings; otherwise `{ message }`: a full slot or taken spot (visitors), or a status that does not allow the change",
  content: { "application/json": { schema: z.union([BookingWarningsAnswerSchema, MessageSchema]) } },
};

/** The summary's last sentence of a list answered a page at a time (`paged` in a procedure's REST meta). */
export const PAGED = "One page; the full count in the X-Total-Count header.";

/** A success answer with a description, for its `response` schema. */
export function ok<T extends z.ZodType>(schema: T, description = "OK", type = "application/json") {
  return { description, content: { [type]: { schema } } };
}

/** `schema: HIDDEN`: pages, scripts and styles the e-mails and the demo provider link to, not API operations. */
export const HIDDEN: FastifySchema & { hide: true } = { hide: true };

const TAGS = [
  { name: "site", description: "What the public pages read: site facts, availability, garden spots" },
  { name: "bookings", description: "Booking requests and, for staff, the reservations list" },
  { name: "enquiries", description: "The contact form and, for staff, the enquiries it creates" },
  { name: "newsletter", description: "Double opt-in subscription and, for staff, the subscribers" },
  { name: "payments", description: "Payment intents, their status, the demo provider and the Stripe webhook" },
  { name: "staff", description: "Staff sign-in and the admin's settings, prices and vouchers" },
  { name: "privacy", description: "The owner's privacy tools (R39): export and erase what is held about a person" },
  { name: "reports", description: "Staff reports (R54): covers, takings, no-shows and vouchers, each also as CSV" },
  { name: "guests", description: "Guest records (R55): visits, no-shows, spend, staff notes and tags" },
  { name: "service", description: "The service itself: liveness and this document" },
];

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The OpenAPI document, generated from the routes' own schemas by @fastify/swagger (register it
 * before the routes: it collects them as they are added), `GET /api/openapi.json`, and the docs
 * page at `/api/docs`.
 */
export async function openApi(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Heritage Tearoom API",
        version: "1.0.0",
        description:
          "REST API of the tearoom site. Errors answer `{ message }` naming the field. Mutations need `Content-Type: application/json`. A write the database cannot store just now (a full disk, a read-only database) answers 503 with `Retry-After` and nothing stored (R41).",
        license: { name: "Proprietary", url: `${ctx.env.PUBLIC_ORIGIN}/` },
      },
      servers: [{ url: ctx.env.PUBLIC_ORIGIN }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [COOKIE_AUTH]: {
            type: "apiKey",
            in: "cookie",
            name: ctx.env.secureCookies ? "__Host-tearoom_session" : "tearoom_session",
            description: "The staff session cookie set by `POST /api/admin/login` (HttpOnly)",
          },
          // Only where GET /metrics exists, so the document names no scheme nothing uses.
          ...(ctx.env.METRICS_TOKEN
            ? { metricsToken: { type: "http", scheme: "bearer", description: "The server's METRICS_TOKEN, for a Prometheus scraper" } }
            : {}),
        },
      },
    },
    // tRPC (the admin app's transport) has its own types; the document is the REST API.
    transform: (doc) => (doc.url.startsWith("/api/trpc") ? { schema: { hide: true } as FastifySchema, url: doc.url } : zodTransform(doc)),
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    // Served from the package's own files; nothing from outside (no validator badge, no CDN).
    uiConfig: { validatorUrl: null, deepLinking: false },
    theme: { title: "Heritage Tearoom API" },
    staticCSP: {
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self' data:",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    },
  });

  let doc: string | undefined;
  app.get(
    "/api/openapi.json",
    {
      schema: {
        operationId: "getOpenApiDocument",
        summary: "This document (OpenAPI 3.1)",
        tags: ["service"],
        security: PUBLIC,
        response: { 200: ok(z.object({}).loose(), "The OpenAPI 3.1 document"), ...errors() },
      },
    },
    async (_req, reply) => {
      doc ??= JSON.stringify(app.swagger());
      return reply.type("application/json; charset=utf-8").send(doc);
    },
  );
}
