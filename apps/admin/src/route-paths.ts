// Plain data, no React: the router builds its routes from these lists, and the build writes
// ADMIN_PATHS into dist/routes.json (build/route-list.ts), from which the API's static server
// answers each screen's address with 200. A screen added here is served by both at once.

/** Where the app lives on the admin host (R18): Vite's base and the router's basename. */
export const ADMIN_BASENAME = "/admin";

/** Screens anyone may open, relative to the basename; each one's screen is `src/routes/<path>.tsx`. */
export const OPEN_SCREENS = ["login"] as const;

/**
 * Staff screens (spec section 2), behind the server session (R1) in the shared layout, in the
 * router's order; each one's screen is `src/routes/<path>.tsx`.
 */
export const STAFF_SCREENS = [
  "dashboard",
  "day",
  "pricing",
  "inquiries",
  "newsletters",
  "campaigns",
  "booking-settings",
  "closures",
  "events",
  "reservations",
  "guests",
  "vouchers",
  "reports",
  "privacy",
  "activity",
  "accounts",
] as const;

/** Every address the app draws a screen at: its base (which opens the dashboard) and each screen's. */
export const ADMIN_PATHS: readonly string[] = [ADMIN_BASENAME, ...[...OPEN_SCREENS, ...STAFF_SCREENS].map((path) => `${ADMIN_BASENAME}/${path}`)];
