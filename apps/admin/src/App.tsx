import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider, type createBrowserRouter } from "react-router";
import { TRPCProvider, type createAdminTrpcClient } from "./trpc";

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createAdminTrpcClient>;
}

/** Providers around the router: data cache and typed API (the theme and toasts sit above, in the entry). */
export function App({ router, queryClient, trpcClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
