import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { TearoomProvider } from "@tearoom/ui";
import { RouterProvider, type createBrowserRouter } from "react-router";
import { TRPCProvider, type createAdminTrpcClient } from "./trpc";

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createAdminTrpcClient>;
}

/** Providers around the router: data cache, typed API, theme and toasts. */
export function App({ router, queryClient, trpcClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TearoomProvider>
          <RouterProvider router={router} />
        </TearoomProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
