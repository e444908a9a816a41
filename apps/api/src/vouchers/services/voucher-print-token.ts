import { randomBytes } from "node:crypto";

/** The printable voucher's link token: 128 random bits, unrelated to the code (decision 015). */
export function printToken(): string {
  return randomBytes(16).toString("hex");
}

/** The shape of a print token, so a malformed one is turned away without a query. */
export const PRINT_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
