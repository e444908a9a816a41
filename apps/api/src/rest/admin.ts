import {
  AdminLoginSchema,
  GiftVoucherSchema,
  StaffRoleSchema,
  VoucherCodeParamsSchema,
  VoucherDetailSchema,
  VoucherExpiryUpdateSchema,
  VoucherListQuerySchema,
  VoucherRedemptionSchema,
  VoucherResendSchema,
  VoucherStatsSchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { TooManyRequestsError } from "../errors.js";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session-cookie.js";
import { demoHint, login, logout } from "../services/auth.js";
import { extendVoucherExpiry, redeemVoucher, resendVoucher } from "../services/voucher-ledger.js";
import { getVoucher, listVouchers, voucherStats } from "../services/vouchers.js";
import { body, optionalStaff, staffOnly, sendPage, UNAUTHORIZED_MESSAGE } from "./helpers.js";
import { errors, ok, PUBLIC, STAFF } from "./openapi.js";
import { OkSchema } from "./schemas.js";

const StaffNameSchema = z.object({ username: z.string() });
const SessionSchema = StaffNameSchema.extend({ role: StaffRoleSchema });
const DemoHintSchema = z.object({ username: z.string(), password: z.string() }).nullable();
const PAGED = "One page; the full count in the X-Total-Count header.";

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

/** Every admin row of spec section 7; each needs a staff session (R1). Same services and schemas as tRPC. */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = staffOnly(ctx);
  const op = (schema: FastifySchema) => ({ ...staff, schema });

  app.get(
    "/api/vouchers",
    op(
      staffOp(
        "listVouchers",
        "staff",
        `Gift vouchers, newest first. ${PAGED}`,
        { querystring: VoucherListQuerySchema },
        { 200: z.array(GiftVoucherSchema) },
        [400],
      ),
    ),
    async (req, reply) => sendPage(reply, await listVouchers(ctx, VoucherListQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/vouchers/stats",
    op(
      staffOp(
        "getVoucherStats",
        "staff",
        "Voucher stats over every voucher (totalValue: the sum of the numbers in the price texts; remainingValue: what is left on the active ones)",
        {},
        { 200: VoucherStatsSchema },
      ),
    ),
    async () => voucherStats(ctx),
  );
  // R35: the ledger. Each action answers the voucher with its ledger; the actor is the signed-in staff member.
  const code = { params: VoucherCodeParamsSchema };
  const codeOf = (req: FastifyRequest) => VoucherCodeParamsSchema.parse(req.params).code;
  app.get(
    "/api/vouchers/:code",
    op(staffOp("getVoucher", "staff", "A voucher by its code, with its ledger (oldest first)", code, { 200: VoucherDetailSchema }, [400, 404])),
    async (req) => getVoucher(ctx, codeOf(req)),
  );
  app.post(
    "/api/vouchers/:code/redemptions",
    op(
      staffOp(
        "redeemVoucher",
        "staff",
        "Redeem part or all of a voucher: amountPence (monetary) or people (per person), an optional note; an expired voucher only with override.reason. More than is left, or expired without override: 409",
        { ...code, body: VoucherRedemptionSchema },
        { 201: ok(VoucherDetailSchema, "Redeemed: the voucher with its ledger") },
        [400, 404, 409],
      ),
    ),
    async (req, reply) => reply.code(201).send(await redeemVoucher(ctx, codeOf(req), VoucherRedemptionSchema.parse(body(req)), req.staff!.username)),
  );
  app.post(
    "/api/vouchers/:code/resend",
    op(
      staffOp(
        "resendVoucher",
        "staff",
        "Send the voucher e-mail again, to the recipient or to the buyer (nothing left: 409)",
        { ...code, body: VoucherResendSchema },
        { 200: VoucherDetailSchema },
        [400, 404, 409],
      ),
    ),
    async (req) => resendVoucher(ctx, codeOf(req), VoucherResendSchema.parse(body(req)), req.staff!.username),
  );
  app.patch(
    "/api/vouchers/:code",
    op(
      staffOp(
        "extendVoucher",
        "staff",
        "Extend a voucher's expiry to a later date",
        { ...code, body: VoucherExpiryUpdateSchema },
        { 200: VoucherDetailSchema },
        [400, 404],
      ),
    ),
    async (req) => extendVoucherExpiry(ctx, codeOf(req), VoucherExpiryUpdateSchema.parse(body(req)), req.staff!.username),
  );
}
