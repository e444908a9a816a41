import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RequireSession } from "./features/auth/RequireSession";
import { FullPageMessage } from "./features/common/FullPageMessage";
import { OPEN_SCREENS, STAFF_SCREENS } from "./route-paths";

type ScreenModule = { default: ComponentType };

/** A lazily loaded module whose default export is the route's component. */
const page = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

// Every screen module, each loaded as a chunk of its own.
const SCREENS = import.meta.glob<ScreenModule>(["./routes/*.tsx", "!./routes/*.test.tsx"]);

/** The lazy route part of `src/routes/<name>.tsx`; a listed screen without its module fails at once. */
function screen(name: string): () => Promise<{ Component: ComponentType }> {
  const load = SCREENS[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no screen module src/routes/${name}.tsx`);
  return page(load);
}

const loadLayout = page(() => import("./features/layout/AdminLayout"));

/**
 * Starts loading the chunks of a screen (`/dashboard`, `/day?date=…`) and the staff layout before
 * they are opened: the sign-in page asks for them once it is drawn, so signing in opens at once.
 */
export function preloadScreen(path: string): void {
  const name = path.replace(/^\//, "").split(/[/?#]/)[0];
  void loadLayout().catch(() => undefined);
  void SCREENS[`./routes/${name}.tsx`]?.().catch(() => undefined);
}

/** Shown while the first screen's code arrives. */
function Loading() {
  return <FullPageMessage loading title="Loading…" />;
}

/**
 * The admin routes (spec section 2), relative to the /admin basename, from the lists in
 * route-paths.ts (which the server's list is built from too). Every screen is its own chunk; the
 * staff screens sit behind the server session (R1) inside the shared layout.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    HydrateFallback: Loading,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      // Case-sensitive, as the API's static server is: "/admin/Day" is not found there, nor here.
      ...OPEN_SCREENS.map((path) => ({ path, caseSensitive: true, lazy: screen(path) })),
      {
        element: <RequireSession />,
        children: [
          {
            lazy: loadLayout,
            children: STAFF_SCREENS.map((path) => ({ path, caseSensitive: true, lazy: screen(path) })),
          },
        ],
      },
      { path: "*", lazy: screen("not-found") },
    ],
  },
];
