import { z } from "zod";
import { DEFAULT_MONETARY_VOUCHER_AMOUNT, MONETARY_VOUCHER_AMOUNTS, VOUCHER_PEOPLE } from "../constants.js";
import { email, honeypot, text } from "./common.js";

export const VOUCHER_TYPES = ["afternoonTea", "picnicHamper", "monetary"] as const;
export const VoucherTypeSchema = z.enum(VOUCHER_TYPES, { error: "voucherType must be afternoonTea, picnicHamper or monetary" });
export type VoucherType = z.infer<typeof VoucherTypeSchema>;
export const VOUCHER_TYPE_LABELS: Record<VoucherType, string> = {
  afternoonTea: "Afternoon Tea Voucher",
  picnicHamper: "Picnic Hamper Voucher",
  monetary: "Monetary Voucher",
};

/** The spec's voucher-purchase schema, used at checkout (R10). */
export const VoucherPurchaseSchema = z.object({
  voucherType: VoucherTypeSchema,
  /** Pounds: the monetary value, or the client's idea of the total for per-person vouchers (checked, R3). */
  amount: z.coerce.number({ error: "amount must be a number of pounds" }).nonnegative().optional(),
  people: z.coerce
    .number()
    .int()
    .min(VOUCHER_PEOPLE.min, { error: `At least ${VOUCHER_PEOPLE.min} person` })
    .max(VOUCHER_PEOPLE.max, { error: `At most ${VOUCHER_PEOPLE.max} people` })
    .optional(),
  recipientName: text(1, 100, "Please enter the recipient's name"),
  recipientEmail: email("Please enter the recipient's email"),
  senderName: text(1, 100, "Please enter your name"),
  senderEmail: email("Please enter a valid email"),
  message: z.string().trim().max(500, { error: "Message must be at most 500 characters" }).default(""),
  website: honeypot,
});
export type VoucherPurchase = z.infer<typeof VoucherPurchaseSchema>;

export const GiftVoucherSchema = z.object({
  id: z.number().int(),
  voucherType: VoucherTypeSchema,
  voucherCode: z.string(),
  price: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  message: z.string(),
  isRedeemed: z.boolean(),
  createdAt: z.string(),
  expiryDate: z.string(),
});
export type GiftVoucher = z.infer<typeof GiftVoucherSchema>;

/**
 * Checkout query (?type&amount): type defaults to monetary, amount to 50 when missing or invalid.
 * For a monetary voucher the amount pre-selects one of £25/£50/£75/£100 (R10), so any other amount
 * is invalid; for a per-person voucher it is the price the visitor was shown (checked later, R3).
 */
export function parseCheckoutQuery(params: { type?: string | null; amount?: string | null }): { type: VoucherType; amount: number } {
  const type = VoucherTypeSchema.safeParse(params.type).success ? (params.type as VoucherType) : "monetary";
  const raw = params.amount?.trim() ?? "";
  const n = /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : NaN;
  const valid = Number.isFinite(n) && n > 0 && (type !== "monetary" || isMonetaryAmount(n));
  return { type, amount: valid ? n : DEFAULT_MONETARY_VOUCHER_AMOUNT };
}

/** Whether an amount is one of the monetary voucher options (R6). */
export function isMonetaryAmount(pounds: number): boolean {
  return (MONETARY_VOUCHER_AMOUNTS as readonly number[]).includes(pounds);
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
