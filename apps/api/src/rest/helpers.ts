import type { FastifyReply, FastifyRequest, RequestPayload } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { UNAUTHORIZED_MESSAGE } from "../errors.js";
import { readSessionToken } from "../http/session-cookie.js";
import { findSession, type StaffSession } from "../staff/services/auth.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireStaff` on admin routes. */
    staff?: StaffSession;
  }
}

export { UNAUTHORIZED_MESSAGE };

/** R1: admin REST paths answer 401 without a live staff session. */
export function requireStaff(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(ctx, readSessionToken(req, ctx.env));
    if (!session) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    req.staff = session;
  };
}

/**
 * The route options of a staff-only REST path: the session is checked before the body is even
 * read, so a request without one is 401 whatever it sent (a body that is not JSON included).
 */
export function staffOnly(ctx: AppContext) {
  const check = requireStaff(ctx);
  return {
    preParsing: async (req: FastifyRequest, reply: FastifyReply, payload: RequestPayload): Promise<RequestPayload> => {
      await check(req, reply);
      return payload;
    },
  };
}

/** Who makes a change on a staff route (R40), for the audit record; `requireStaff` has run. */
export function actor(req: FastifyRequest): string {
  if (!req.staff) throw new Error("actor() on a route without requireStaff");
  return req.staff.username;
}

/** The staff session of a request, if any, without refusing it. */
export function optionalStaff(ctx: AppContext, req: FastifyRequest): Promise<StaffSession | null> {
  return findSession(ctx, readSessionToken(req, ctx.env));
}

/**
 * Path ids are plain decimal: Number() would also read "0x1", "1e0", "+1", " 1" or "1.0" as 1,
 * so a junk path could change a real record.
 */
export const IdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "id must be a positive whole number" })
    .transform(Number),
});

export const KeyParamsSchema = z.object({ key: z.string().max(100) });

/** An empty body arrives as undefined; schemas of all-optional fields should see {}. */
export const body = (req: FastifyRequest): unknown => req.body ?? {};

/** Spec section 7: a list endpoint answers a JSON array; this page of it, with the full count in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header("x-total-count", String(page.total));
  return page.items;
}
