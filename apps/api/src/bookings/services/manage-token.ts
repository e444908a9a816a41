import { randomBytesPooled } from "../../random-pool.js";
import { sha256Hex } from "../../sha256.js";

/**
 * A new manage link's token (R37: 256 random bits, base64url) and the hash that is stored; its own
 * module because the writer thread mints links too.
 */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytesPooled(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}
