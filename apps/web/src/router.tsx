import { Route, Routes } from "react-router";
import { SiteLayout } from "./features/layout/SiteLayout";
import { lazyPage, type LazyPage } from "./lib/lazy-page";
import HomePage from "./routes/home";

/** Path → screen (spec section 2). Every screen but home is its own chunk. */
export const PAGES: ({ path: string } & LazyPage)[] = [
  { path: "/afternoon-tea", ...lazyPage(() => import("./routes/afternoon-tea")) },
  { path: "/reservations", ...lazyPage(() => import("./routes/reservations")) },
  { path: "/gift-vouchers", ...lazyPage(() => import("./routes/gift-vouchers")) },
  { path: "/gallery", ...lazyPage(() => import("./routes/gallery")) },
  { path: "/contact", ...lazyPage(() => import("./routes/contact")) },
  { path: "/checkout", ...lazyPage(() => import("./routes/checkout")) },
  { path: "/confirmation", ...lazyPage(() => import("./routes/confirmation")) },
  { path: "/secret-entrance", ...lazyPage(() => import("./routes/secret-entrance")) },
  { path: "/secret-garden-experience", ...lazyPage(() => import("./routes/secret-garden-experience")) },
  { path: "/privacy-policy", ...lazyPage(() => import("./routes/privacy-policy")) },
];

const NOT_FOUND = lazyPage(() => import("./routes/not-found"));

/** Loads the code of the screen at `pathname` (home is in the entry chunk; unknown paths get the 404 screen). */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return Promise.resolve();
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
        {PAGES.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<NOT_FOUND.Component />} />
      </Route>
    </Routes>
  );
}
