import { MANAGE_BOOKING_PATH, PAYMENT_LINK_PATH, PUBLIC_PATHS, WAITLIST_LEAVE_PATH, WAITLIST_OFFER_PATH, type PublicPath } from "@tearoom/domain";
import type { ComponentType } from "react";
import { Route, Routes } from "react-router";
import { SiteLayout } from "./features/layout/SiteLayout";
import { lazyPage, type LazyPage } from "./lib/lazy-page";
import HomePage from "./routes/home";

// Every screen module but home (in the entry chunk), each loaded as a chunk of its own.
const SCREENS = import.meta.glob<{ default: ComponentType }>(["./routes/*.tsx", "!./routes/home.tsx", "!./routes/*.test.tsx"]);

function screen(name: string): LazyPage {
  const load = SCREENS[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no screen module src/routes/${name}.tsx`);
  return lazyPage(load);
}

/** Path → screen, from the domain's one list of public routes (spec section 2). */
export const PAGES: ({ path: PublicPath } & LazyPage)[] = PUBLIC_PATHS.filter((path) => path !== "/").map((path) => ({ path, ...screen(path.slice(1)) }));

const NOT_FOUND = screen("not-found");
/** R37: the guest's own booking at /booking/<token>. */
const MANAGE_BOOKING = screen("manage-booking");
/** R49: a payment link at /pay/<token>. */
const PAY = screen("pay");
/** R52: a waiting-list offer at /waitlist/<token>, and its leave link. */
const WAITLIST_OFFER = screen("waitlist-offer");
const WAITLIST_LEAVE = screen("waitlist-leave");

/** Loads the code of the screen at `pathname` (home is in the entry chunk; unknown paths get the 404 screen). */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return Promise.resolve();
  if (MANAGE_BOOKING_PATH.test(path)) return MANAGE_BOOKING.preload();
  if (PAYMENT_LINK_PATH.test(path)) return PAY.preload();
  if (WAITLIST_LEAVE_PATH.test(path)) return WAITLIST_LEAVE.preload();
  if (WAITLIST_OFFER_PATH.test(path)) return WAITLIST_OFFER.preload();
  return (PAGES.find((page) => page.path === path) ?? NOT_FOUND).preload();
}

/**
 * The public routes. Home is in the first bundle; every other screen is its own chunk, so the
 * home page loads only what it needs.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        {/* Case-sensitive, as the API's static server is: it moves "/Gallery" to "/gallery". */}
        {PAGES.map(({ path, Component }) => (
          <Route key={path} path={path} caseSensitive element={<Component />} />
        ))}
        <Route path="/booking/:token" element={<MANAGE_BOOKING.Component />} />
        <Route path="/pay/:token" element={<PAY.Component />} />
        <Route path="/waitlist/leave/:token" element={<WAITLIST_LEAVE.Component />} />
        <Route path="/waitlist/:token" element={<WAITLIST_OFFER.Component />} />
        <Route path="*" element={<NOT_FOUND.Component />} />
      </Route>
    </Routes>
  );
}
