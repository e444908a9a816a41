import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { getJson } from "./http";

/** Spec section 7: GET on the first element of the query key, with credentials; non-OK raises "status: body". */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => getJson(String(queryKey[0]), signal);

/** No retry, no refetch on focus or interval, data never goes stale by itself (spec section 7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
