import { describeZodError } from "@tearoom/domain";
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError, type z } from "zod";
import { storageUnavailable } from "../db/storage-errors.js";
import { AppError, ForbiddenError, StorageUnavailableError, TooManyRequestsError, UNAUTHORIZED_MESSAGE, WarningsError } from "../errors.js";
import type { TrpcContext } from "./context.js";

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

const CODE_BY_STATUS: Record<AppError["statusCode"], TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  // tRPC has no Gone; the REST routes answer 410 themselves.
  410: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * What a procedure says about itself beyond its input and handler. `access` is set by the
 * procedure kinds below; `rest` puts the procedure at a REST path too (rest/procedure-routes.ts),
 * so an operation is written once and served both ways, with its OpenAPI entry.
 */
export interface OperationMeta {
  access?: "public" | "staff" | "owner";
  rest?: RestOperation;
}

/** A procedure's REST path and its OpenAPI operation. */
export interface RestOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Fastify's pattern, e.g. "/api/pricing/:id". */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The success status (200 unless said); 204 answers no body. */
  status?: 200 | 201 | 202 | 204;
  /** The documented answer on success. */
  response: z.ZodType;
  /** Statuses it may refuse with besides 401, documented as `{ message }`. */
  errors?: number[];
  /**
   * Answers documented in words of their own, by status, where the shared ones do not fit (a
   * refusal only this operation gives, a success described otherwise); they replace the defaults.
   */
  responses?: Record<number, { description: string; content: Record<string, { schema: z.ZodType }> }>;
  /** Path parameters, parsed (and transformed: "7" → 7) into the procedure's input. */
  params?: z.ZodObject;
  /** Query-string parameters of an operation that also has a body, parsed into the input like `params`. */
  query?: z.ZodObject;
  /** The documented query string (GET) or body (others); by default the input without `params` and `query`. */
  request?: z.ZodType;
  /** A list answered as a page: the procedure returns `{ items, total }`, REST sends the items and X-Total-Count. */
  paged?: boolean;
  /**
   * REST refuses without a staff session (401, checked before the body) though the procedure is
   * public: it answers tRPC callers without one in its own way (auth.session: null).
   */
  requireSession?: boolean;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<OperationMeta>()
  .create({
    // Never send stack traces, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      let message = shape.message;
      if (error.cause instanceof ZodError) message = describeZodError(error.cause);
      else if (error.code === "INTERNAL_SERVER_ERROR") message = SERVER_ERROR_MESSAGE;
      // R29: the warnings a staff write was stopped by travel with the CONFLICT, as on REST.
      const warnings = error.cause instanceof WarningsError ? { warnings: error.cause.warnings } : {};
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...warnings } };
    },
  });

/** Turns the services' errors into tRPC errors with the same status and message as the REST routes. */
const appErrors = t.middleware(async ({ next, ctx, path }) => {
  const result = await next();
  if (!result.ok) {
    // R41: a full disk or a read-only database is a plain 503, as on REST, never an internal error.
    const cause = storageUnavailable(ctx.app, result.error.cause) ?? result.error.cause;
    if (cause instanceof StorageUnavailableError) ctx.app.logger.error({ err: cause.cause, path, problem: cause.problem }, "storage unavailable");
    // R25: a refusal says when to try again, as the REST routes do.
    if (cause instanceof TooManyRequestsError || cause instanceof StorageUnavailableError) ctx.res.header("retry-after", String(cause.retryAfterSeconds));
    if (cause instanceof WarningsError) throw new TRPCError({ code: "CONFLICT", message: cause.message, cause });
    if (cause instanceof AppError) throw new TRPCError({ code: CODE_BY_STATUS[cause.statusCode], message: cause.message, cause });
    if (cause instanceof ZodError) throw new TRPCError({ code: "BAD_REQUEST", message: describeZodError(cause), cause });
    if (result.error.code === "INTERNAL_SERVER_ERROR") ctx.app.logger.error({ err: cause ?? result.error, path }, "tRPC procedure failed");
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it (auth.login, auth.session, auth.demoHint). */
export const publicProcedure = t.procedure.use(appErrors).meta({ access: "public" });

/** R1: staff only; UNAUTHORIZED (401) without a live session. */
export const staffProcedure = publicProcedure
  .use(({ ctx, next }) => {
    if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: UNAUTHORIZED_MESSAGE });
    return next({ ctx: { ...ctx, session: ctx.session } });
  })
  .meta({ access: "staff" });

/**
 * R40: the owner only (staff accounts, a person's data): a staff account is refused FORBIDDEN
 * (403) with `message`, before the input is read. Services take the actor as already checked.
 */
export const ownerProcedure = (message: string) =>
  staffProcedure
    .use(({ ctx, next }) => {
      if (ctx.session.role !== "owner") throw new ForbiddenError(message);
      return next();
    })
    .meta({ access: "owner" });
