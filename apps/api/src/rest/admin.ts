import { AdminLoginSchema, StaffRoleSchema } from "@tearoom/domain";
import type { FastifyInstance, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { TooManyRequestsError } from "../errors.js";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session-cookie.js";
import { demoHint, login, logout } from "../services/auth.js";
import { body, optionalStaff, UNAUTHORIZED_MESSAGE } from "./helpers.js";
import { errors, PUBLIC, STAFF } from "./openapi.js";
import { OkSchema } from "./schemas.js";

const StaffNameSchema = z.object({ username: z.string() });
const SessionSchema = StaffNameSchema.extend({ role: StaffRoleSchema });
const DemoHintSchema = z.object({ username: z.string(), password: z.string() }).nullable();

/** The route `schema` of a staff-only operation: cookie security, and 401 among its answers. */
export function staffOp(
  operationId: string,
  tag: string,
  summary: string,
  parts: Record<string, unknown>,
  success: Record<number, unknown>,
  statuses: number[] = [],
): FastifySchema {
  return { operationId, summary, tags: [tag], security: STAFF, ...parts, response: { ...success, ...errors(401, ...statuses) } };
}

/** Staff sign-in (R1) on REST, mirroring the tRPC auth router. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const signIn = {
    operationId: "signIn",
    summary: "Staff sign-in; sets the HttpOnly session cookie",
    tags: ["staff"],
    security: PUBLIC,
    body: AdminLoginSchema,
    response: { 200: SessionSchema, ...errors(400, 401, 429) },
  };
  app.post("/api/admin/login", { schema: signIn }, async (req, reply) => {
    try {
      const { token, username, role } = await login(ctx, AdminLoginSchema.parse(body(req)), req.ip);
      setSessionCookie(reply, ctx.env, token);
      return { username, role };
    } catch (err) {
      if (err instanceof TooManyRequestsError) reply.header("retry-after", String(err.retryAfterSeconds));
      throw err;
    }
  });
  const signOut = {
    operationId: "signOut",
    summary: "Revoke the session and clear the cookie",
    tags: ["staff"],
    security: PUBLIC,
    response: { 200: OkSchema, ...errors(403) },
  };
  app.post("/api/admin/logout", { schema: signOut }, async (req, reply) => {
    await logout(ctx, readSessionToken(req, ctx.env));
    clearSessionCookie(reply, ctx.env);
    return { ok: true };
  });
  const sessionOp: FastifySchema = {
    operationId: "getSession",
    summary: "The signed-in staff member",
    tags: ["staff"],
    security: STAFF,
    response: { 200: SessionSchema, ...errors(401) },
  };
  app.get("/api/admin/session", { schema: sessionOp }, async (req, reply) => {
    const session = await optionalStaff(ctx, req);
    if (!session) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    return { username: session.username, role: session.role };
  });
  const hint = {
    operationId: "getDemoHint",
    summary: "The demo staff account's sign-in, on a demo deployment only (otherwise null)",
    tags: ["staff"],
    security: PUBLIC,
    response: { 200: DemoHintSchema, ...errors() },
  };
  app.get("/api/admin/demo-hint", { schema: hint }, async () => demoHint(ctx));
}
