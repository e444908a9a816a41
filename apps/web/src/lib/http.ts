/**
 * A non-OK answer. Its message is "status: body text" (spec sections 7 and 8); `serverMessage` is
 * the API's readable `{ message }` when it sent one.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "HttpError";
  }
}

function readServerMessage(bodyText: string): string | null {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // Not JSON: the body text is the message.
  }
  return null;
}

/** Sends JSON with credentials and returns the parsed answer (or null for an empty one). */
export async function apiRequest<T>(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, text || res.statusText, readServerMessage(text));
  return (text ? JSON.parse(text) : null) as T;
}

export const getJson = <T>(url: string, signal?: AbortSignal) => apiRequest<T>("GET", url, undefined, signal);
export const postJson = <T>(url: string, body: unknown) => apiRequest<T>("POST", url, body);

/** A readable reason for a visitor: the server's message on a 4xx answer, else null. */
export function visitorReason(error: unknown): string | null {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return null;
}

/** A form's failure sentence, followed by the server's reason when there is one a visitor can act on. */
export function failureText(sentence: string, error: unknown): string {
  const reason = visitorReason(error);
  return reason ? `${sentence} ${reason}` : sentence;
}
