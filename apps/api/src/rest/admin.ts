import {
  AdminBookingUpdateSchema,
  BookingCancelOptionsSchema,
  BookingDeclineSchema,
  BookingWarningSchema,
  AdminLoginSchema,
  BookingListQuerySchema,
  BookingSchema,
  CancelBookingRequestSchema,
  type CancelBookingRequestInput,
  GiftVoucherSchema,
  RefundAnswerSchema,
  RefundRequestSchema,
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
import { confirmRequest, declineRequest } from "../services/booking-lifecycle.js";
import { listBookingsForAdmin, updateAdminBooking } from "../services/bookings.js";
import { cancelBookingWithRefund, refundBooking } from "../services/refunds.js";
import { extendVoucherExpiry, redeemVoucher, resendVoucher } from "../services/voucher-ledger.js";
import { getVoucher, listVouchers, voucherStats } from "../services/vouchers.js";
import { actor, body, IdParamsSchema, optionalStaff, staffOnly, sendPage, UNAUTHORIZED_MESSAGE } from "./helpers.js";
import { errors, ok, PUBLIC, STAFF, WARNINGS_409 } from "./openapi.js";
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
  const id = { params: IdParamsSchema };
  const op = (schema: FastifySchema) => ({ ...staff, schema });

  /** The list (spec: "list"), filtered like the admin screen; X-Total-Count gives the full count. */
  app.get(
    "/api/bookings",
    op(
      staffOp(
        "listBookings",
        "bookings",
        `Reservations, filtered like the admin screen (cancelled ones only when asked). ${PAGED}`,
        { querystring: BookingListQuerySchema },
        { 200: z.array(BookingSchema) },
        [400],
      ),
    ),
    async (req, reply) => sendPage(reply, await listBookingsForAdmin(ctx, BookingListQuerySchema.parse(req.query))),
  );
  const staffWrite = z.object({ booking: BookingSchema, overCapacity: z.boolean(), warnings: z.array(BookingWarningSchema) });
  app.patch(
    "/api/bookings/:id",
    op(
      staffOp(
        "updateBooking",
        "bookings",
        "Edit a reservation, its staff notes included. A change of date, time or guests that breaks a booking rule (R29) is 409 with `warnings`, nothing saved, unless acceptWarnings is true; it is e-mailed to the guest unless notifyGuest is false",
        { ...id, body: AdminBookingUpdateSchema },
        { 200: staffWrite, 409: WARNINGS_409 },
        [400, 404],
      ),
    ),
    async (req) => updateAdminBooking(ctx, IdParamsSchema.parse(req.params).id, AdminBookingUpdateSchema.parse(body(req)), actor(req)),
  );
  /** R14: "delete" cancels; the record stays with status `cancelled`. */
  // R28: the guest is e-mailed unless ?notifyGuest=false. R34: the body may carry the refund choice for a paid booking ("full, part or none"),
  // R36: and whether a gift voucher's part goes back (`restoreVoucher`, default true).
  app.delete(
    "/api/bookings/:id",
    op(
      staffOp(
        "cancelBooking",
        "bookings",
        "Cancel a reservation (the record stays, status cancelled); the guest is e-mailed unless ?notifyGuest=false. A declined request is 409. A paid booking may be refunded in the same call: body `{ refund: { amountPence?, reason } }` (amount omitted: all that is left), refunded before cancelling, so a refused refund cancels nothing. A gift voucher's part goes back to the voucher unless the body says `restoreVoucher: false` (R36)",
        { ...id, querystring: BookingCancelOptionsSchema, body: CancelBookingRequestSchema.optional() },
        { 200: BookingSchema },
        [400, 404, 409, 502],
      ),
    ),
    async (req) =>
      cancelBookingWithRefund(
        ctx,
        IdParamsSchema.parse(req.params).id,
        body(req) as CancelBookingRequestInput,
        actor(req),
        BookingCancelOptionsSchema.parse(req.query),
      ),
  );
  app.post(
    "/api/bookings/:id/refunds",
    op(
      staffOp(
        "refundBooking",
        "bookings",
        "Refund all or part of a booking's payment through the provider (R34); amountPence omitted: everything still refundable. The guest is e-mailed",
        { ...id, body: RefundRequestSchema },
        { 201: ok(RefundAnswerSchema, "Refunded") },
        [400, 404, 409, 502],
      ),
    ),
    async (req, reply) =>
      reply.code(201).send(await refundBooking(ctx, IdParamsSchema.parse(req.params).id, { ...RefundRequestSchema.parse(body(req)), actor: actor(req) })),
  );
  app.post(
    "/api/bookings/:id/confirm",
    op(
      staffOp(
        "confirmBooking",
        "bookings",
        "Confirm a pending request (empty body); the guest is e-mailed the confirmation with an ICS. 409 unless pending",
        id,
        { 200: BookingSchema },
        [400, 404, 409],
      ),
    ),
    async (req) => confirmRequest(ctx, IdParamsSchema.parse(req.params).id, actor(req)),
  );
  app.post(
    "/api/bookings/:id/decline",
    op(
      staffOp(
        "declineBooking",
        "bookings",
        "Decline a pending request with the reason the guest is e-mailed; its seats are freed. 409 unless pending",
        { ...id, body: BookingDeclineSchema },
        { 200: BookingSchema },
        [400, 404, 409],
      ),
    ),
    async (req) => declineRequest(ctx, IdParamsSchema.parse(req.params).id, BookingDeclineSchema.parse(body(req)), actor(req)),
  );

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
