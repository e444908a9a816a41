import type { QueryObserverPendingResult, UseQueryResult } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * True while React renders on the server (prerendering) or hydrates that HTML in the browser,
 * false in every other render: React re-renders with the client value once hydration is done.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/**
 * A query's result as the prerendered HTML saw it (nothing loaded yet) while hydrating, so data
 * that arrived meanwhile cannot make the first render differ from the server's; then the real one.
 */
export function useResultAfterHydration<TData, TError>(result: UseQueryResult<TData, TError>): UseQueryResult<TData, TError> {
  const hydrating = useHydrating();
  if (!hydrating || result.isPending) return result;
  const pending: QueryObserverPendingResult<TData, TError> = {
    ...result,
    data: undefined,
    error: null,
    status: "pending",
    isPending: true,
    isLoading: result.isFetching,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
  };
  return pending;
}
