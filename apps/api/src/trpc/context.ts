import { TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { storageUnavailable } from "../db/storage-errors.js";
import { readSessionToken } from "../http/session-cookie.js";
import { findSession, type StaffSession } from "../staff/services/auth.js";

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
    session: await findSession(app, readSessionToken(req, app.env)).catch((err: unknown) => {
      // R41: keeping a session alive is a write; on a full disk it fails as the procedures' writes do.
      const storage = storageUnavailable(app, err);
      if (!storage) throw err;
      app.logger.error({ err, problem: storage.problem }, "storage unavailable");
      res.header("retry-after", String(storage.retryAfterSeconds));
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: storage.message, cause: storage });
    }),
    req,
    res,
  });
}
