import type { AdminLoginFields, StaffRole } from "@tearoom/domain";

// The sign-in page talks to the staff REST paths with plain fetch: it is the admin's first view,
// and the tRPC client and query cache arrive with the staff screens after sign-in (decision 037).

/** Who is signed in, as GET /api/admin/session and POST /api/admin/login answer it. */
export type StaffSession = { username: string; role: StaffRole };

/** The demo pair (R2), only on a demo deployment. */
export type DemoHint = { username: string; password: string };

/** A refused or failed call: the HTTP status (0 when the server was not reached) and the server's message, if any. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "include", ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch {
    throw new SignInError(0, "");
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : "";
    throw new SignInError(res.status, message);
  }
  return body as T;
}

/** The signed-in staff member, or null when there is no session (the REST path answers 401). */
export async function fetchSession(): Promise<StaffSession | null> {
  try {
    return await call<StaffSession>("/api/admin/session");
  } catch (error) {
    if (error instanceof SignInError && error.status === 401) return null;
    throw error;
  }
}

export function fetchDemoHint(): Promise<DemoHint | null> {
  return call<DemoHint | null>("/api/admin/demo-hint");
}

/** Checks the pair on the server, which sets the HttpOnly session cookie (R1). */
export function signIn(values: AdminLoginFields): Promise<StaffSession> {
  return call<StaffSession>("/api/admin/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(values) });
}

/** What the sign-in page says when the server refused the pair: its own words for a bad field or too many tries. */
export function signInFailure(error: unknown): string {
  const fallback = "Invalid username or password";
  if (!(error instanceof SignInError) || error.status === 401) return fallback;
  return error.message.trim() || fallback;
}
