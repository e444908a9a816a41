import {
  DASHBOARD_PREVIEW_COUNT,
  londonNow,
  type Booking,
  type BookingSetting,
  type Inquiry,
  type NewsletterSubscription,
  type PricingItem,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { bookingStats, listBookings } from "../../bookings/data/bookings.js";
import { inquiryStats, listInquiriesForAdmin } from "./inquiries.js";
import { listNewsletterSubscriptions, newsletterStats } from "../../newsletter/services/newsletter.js";
import { listPricing } from "./pricing.js";
import { listSettings } from "../../bookings/services/booking-settings.js";
import { toBookings } from "../../bookings/services/booking-view.js";

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

/** Counts from aggregate queries and the first three of each list: never every row (decision 010). */
export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const today = londonNow(now).date;
  const preview = { page: 1, pageSize: DASHBOARD_PREVIEW_COUNT };
  const [pricing, settings, inquiries, unresolved, subscribers, latestSubscribers, bookings, upcoming] = await Promise.all([
    listPricing(ctx),
    listSettings(ctx),
    inquiryStats(ctx),
    listInquiriesForAdmin(ctx, { ...preview, resolved: false }),
    newsletterStats(ctx),
    listNewsletterSubscriptions(ctx, preview),
    bookingStats(ctx.db, today, nowIso),
    listBookings(ctx.db, { nowIso, fromDate: today }, 1, DASHBOARD_PREVIEW_COUNT),
  ]);
  const next = await toBookings(ctx.db, upcoming.rows);
  const activePricing = pricing.filter((p) => p.isActive);
  return {
    counts: {
      inquiries: { total: inquiries.total, unresolved: inquiries.unresolved },
      pricing: { active: activePricing.length, inactive: pricing.length - activePricing.length },
      subscribers: { total: subscribers.total, active: subscribers.active, inactive: subscribers.inactive },
      reservations: { today: bookings.today, upcoming: bookings.upcoming, total: bookings.total },
    },
    previews: {
      pricing: activePricing.slice(0, DASHBOARD_PREVIEW_COUNT),
      inquiries: unresolved.items,
      reservations: next,
      subscribers: latestSubscribers.items,
      settings: settings.slice(0, DASHBOARD_PREVIEW_COUNT),
    },
    quickStats: {
      totalReservations: bookings.total,
      activePricing: activePricing.length,
      subscribers: subscribers.active,
      openInquiries: inquiries.unresolved,
    },
    systemStatus: { payments: ctx.env.payments, database: "ok", email: ctx.env.email },
  };
}
