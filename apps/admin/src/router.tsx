import { Navigate, type RouteObject } from "react-router";
import { RequireSession } from "./features/auth/RequireSession";
import { FullPageMessage } from "./features/common/FullPageMessage";

/** A lazily loaded module whose default export is the route's component. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Shown while the first screen's code arrives. */
function Loading() {
  return <FullPageMessage loading title="Loading…" />;
}

/**
 * The admin routes (spec section 2), relative to the /admin basename. Every screen is its own
 * chunk; the staff screens sit behind the server session (R1) inside the shared layout.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    HydrateFallback: Loading,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: "login", lazy: page(() => import("./routes/login")) },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: page(() => import("./features/layout/AdminLayout")),
            children: [
              { path: "dashboard", lazy: page(() => import("./routes/dashboard")) },
              { path: "day", lazy: page(() => import("./routes/day")) },
              { path: "pricing", lazy: page(() => import("./routes/pricing")) },
              { path: "inquiries", lazy: page(() => import("./routes/inquiries")) },
              { path: "newsletters", lazy: page(() => import("./routes/newsletters")) },
              { path: "booking-settings", lazy: page(() => import("./routes/booking-settings")) },
              { path: "closures", lazy: page(() => import("./routes/closures")) },
              { path: "reservations", lazy: page(() => import("./routes/reservations")) },
              { path: "vouchers", lazy: page(() => import("./routes/vouchers")) },
              { path: "privacy", lazy: page(() => import("./routes/privacy")) },
              { path: "activity", lazy: page(() => import("./routes/activity")) },
              { path: "accounts", lazy: page(() => import("./routes/accounts")) },
            ],
          },
        ],
      },
      { path: "*", lazy: page(() => import("./routes/not-found")) },
    ],
  },
];
