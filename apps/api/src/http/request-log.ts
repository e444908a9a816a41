import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * What the request log says a request was for (R42): the route pattern ("/api/manage/:token"),
 * never the path it was sent to. Paths carry bearer tokens (manage links, and every link of that
 * kind to come), so a path is logged only where the server knows it is none: a built file it
 * served, or a page of the front ends' own route lists. Anything else is "(not found)".
 */

export const NOT_FOUND_ROUTE = "(not found)";

const servedAs = new WeakMap<FastifyRequest, string>();

/** Records what an answer from the front ends' files was (`serveSpa`): a file's path or a page's route pattern. */
export function servedRoute(req: FastifyRequest, route: string): void {
  servedAs.set(req, route);
}

/** The pattern of the route Fastify matched for `req` ("/api/manage/:token"), or null when none did. */
export function routePattern(req: FastifyRequest): string | null {
  return (!req.is404 && req.routeOptions.url) || null;
}

/** The route to log for `req`: its pattern, what `servedRoute` recorded, or "(not found)". */
export function loggedRoute(req: FastifyRequest): string {
  return routePattern(req) ?? servedAs.get(req) ?? NOT_FOUND_ROUTE;
}

/**
 * The line each request is logged with: no path, no query string, no body (they can hold e-mail
 * addresses or tokens). A tRPC call also names its procedures, when they are among `procedures`
 * (the router's own names; anything else in that part of the path is the caller's).
 */
export function requestLogEntry(req: FastifyRequest, reply: FastifyReply, procedures: ReadonlySet<string>): Record<string, unknown> {
  const route = loggedRoute(req);
  const entry: Record<string, unknown> = { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
  if (route === "/api/trpc/:path") {
    const called = String((req.params as { path?: unknown }).path ?? "").split(",");
    if (called.every((name) => procedures.has(name))) entry.procedure = called.join(",");
  }
  return entry;
}
