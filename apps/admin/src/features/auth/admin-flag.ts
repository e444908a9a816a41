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
