import {
  AdminBookingUpdateSchema,
  AdminLoginSchema,
  BookingListQuerySchema,
  BookingSettingCreateSchema,
  BookingSettingUpdateSchema,
  InquiryListQuerySchema,
  NewsletterListQuerySchema,
  NewsletterStatusSchema,
  PricingItemInputSchema,
  SettingKeySchema,
  VoucherListQuerySchema,
} from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { TooManyRequestsError } from "../errors.js";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session-cookie.js";
import { demoHint, login, logout } from "../services/auth.js";
import { createSetting, listSettings, removeSetting, updateSetting } from "../services/booking-settings.js";
import { cancelBooking, listBookingsForAdmin, updateAdminBooking } from "../services/bookings.js";
import { inquiryStats, listInquiriesForAdmin, resolveEnquiry } from "../services/inquiries.js";
import { listNewsletterSubscriptions, newsletterStats, removeSubscription, setSubscriptionStatus } from "../services/newsletter.js";
import { createPricing, listPricing, removePricing, updatePricing } from "../services/pricing.js";
import { listVouchers, voucherStats } from "../services/vouchers.js";
import { body, IdParamsSchema, optionalStaff, requireStaff, sendPage, UNAUTHORIZED_MESSAGE } from "./helpers.js";

/** Staff sign-in (R1) on REST, mirroring the tRPC auth router. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post("/api/admin/login", async (req, reply) => {
    try {
      const { token, username } = await login(ctx, AdminLoginSchema.parse(body(req)), req.ip);
      setSessionCookie(reply, ctx.env, token);
      return { username };
    } catch (err) {
      if (err instanceof TooManyRequestsError) reply.header("retry-after", String(err.retryAfterSeconds));
      throw err;
    }
  });
  app.post("/api/admin/logout", async (req, reply) => {
    await logout(ctx, readSessionToken(req, ctx.env));
    clearSessionCookie(reply, ctx.env);
    return { ok: true };
  });
  app.get("/api/admin/session", async (req, reply) => {
    const session = await optionalStaff(ctx, req);
    if (!session) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    return { username: session.username };
  });
  app.get("/api/admin/demo-hint", async () => demoHint(ctx));
}

const SettingKeyParams = z.object({ key: SettingKeySchema });

/** Every admin row of spec section 7; each needs a staff session (R1). Same services and schemas as tRPC. */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = { preHandler: requireStaff(ctx) };

  app.get("/api/inquiries", staff, async (req, reply) => sendPage(reply, await listInquiriesForAdmin(ctx, InquiryListQuerySchema.parse(req.query))));
  app.get("/api/inquiries/stats", staff, async () => inquiryStats(ctx));
  app.post("/api/inquiries/resolve/:id", staff, async (req) => resolveEnquiry(ctx, IdParamsSchema.parse(req.params).id));

  app.get("/api/pricing", staff, async () => listPricing(ctx));
  app.post("/api/pricing", staff, async (req, reply) => reply.code(201).send(await createPricing(ctx, PricingItemInputSchema.parse(body(req)))));
  app.patch("/api/pricing/:id", staff, async (req) => updatePricing(ctx, IdParamsSchema.parse(req.params).id, PricingItemInputSchema.parse(body(req))));
  app.delete("/api/pricing/:id", staff, async (req) => {
    await removePricing(ctx, IdParamsSchema.parse(req.params).id);
    return { ok: true };
  });

  app.get("/api/newsletters", staff, async (req, reply) => sendPage(reply, await listNewsletterSubscriptions(ctx, NewsletterListQuerySchema.parse(req.query))));
  app.get("/api/newsletters/stats", staff, async () => newsletterStats(ctx));
  app.patch("/api/newsletters/:id/status", staff, async (req) =>
    setSubscriptionStatus(ctx, IdParamsSchema.parse(req.params).id, NewsletterStatusSchema.parse(body(req)).isActive),
  );
  app.delete("/api/newsletters/:id", staff, async (req) => {
    await removeSubscription(ctx, IdParamsSchema.parse(req.params).id);
    return { ok: true };
  });

  app.get("/api/booking-settings", staff, async () => listSettings(ctx));
  app.post("/api/booking-settings", staff, async (req, reply) => reply.code(201).send(await createSetting(ctx, BookingSettingCreateSchema.parse(body(req)))));
  app.patch("/api/booking-settings/:key", staff, async (req) =>
    updateSetting(ctx, SettingKeyParams.parse(req.params).key, BookingSettingUpdateSchema.parse(body(req)).value),
  );
  app.delete("/api/booking-settings/:key", staff, async (req) => {
    await removeSetting(ctx, SettingKeyParams.parse(req.params).key);
    return { ok: true };
  });

  /** The list (spec: "list"), filtered like the admin screen; X-Total-Count gives the full count. */
  app.get("/api/bookings", staff, async (req, reply) => sendPage(reply, await listBookingsForAdmin(ctx, BookingListQuerySchema.parse(req.query))));
  app.patch("/api/bookings/:id", staff, async (req) => updateAdminBooking(ctx, IdParamsSchema.parse(req.params).id, AdminBookingUpdateSchema.parse(body(req))));
  /** R14: "delete" cancels; the record stays with status `cancelled`. */
  app.delete("/api/bookings/:id", staff, async (req) => cancelBooking(ctx, IdParamsSchema.parse(req.params).id));

  app.get("/api/vouchers", staff, async (req, reply) => sendPage(reply, await listVouchers(ctx, VoucherListQuerySchema.parse(req.query))));
  app.get("/api/vouchers/stats", staff, async () => voucherStats(ctx));
}
