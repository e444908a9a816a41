import { TRPCError, type AnyProcedure, type AnyRouter } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { z, ZodError } from "zod";
import type { AppContext } from "../context.js";
import { AppError } from "../errors.js";
import { createCallerFactory, type OperationMeta, type RestOperation } from "../trpc/init.js";
import { body, staffOnly } from "./helpers.js";
import { documentOnly, errors, ok, PUBLIC, STAFF } from "./openapi.js";

/**
 * One definition per operation: every tRPC procedure whose meta names a REST path (`rest` in
 * trpc/init.ts) is also served there, by the same procedure, with its OpenAPI entry. The route
 * reads the path parameters, the query string (GET) or the JSON body, calls the procedure as the
 * admin app would, and answers with its result; a refusal answers the status and message of the
 * service's error, exactly as a hand-written route did. Nothing here knows any one operation.
 */

/** A refusal that is no AppError (tRPC's own: a procedure input that does not parse, say), as REST answers it. */
class ProcedureRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The error a REST caller is answered with: the service's own error where there is one, so status and message match. */
function restError(err: unknown): unknown {
  if (!(err instanceof TRPCError)) return err;
  if (err.cause instanceof AppError || err.cause instanceof ZodError) return err.cause;
  const status = getHTTPStatusCodeFromError(err);
  return status >= 500 ? (err.cause ?? err) : new ProcedureRefusal(status, err.message);
}

/** The input fields an operation reads from the path or the query string rather than from the body. */
function elsewhere(rest: RestOperation): Set<string> {
  return new Set([...Object.keys(rest.params?.shape ?? {}), ...Object.keys(rest.query?.shape ?? {})]);
}

/** The documented query string or body of an operation: the procedure's input without its path and query parameters. */
function requestSchema(procedure: AnyProcedure, rest: RestOperation): z.ZodType | undefined {
  if (rest.request) return rest.request;
  const declared = (procedure._def as { inputs?: unknown[] }).inputs?.[0];
  // An optional input (a list's filters) is documented as the object it is when given.
  const input = declared instanceof z.ZodOptional ? declared.unwrap() : declared;
  if (!(input instanceof z.ZodObject)) return undefined;
  if (!rest.params && !rest.query) return input;
  const taken = elsewhere(rest);
  const fields = Object.entries(input.shape).filter(([key]) => !taken.has(key));
  // Only path parameters (a DELETE of /…/:id): no body to document.
  return fields.length ? z.object(Object.fromEntries(fields)) : undefined;
}

/** The route schema (and so the OpenAPI operation) of `rest`. */
function routeSchema(procedure: AnyProcedure, rest: RestOperation, staff: boolean): FastifySchema {
  const request = requestSchema(procedure, rest);
  const status = rest.status ?? 200;
  const parts: FastifySchema = {
    ...(rest.params ? { params: rest.params } : {}),
    ...(rest.query ? { querystring: rest.query } : {}),
    ...(request ? (rest.method === "GET" ? { querystring: request } : { body: request }) : {}),
  };
  return {
    operationId: rest.operationId,
    summary: rest.summary,
    tags: [rest.tag],
    security: staff ? STAFF : PUBLIC,
    ...parts,
    response: {
      [status]:
        status === 201
          ? ok(rest.response, "Created")
          : status === 202
            ? ok(rest.response, "Accepted")
            : status === 204
              ? z.null().describe("Done; no content")
              : rest.response,
      ...errors(...(staff ? [401] : []), ...(rest.errors ?? [])),
      ...rest.responses,
    },
  };
}

/** `sent` (a body or query string) without the fields named in `keys`. */
function without(sent: unknown, keys: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sent as object).filter(([key]) => !keys.has(key)));
}

/** Calls the procedure at `path` of the router's caller (a nested proxy: "pricing.update" is caller.pricing.update). */
function callAt(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}

/** Registers a REST route for each procedure of `router` whose meta has `rest`. */
export async function procedureRoutes(app: FastifyInstance, { ctx, router }: { ctx: AppContext; router: AnyRouter }): Promise<void> {
  const createCaller = createCallerFactory(router);
  const staffCheck = staffOnly(ctx);
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const meta = procedure._def.meta as OperationMeta | undefined;
    const rest = meta?.rest;
    if (!rest) continue;
    const staff = meta?.access === "staff" || meta?.access === "owner" || rest.requireSession === true;
    app.route({
      method: rest.method,
      url: rest.path,
      // R1: the session is checked before the body is read (helpers.staffOnly), as on every staff path.
      ...(staff ? staffCheck : {}),
      schema: routeSchema(procedure, rest, staff),
      // Parsed once: the path and query parameters below, the input by the procedure itself. The
      // route's schema only documents the operation (and is the OpenAPI entry).
      validatorCompiler: documentOnly,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const params = rest.params ? rest.params.parse(req.params) : {};
        const query = rest.query ? rest.query.parse(req.query ?? {}) : {};
        const sent = rest.method === "GET" ? (req.query ?? {}) : body(req);
        // Each field comes from one place: a path or query parameter is never read from the body.
        const input = rest.params || rest.query ? { ...without(sent, elsewhere(rest)), ...query, ...params } : sent;
        const caller = createCaller({ app: ctx, session: req.staff ?? null, req, res: reply });
        let result: unknown;
        try {
          result = await callAt(caller, path, input);
        } catch (err) {
          throw restError(err);
        }
        reply.code(rest.status ?? 200);
        if (rest.status === 204) return reply.send();
        if (rest.paged) {
          const page = result as { items: unknown[]; total: number };
          reply.header("x-total-count", String(page.total));
          return page.items;
        }
        return result;
      },
    });
  }
}
