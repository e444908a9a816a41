import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { TearoomProvider } from "@tearoom/ui";
import type { ReactNode } from "react";
import { AppRoutes } from "./router";

/**
 * Providers and routes. The router itself (BrowserRouter in the browser, a static or memory
 * router when prerendering or testing) is passed in by the caller.
 */
export function App({ queryClient, Router }: { queryClient: QueryClient; Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TearoomProvider>
        <Router>
          <AppRoutes />
        </Router>
      </TearoomProvider>
    </QueryClientProvider>
  );
}
