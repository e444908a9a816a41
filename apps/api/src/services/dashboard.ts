import { DASHBOARD_PREVIEW_COUNT, londonNow, type Booking, type BookingSetting, type Inquiry, type NewsletterSubscription, type PricingItem } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { listBookings } from "../db/repositories/bookings.js";
import { listAllInquiries } from "./inquiries.js";
import { listNewsletterSubscriptions } from "./newsletter.js";
import { listPricing } from "./pricing.js";
import { listSettings } from "./booking-settings.js";
import { listBookingsForAdmin, toBookings } from "./bookings.js";

export interface DashboardSummary {
  counts: {
    inquiries: { total: number; unresolved: number };
    pricing: { active: number; inactive: number };
    subscribers: { total: number; active: number; inactive: number };
    reservations: { today: number; upcoming: number; total: number };
  };
  /** The first three of each (spec: dashboard previews show the first 3 items). */
  previews: {
    pricing: PricingItem[];
    inquiries: Inquiry[];
    reservations: Booking[];
    subscribers: NewsletterSubscription[];
    settings: BookingSetting[];
  };
  quickStats: { totalReservations: number; activePricing: number; subscribers: number; openInquiries: number };
  systemStatus: { payments: "stripe" | "demo"; database: "ok"; email: "smtp" | "files" };
}

export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const now = ctx.now();
  const today = londonNow(now).date;
  const [pricing, inquiries, subscribers, settings, bookings] = await Promise.all([
    listPricing(ctx),
    listAllInquiries(ctx),
    listNewsletterSubscriptions(ctx),
    listSettings(ctx),
    listBookingsForAdmin(ctx, { pageSize: 1 }),
  ]);
  const upcoming = await listBookings(ctx.db, { nowIso: now.toISOString(), fromDate: today }, 1, DASHBOARD_PREVIEW_COUNT);
  const next = await toBookings(ctx.db, upcoming.rows);
  const activePricing = pricing.filter((p) => p.isActive);
  const unresolved = inquiries.filter((i) => !i.isResolved);
  const activeSubs = subscribers.filter((s) => s.isActive);
  return {
    counts: {
      inquiries: { total: inquiries.length, unresolved: unresolved.length },
      pricing: { active: activePricing.length, inactive: pricing.length - activePricing.length },
      subscribers: { total: subscribers.length, active: activeSubs.length, inactive: subscribers.length - activeSubs.length },
      reservations: { today: bookings.stats.today, upcoming: bookings.stats.upcoming, total: bookings.stats.total },
    },
    previews: {
      pricing: activePricing.slice(0, DASHBOARD_PREVIEW_COUNT),
      inquiries: unresolved.slice(0, DASHBOARD_PREVIEW_COUNT),
      reservations: next,
      subscribers: subscribers.slice(0, DASHBOARD_PREVIEW_COUNT),
      settings: settings.slice(0, DASHBOARD_PREVIEW_COUNT),
    },
    quickStats: {
      totalReservations: bookings.stats.total,
      activePricing: activePricing.length,
      subscribers: activeSubs.length,
      openInquiries: unresolved.length,
    },
    systemStatus: { payments: ctx.env.payments, database: "ok", email: ctx.env.email },
  };
}
