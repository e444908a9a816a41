import { hash } from "node:crypto";

/**
 * The SHA-256 of a text, in hex: how tokens, client secrets and client addresses are kept, so a
 * copy of the database holds none of them.
 */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}
