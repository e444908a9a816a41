import { TRPCClientError } from "@trpc/client";

/** Whether the API refused a call for want of a staff session (R1). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}

/**
 * The readable message of a failed call: the server's own text when it sent one (it names the
 * field, e.g. "settingKey: … already exists"), else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const message = String(error.message ?? "").trim();
    // A network failure or a non-JSON answer has no server text worth showing.
    if (message && !/^(Failed to fetch|Unable to transform response|Unexpected token|NetworkError)/i.test(message)) return message;
  }
  return fallback;
}
