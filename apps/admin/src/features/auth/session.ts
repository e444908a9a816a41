import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc";

/**
 * The spec's local-storage flag survives only as a UI hint (R1): it never grants anything, it
 * only lets the login page say that an earlier session has ended.
 */
export const ADMIN_FLAG_KEY = "isAdminAuthenticated";

export function setAdminFlag(on: boolean): void {
  try {
    if (on) localStorage.setItem(ADMIN_FLAG_KEY, "true");
    else localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage may be unavailable (private mode); the flag is only a hint.
  }
}

export function readAdminFlag(): boolean {
  try {
    return localStorage.getItem(ADMIN_FLAG_KEY) === "true";
  } catch {
    return false;
  }
}

/** Who is signed in, from the server session (R1): `{ username }` or null. */
export function useSession() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.session.queryOptions());
}
