import { auditRouter } from "../routers/audit.js";
import { authRouter } from "../routers/auth.js";
import { bookingSettingsRouter } from "../routers/booking-settings.js";
import { bookingsRouter } from "../routers/bookings.js";
import { dashboardRouter } from "../routers/dashboard.js";
import { closuresRouter, daySheetRouter } from "../routers/day-sheet.js";
import { inquiriesRouter } from "../routers/inquiries.js";
import { newslettersRouter } from "../routers/newsletters.js";
import { pricingRouter } from "../routers/pricing.js";
import { privacyRouter } from "../routers/privacy.js";
import { staffUsersRouter } from "../routers/staff-users.js";
import { vouchersRouter } from "../routers/vouchers.js";
import { router } from "./init.js";

/** The admin app's API at /api/trpc, one router per domain area. */
export const appRouter = router({
  auth: authRouter,
  dashboard: dashboardRouter,
  pricing: pricingRouter,
  inquiries: inquiriesRouter,
  newsletters: newslettersRouter,
  bookingSettings: bookingSettingsRouter,
  bookings: bookingsRouter,
  vouchers: vouchersRouter,
  privacy: privacyRouter,
  staffUsers: staffUsersRouter,
  audit: auditRouter,
  daySheet: daySheetRouter,
  closures: closuresRouter,
});
