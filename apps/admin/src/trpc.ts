import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { AppRouter } from "@tearoom/api";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { isUnauthorized } from "./lib/errors";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The admin API on the same origin (the admin host); the session cookie rides along (R1). */
export function createAdminTrpcClient(url = "/api/trpc") {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url, fetch: (input, init) => fetch(input, { ...init, credentials: "include" }) })],
  });
}

/** The prefix of the session query's key (tRPC keys are [path, { input, type }]). */
export const SESSION_KEY_PREFIX = [["auth", "session"]] as const;

/**
 * Spec section 7: no retry, no refetch on focus or interval, data never goes stale by itself;
 * after a change the matching list is refetched (each mutation invalidates its queries).
 */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onUnauthorized(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthorized(client, error) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The server ended the session (idle expiry, sign-out elsewhere): forget who was signed in, so the guard sends staff to sign in. */
function onUnauthorized(client: QueryClient, error: unknown): void {
  if (isUnauthorized(error)) client.setQueriesData({ queryKey: SESSION_KEY_PREFIX }, null);
}
