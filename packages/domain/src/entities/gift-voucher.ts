import { z } from "zod";
import { VOUCHER_PEOPLE } from "../constants.js";
import { email, honeypot, text } from "./common.js";
import { VOUCHER_TYPES } from "./gift-voucher-constants.js";
import { listSearch, pageFields } from "./list-query.js";

export const VoucherTypeSchema = z.enum(VOUCHER_TYPES, { error: "voucherType must be afternoonTea, picnicHamper or monetary" });
export type VoucherType = z.infer<typeof VoucherTypeSchema>;

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
  /** R22: paid through the demo provider, so no money was taken: staff see a test voucher. */
  testPayment: z.boolean(),
  createdAt: z.string(),
  expiryDate: z.string(),
});
export type GiftVoucher = z.infer<typeof GiftVoucherSchema>;

/** Admin vouchers filters (GET /api/vouchers query, vouchers.list input): newest first, paged. */
export const VoucherListQuerySchema = z.object({
  search: listSearch,
  type: z.enum(VOUCHER_TYPES, { error: "type must be afternoonTea, picnicHamper or monetary" }).optional(),
  status: z.enum(["active", "redeemed", "expired"], { error: "status must be active, redeemed or expired" }).optional(),
  ...pageFields,
});
export type VoucherListQuery = z.infer<typeof VoucherListQuerySchema>;

/** The vouchers screen's stats (GET /api/vouchers/stats, vouchers.stats), over every voucher whatever the filters. */
export const VoucherStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  redeemed: z.number().int(),
  /** Pounds: the sum of the numbers in the price texts (spec section 2, `sumPriceTexts`). */
  totalValue: z.number(),
});
export type VoucherStats = z.infer<typeof VoucherStatsSchema>;
