// No zod here: the public site's router reads this list in its first bundle (decision 006).

/**
 * The public site's screens (spec section 2): the one list the web router, the prerender script
 * and the API's static server read. The screen of each path but "/" (home, in the entry chunk) is
 * the module `apps/web/src/routes/<path>.tsx`, a chunk of its own, and is prerendered to
 * `dist/<path>/index.html` at build unless it is one of the `SHELL_PATHS`.
 */
export const PUBLIC_PATHS = [
  "/",
  "/afternoon-tea",
  "/reservations",
  "/gift-vouchers",
  "/whats-on",
  "/gallery",
  "/contact",
  "/checkout",
  "/confirmation",
  "/secret-entrance",
  "/secret-garden-experience",
  "/privacy-policy",
  "/accessibility",
] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/**
 * R37: a guest's own booking at `/booking/<token>`, the one screen whose address holds a secret.
 * Served the bare shell (never prerendered, never indexed, no Referer); its screen is
 * `apps/web/src/routes/manage-booking.tsx`.
 */
export const MANAGE_BOOKING_PATH = /^\/booking\/[A-Za-z0-9_-]{1,100}$/;

/**
 * R49: a payment link at `/pay/<token>`, served like the manage page (bare shell, never indexed, no
 * Referer); its screen is `apps/web/src/routes/pay.tsx`.
 */
export const PAYMENT_LINK_PATH = /^\/pay\/[A-Za-z0-9_-]{1,100}$/;

/**
 * R52: a waiting-list offer at `/waitlist/<token>` and its leave link at `/waitlist/leave/<token>`,
 * served like the manage page (bare shell, never indexed, no Referer, no-store).
 */
export const WAITLIST_OFFER_PATH = /^\/waitlist\/(?!leave$)[A-Za-z0-9_-]{1,100}$/;
export const WAITLIST_LEAVE_PATH = /^\/waitlist\/leave\/[A-Za-z0-9_-]{1,100}$/;

/** Screens that read the query string: never prerendered, they are served the bare `dist/shell.html`. */
export const SHELL_PATHS: readonly PublicPath[] = ["/checkout", "/confirmation"];
