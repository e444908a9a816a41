// Voucher choices, the checkout query and voucher codes without the voucher schemas (gift-voucher.ts).
import { DEFAULT_MONETARY_VOUCHER_AMOUNT, MONETARY_VOUCHER_AMOUNTS } from "../constants.js";
import type { VoucherType } from "./gift-voucher.js";

export const VOUCHER_TYPES = ["afternoonTea", "picnicHamper", "monetary"] as const;
export const VOUCHER_TYPE_LABELS: Record<VoucherType, string> = {
  afternoonTea: "Afternoon Tea Voucher",
  picnicHamper: "Picnic Hamper Voucher",
  monetary: "Monetary Voucher",
};

/** R50: where a voucher came from: bought on the website, or issued by staff. */
export const VOUCHER_SOURCES = ["website", "till-card", "till-cash", "phone", "complimentary"] as const;
export const VOUCHER_SOURCE_LABELS: Record<(typeof VOUCHER_SOURCES)[number], string> = {
  website: "Bought on the website",
  "till-card": "Sold at the till (card)",
  "till-cash": "Sold at the till (cash)",
  phone: "Sold by phone",
  complimentary: "Complimentary",
};

/**
 * Checkout query (?type&amount): type defaults to monetary, amount to 50 when missing or invalid.
 * For a monetary voucher the amount pre-selects one of the amounts on sale (R10, R33: the active
 * monetary pricing items, seeded £25/£50/£75/£100), so any other amount is invalid; for a
 * per-person voucher it is the price the visitor was shown (checked later, R3).
 */
export function parseCheckoutQuery(
  params: { type?: string | null; amount?: string | null },
  amounts: readonly number[] = MONETARY_VOUCHER_AMOUNTS,
): { type: VoucherType; amount: number } {
  const type = (VOUCHER_TYPES as readonly (string | null | undefined)[]).includes(params.type) ? (params.type as VoucherType) : "monetary";
  const raw = params.amount?.trim() ?? "";
  const n = /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : NaN;
  const valid = Number.isFinite(n) && n > 0 && (type !== "monetary" || isMonetaryAmount(n, amounts));
  return { type, amount: valid ? n : type === "monetary" ? defaultMonetaryAmount(amounts) : DEFAULT_MONETARY_VOUCHER_AMOUNT };
}

/** Whether an amount (pounds) is one of the monetary voucher amounts on sale (R6, R33). */
export function isMonetaryAmount(pounds: number, amounts: readonly number[] = MONETARY_VOUCHER_AMOUNTS): boolean {
  return amounts.includes(pounds);
}

/** The amount checkout picks when none (or one not on sale) was asked for: £50 when offered (spec), else the smallest. */
export function defaultMonetaryAmount(amounts: readonly number[]): number {
  return amounts.includes(DEFAULT_MONETARY_VOUCHER_AMOUNT) ? DEFAULT_MONETARY_VOUCHER_AMOUNT : (amounts[0] ?? DEFAULT_MONETARY_VOUCHER_AMOUNT);
}

/** Unambiguous characters for voucher codes (no 0/O, 1/I/L). */
export const VOUCHER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const VOUCHER_CODE_PATTERN = /^TEA-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

/** Formats 12 random indices into the alphabet as TEA-XXXX-XXXX-XXXX (≈ 59 bits). */
export function formatVoucherCode(randomBytes: Uint8Array): string {
  if (randomBytes.length < 12) throw new Error("need 12 random bytes");
  const chars = Array.from(randomBytes.slice(0, 12), (b) => VOUCHER_CODE_ALPHABET[b % VOUCHER_CODE_ALPHABET.length]);
  return `TEA-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8, 12).join("")}`;
}

/**
 * A code as a visitor types it, in the form codes are stored: upper case, spaces dropped, and the
 * dashes put back when they were left out ("tea abcd efgh jkmn" → "TEA-ABCD-EFGH-JKMN").
 */
export function normaliseVoucherCode(input: string): string {
  const bare = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (bare.length === 15 && bare.startsWith("TEA")) return `TEA-${bare.slice(3, 7)}-${bare.slice(7, 11)}-${bare.slice(11, 15)}`;
  return input.trim().toUpperCase();
}
