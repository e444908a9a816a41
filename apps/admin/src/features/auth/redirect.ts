/** Search parameter carrying the screen to return to after sign-in. */
export const NEXT_PARAM = "next";

/** The login path for a screen the visitor tried to open, so sign-in can bring them back. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (!here || here === "/" || location.pathname === "/login") return "/login";
  return `/login?${NEXT_PARAM}=${encodeURIComponent(here)}`;
}

/**
 * Where to go after sign-in: the remembered screen if it is one of ours (a path inside the app,
 * never another site or the login page itself), else the dashboard.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/dashboard";
  if (next === "/login" || next.startsWith("/login?") || next.startsWith("/login#")) return "/dashboard";
  return next;
}
