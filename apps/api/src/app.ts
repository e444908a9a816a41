import { dirname } from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { describeZodError } from "@tearoom/domain";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { backupAgeSeconds } from "./backup/nightly.js";
import type { AppContext } from "./context.js";
import type { Env } from "./env.js";
import { storageUnavailable } from "./db/storage-errors.js";
import { AppError, StorageUnavailableError, TooManyRequestsError, WarningsError } from "./errors.js";
import { healthCheck, healthRoutes } from "./http/health.js";
import { metrics } from "./http/metrics.js";
import { loggedRoute, requestLogEntry } from "./http/request-log.js";
import { allowedOrigins, checkRequest, refuse, securityHeaders } from "./http/security.js";
import { earlyFormPost, resolveSpaRoots, serveSpa, webInlineScriptHashes, type SpaRoots } from "./http/static.js";
import { whatsOnJsonLd } from "./events/services/events-json-ld.js";
import { paymentRoutes } from "./payments/routes/payments.js";
import { manageRoutes } from "./bookings/routes/manage.js";
import { waitlistRoutes } from "./waitlist/routes/waitlist.js";
import { staffDownloadRoutes } from "./rest/staff-downloads.js";
import { jsonSerializerCompiler, openApi, zodValidatorCompiler } from "./rest/openapi.js";
import { newsletterRoutes } from "./newsletter/routes/newsletter-rest.js";
import { calendarFeedRoutes } from "./staff/routes/calendar-feed-ics.js";
import { voucherRoutes } from "./vouchers/routes/vouchers-rest.js";
import { procedureRoutes } from "./rest/procedure-routes.js";
import { publicRoutes } from "./rest/public.js";
import { trpcContextFactory } from "./trpc/context.js";
import { SERVER_ERROR_MESSAGE } from "./trpc/init.js";
import { appRouter } from "./trpc/root.js";
import type { AppRouter } from "./trpc/router-types.js";

export interface AppConfig {
  ctx: AppContext;
  /** Where the built public site and admin app are; defaults from env / beside the server file. */
  spaRoots?: SpaRoots;
  /** Seconds since the newest backup (null: none yet) for /metrics; by default the nightly backups' (backup/nightly.ts). */
  backupAgeSeconds?: () => number | null;
}

/** Our own onResponse hook logs each request once, without query strings (they can hold e-mails or tokens). */
class QuietLogController extends LogController {
  override routeNotFound(): void {}
}

/**
 * R24: Fastify fails closed on a bare hop count (it trusts no one), so a count becomes the
 * function proxy-addr walks with: the peer and the next `hops - 1` entries from the right are
 * proxies, and the entry after them is the client, whatever the client wrote further left.
 */
export function fastifyTrustProxy(setting: Env["TRUST_PROXY"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}

/** The methods any route answers; anything else is 405 (R27), but for a PUT to a route that takes one. */
const METHODS_SERVED = new Set(["GET", "HEAD", "POST", "PATCH", "DELETE"]);
/** R45: PUT replaces a whole resource (PUT /api/opening-hours); only routes declared with it answer it. */
const servedHere = (req: FastifyRequest) => METHODS_SERVED.has(req.method) || (req.method === "PUT" && req.routeOptions.method === "PUT");
const ALLOW = [...METHODS_SERVED].join(", ");
export const BAD_URL_MESSAGE = "The address is not valid.";

/**
 * Node's answer to a request it could not parse (bad request line, huge headers), written on the
 * socket as Fastify's default does, but with the security headers and no detail (R27).
 */
function clientError(err: NodeJS.ErrnoException, socket: Duplex, headers: Record<string, string>): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") writeRaw(socket, 408, "Request Timeout", "The request took too long.", headers);
  else if (err.code === "HPE_HEADER_OVERFLOW") writeRaw(socket, 431, "Request Header Fields Too Large", "The request could not be read.", headers);
  else writeRaw(socket, 400, "Bad Request", "The request could not be read.", headers);
  socket.destroy(err);
}

/** A whole response written on a socket no request object owns, then the connection is closed. */
function writeRaw(socket: Duplex, status: number, text: string, message: string, headers: Record<string, string>, extra: Record<string, string> = {}): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ message });
  const lines = Object.entries({
    ...headers,
    ...extra,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  }).map(([k, v]) => `${k}: ${v}`);
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** Requests are small: the largest form is a contact message of 5,000 characters. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const FASTIFY_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Send the request body as JSON (Content-Type: application/json)." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The request body length does not match its Content-Length." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty." },
};

