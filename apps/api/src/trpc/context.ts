import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { readSessionToken } from "../http/session-cookie.js";
import { findSession, type StaffSession } from "../services/auth.js";

/** What every procedure sees: the app's context, the caller's staff session (or null) and the HTTP exchange. */
export interface TrpcContext {
  app: AppContext;
  session: StaffSession | null;
  req: FastifyRequest;
  res: FastifyReply;
}

export function trpcContextFactory(app: AppContext) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<TrpcContext> => ({
    app,
    session: await findSession(app, readSessionToken(req, app.env)),
    req,
    res,
  });
}
