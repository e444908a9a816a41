import { areasRouter } from "../bookings/routes/areas.js";
import { walkInsRouter } from "../bookings/routes/walk-ins.js";
import { eventsRouter } from "../events/routes/events.js";
import { auditRouter } from "../staff/routes/audit.js";
import { authRouter } from "../staff/routes/auth.js";
import { bookingSettingsRouter } from "../bookings/routes/booking-settings.js";
import { bookingsRouter } from "../bookings/routes/bookings.js";
import { dashboardRouter } from "../site/routes/dashboard.js";
import { closuresRouter, daySheetRouter } from "../bookings/routes/day-sheet.js";
import { inquiriesRouter } from "../site/routes/inquiries.js";
import { openingHoursRouter } from "../bookings/routes/opening-hours.js";
import { bookingPoliciesRouter } from "../bookings/routes/booking-policies.js";
import { newslettersRouter } from "../newsletter/routes/newsletters.js";
import { campaignsRouter } from "../newsletter/routes/campaigns.js";
import { calendarFeedsRouter } from "../staff/routes/calendar-feeds.js";
import { pricingRouter } from "../site/routes/pricing.js";
import { privacyRouter } from "../privacy/routes/privacy.js";
import { reportsRouter } from "../reports/routes/reports.js";
import { staffUsersRouter } from "../staff/routes/staff-users.js";
import { vouchersRouter } from "../vouchers/routes/vouchers.js";
import { waitlistRouter } from "../waitlist/routes/waitlist.js";
import { guestsRouter } from "../guests/routes/guests.js";
import { router } from "./init.js";

/** The admin app's API at /api/trpc, one router per domain area. */
export const appRouter = router({
  auth: authRouter,
  dashboard: dashboardRouter,
  pricing: pricingRouter,
  inquiries: inquiriesRouter,
  newsletters: newslettersRouter,
  campaigns: campaignsRouter,
  calendarFeeds: calendarFeedsRouter,
  bookingSettings: bookingSettingsRouter,
  openingHours: openingHoursRouter,
  bookingPolicies: bookingPoliciesRouter,
  bookings: bookingsRouter,
  vouchers: vouchersRouter,
  privacy: privacyRouter,
  staffUsers: staffUsersRouter,
  audit: auditRouter,
  daySheet: daySheetRouter,
  closures: closuresRouter,
  areas: areasRouter,
  walkIns: walkInsRouter,
  reports: reportsRouter,
  waitlist: waitlistRouter,
  guests: guestsRouter,
  events: eventsRouter,
});