/**
 * Builds the whole server: REST for the public site, tRPC for the admin app, payments, and the
 * two built front ends (R18). Never listens; `server.ts` does, tests use inject or port 0.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const { ctx } = config;
  const { env } = ctx;
  const spaRoots = config.spaRoots ?? resolveSpaRoots(env, dirname(fileURLToPath(import.meta.url)));
  const headers = securityHeaders(env, webInlineScriptHashes(spaRoots));
  const app = Fastify({
    loggerInstance: ctx.logger,
    logController: new QuietLogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // R27: Fastify's own refusals (a malformed path, a broken request line) carry the security
    // headers too, and never echo what the client sent.
    frameworkErrors: (error, _req, reply) => {
      const code = (error as FastifyError).code;
      const [status, message] =
        code === "FST_ERR_BAD_URL"
          ? [400, BAD_URL_MESSAGE]
          : code === "FST_ERR_MAX_PARAM_LENGTH"
            ? [414, "The address is too long."]
            : [400, "The request could not be read."];
      (reply as FastifyReply).headers(headers).code(status).send({ message });
    },
    clientErrorHandler: (err, socket) => clientError(err, socket, headers),
  });

  // JSON bodies: an empty body is "no body" (DELETE or POST .../resolve sent with a JSON content type).
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, raw, done) => {
    if (typeof raw === "string" && raw.trim() === "") return done(null, undefined);
    defaultJson(req, raw as string, (err, value) => {
      if (err) return done(Object.assign(new Error("The request body is not valid JSON."), { statusCode: 400 }), undefined);
      done(null, value);
    });
  });

  // CONNECT never reaches Fastify: Node hands over the bare socket, which it would otherwise drop.
  app.server.on("connect", (_req: unknown, socket: Duplex) =>
    writeRaw(socket, 405, "Method Not Allowed", "The method CONNECT is not allowed.", headers, { allow: ALLOW }),
  );
  const origins = allowedOrigins(env);
  app.addHook("onRequest", async (req, reply) => {
    reply.headers(headers);
    // R27: TRACE, CONNECT, WebDAV and the like are refused before any route sees them.
    if (!servedHere(req))
      return reply
        .code(405)
        .header("allow", ALLOW)
        .send({ message: `The method ${req.method.slice(0, 20)} is not allowed.` });
    const refusal = checkRequest(req, origins);
    if (refusal) {
      // Our own form, sent before the page's script took it over: back to the page, nothing kept.
      const page = refusal.status === 415 ? earlyFormPost(req, env) : null;
      if (page) return reply.header("cache-control", "no-store").redirect(page, 303);
      return refuse(reply, refusal);
    }
  });

  // Structured request log: method, route pattern, status, time (http/request-log.ts, R42).
  const procedures = new Set(Object.keys(appRouter._def.procedures));
  app.addHook("onResponse", async (req, reply) => {
    req.log.info(requestLogEntry(req, reply, procedures), "request");
  });

  app.setErrorHandler((thrown: FastifyError | Error, req, reply) => {
    // R41: a full disk or a read-only database is a 503 to try again later, never a 500.
    const error = storageUnavailable(ctx, thrown) ?? thrown;
    if (error instanceof ZodError) return reply.code(400).send({ message: describeZodError(error) });
    if (error instanceof AppError) {
      if (error instanceof WarningsError) return reply.code(409).send({ message: error.message, warnings: error.warnings });
      if (error instanceof StorageUnavailableError)
        req.log.error({ err: thrown, problem: error.problem, method: req.method, route: loggedRoute(req) }, "storage unavailable");
      if (error instanceof TooManyRequestsError || error instanceof StorageUnavailableError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const code = (error as FastifyError).code;
    const known = code ? FASTIFY_MESSAGES[code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error, method: req.method, route: loggedRoute(req) }, "request failed");
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/") || (req.method !== "GET" && req.method !== "HEAD")) {
      return reply.code(404).send({ message: `Not found: ${req.method} ${path.slice(0, 200)}` });
    }
    return serveSpa(req, reply, env, spaRoots, (route) => (route === "/whats-on" ? whatsOnJsonLd(ctx) : Promise.resolve("")));
  });

  await app.register(fastifyCookie);
  // Files are sent by serveSpa with an explicit root per host; this only adds reply.sendFile.
  await app.register(fastifyStatic, { root: spaRoots.web, serve: false, decorateReply: true });

  // Route schemas are the routes' zod schemas; the OpenAPI document is generated from them.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  await openApi(app, { ctx }); // at the root: the swagger plugin must see every route added after it

  // /healthz (R41) and, with METRICS_TOKEN, /metrics with its request timings for every route below.
  const health = healthCheck(ctx);
  await app.register(healthRoutes, { health });
  await app.register(metrics, { ctx, health, backupAgeSeconds: config.backupAgeSeconds ?? (() => backupAgeSeconds(ctx)) });

  await app.register(publicRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  await app.register(calendarFeedRoutes, { ctx });
  await app.register(voucherRoutes, { ctx });
  await app.register(staffDownloadRoutes, { ctx });
  await app.register(manageRoutes, { ctx });
  await app.register(waitlistRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  // Operations defined once, as procedures: served at their REST paths too.
  await app.register(procedureRoutes, { ctx, router: appRouter });

  // tRPC in its own scope: its plugin replaces the JSON parser and adds a multipart one, which
  // the onRequest guard above refuses before any parsing happens.
  await app.register(async (scope) => {
    await scope.register(fastifyTRPCPlugin, {
      prefix: "/api/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: trpcContextFactory(ctx),
        allowMethodOverride: false,
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  });

  return app;
}
