import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@tearoom/api";
import { useState } from "react";
import { createBrowserRouter } from "react-router";
import { App } from "./App";
import type { StaffSession } from "./features/auth/sign-in-api";
import { ADMIN_BASENAME } from "./route-paths";
import { routes } from "./router";
import { createAdminQueryClient, createAdminTrpcClient } from "./trpc";

interface StaffAppProps {
  /** Who just signed in on the first view's sign-in page: the session check is then already done. */
  session?: StaffSession;
}

/**
 * The staff app: router, query cache and tRPC client. A chunk of its own, loaded when the first
 * address is a staff screen or once the sign-in page is drawn (decision 037).
 */
export default function StaffApp({ session }: StaffAppProps) {
  const [app] = useState(() => {
    const queryClient = createAdminQueryClient();
    const trpcClient = createAdminTrpcClient();
    if (session) {
      const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
      queryClient.setQueryData(trpc.auth.session.queryKey(), session);
    }
    // The app is served under /admin/ on the admin host (R18); routes are relative to it.
    const router = createBrowserRouter(routes, { basename: ADMIN_BASENAME });
    return { queryClient, trpcClient, router };
  });
  return <App router={app.router} queryClient={app.queryClient} trpcClient={app.trpcClient} />;
}
