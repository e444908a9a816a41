import type { QueryObserverPendingResult, UseQueryResult } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";

// True while the prerendered HTML is being hydrated: from just before hydrateRoot until the page
// inside the layout's Suspense boundary (hydrated in a pass of its own, after the header and
// footer) has committed. Always true while prerendering, where there is no window.
let hydrating = typeof window === "undefined";

/** The browser is about to hydrate prerendered HTML. */
export function beginHydration(): void {
  hydrating = true;
}

/** The page itself has hydrated; components mounted from now on are client renders. */
export function endHydration(): void {
  hydrating = false;
}

/**
 * True in a component's first render while prerendering or hydrating, false otherwise. A component
 * that hydrated with true renders again with false just after, as a transition: React renders that
 * in slices between frames instead of one long task (a store snapshot that differs from the
 * server's would force a synchronous re-render of everything below it).
 */
export function useHydrating(): boolean {
  const [value, setValue] = useState(hydrating);
  useEffect(() => {
    if (value) startTransition(() => setValue(false));
  }, [value]);
  return value;
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
