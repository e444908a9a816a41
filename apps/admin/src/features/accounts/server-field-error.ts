import { errorMessage } from "../../lib/errors";

/**
 * The server names the field it refuses ("currentPassword: …"); a form shows that under the
 * field. Returns the field and its message, or null when the message names no field of `fields`.
 */
export function serverFieldError(error: unknown, fields: readonly string[]): { field: string; message: string } | null {
  const match = /^(\w+): (.+)$/.exec(errorMessage(error, ""));
  return match && fields.includes(match[1]!) ? { field: match[1]!, message: match[2]! } : null;
}
