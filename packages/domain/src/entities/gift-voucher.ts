import { z } from "zod";
import { VOUCHER_PEOPLE } from "../constants.js";
import { LEDGER_KINDS } from "../vouchers/ledger.js";
import { email, honeypot, isoDate, text } from "./common.js";
import { normaliseVoucherCode, VOUCHER_CODE_PATTERN, VOUCHER_SOURCES, VOUCHER_TYPES } from "./gift-voucher-constants.js";
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

/**
 * R50: when and to whom the voucher e-mail goes, chosen at checkout. `deliverOn` (a London date,
 * today up to a year ahead, checked against the clock by `deliveryDateProblem`): sent at 08:00 that
 * day; none: at once. `sendTo: "buyer"`: the voucher goes to the buyer to print and hand over.
 */
export const VoucherDeliverySchema = z.object({
  deliverOn: isoDate("deliverOn must be a date (yyyy-MM-dd)").optional(),
  sendTo: z.enum(["recipient", "buyer"], { error: "sendTo must be recipient or buyer" }).default("recipient"),
});
export type VoucherDelivery = z.infer<typeof VoucherDeliverySchema>;

export const VoucherSourceSchema = z.enum(VOUCHER_SOURCES, { error: "source must be website, till-card, till-cash, phone or complimentary" });
export type VoucherSource = z.infer<typeof VoucherSourceSchema>;

const STAFF_SOURCE_MESSAGE = "source must be till-card, till-cash, phone or complimentary";

/**
 * POST /api/vouchers (vouchers.issue, R50): staff issue a voucher sold at the till, by phone or
 * given as a gesture. A monetary voucher takes `amountPence`, a per-person one `people`; with a
 * `recipientEmail` the voucher is e-mailed to it, otherwise staff hand over the code or print it.
 */
export const VoucherIssueSchema = z
  .object({
    voucherType: VoucherTypeSchema,
    amountPence: z
      .number({ error: "amountPence must be a whole number of pence" })
      .int({ error: "amountPence must be a whole number of pence" })
      .min(100, { error: "amountPence must be at least 100 (£1)" })
      .max(100_000, { error: "amountPence must be at most 100000 (£1,000)" })
      .optional(),
    people: z
      .number({ error: "people must be a whole number" })
      .int({ error: "people must be a whole number" })
      .min(VOUCHER_PEOPLE.min, { error: `people must be at least ${VOUCHER_PEOPLE.min}` })
      .max(VOUCHER_PEOPLE.max, { error: `people must be at most ${VOUCHER_PEOPLE.max}` })
      .optional(),
    recipientName: z.string({ error: "recipientName must be text" }).trim().max(100, { error: "recipientName must be at most 100 characters" }).default(""),
    recipientEmail: z
      .string({ error: "recipientEmail must be an e-mail address" })
      .trim()
      .max(254, { error: "recipientEmail must be an e-mail address" })
      .pipe(z.union([z.literal(""), z.email({ error: "recipientEmail must be an e-mail address" })]))
      .default(""),
    source: z.enum(["till-card", "till-cash", "phone", "complimentary"], { error: STAFF_SOURCE_MESSAGE }),
    note: z.string({ error: "note must be text" }).trim().max(200, { error: "note must be at most 200 characters" }).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.voucherType === "monetary") {
      if (v.amountPence === undefined) ctx.addIssue({ code: "custom", path: ["amountPence"], message: "amountPence is required for a monetary voucher" });
      if (v.people !== undefined) ctx.addIssue({ code: "custom", path: ["people"], message: "people is only for afternoon tea and picnic hamper vouchers" });
    } else {
      if (v.people === undefined) ctx.addIssue({ code: "custom", path: ["people"], message: "people is required for this voucher" });
      if (v.amountPence !== undefined) ctx.addIssue({ code: "custom", path: ["amountPence"], message: "amountPence is only for monetary vouchers" });
    }
  });
export type VoucherIssue = z.infer<typeof VoucherIssueSchema>;

/** active: something left and not past its expiry; redeemed: nothing left; expired: something left, past its expiry. */
export const VoucherStatusSchema = z.enum(["active", "redeemed", "expired"]);

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
  /** The spec's field, meaning "nothing left" (R35). */
  isRedeemed: z.boolean(),
  /** What is left of a monetary voucher, in pence (R35). */
  balancePence: z.number().int().optional(),
  /** What is left of a per-person voucher, in people (R35). */
  peopleRemaining: z.number().int().optional(),
  status: VoucherStatusSchema,
  /** R22: paid through the demo provider, so no money was taken: staff see a test voucher. */
  testPayment: z.boolean(),
  createdAt: z.string(),
  expiryDate: z.string(),
  /** R50: where it was sold or given. */
  source: VoucherSourceSchema,
  /** R50: the London date its e-mail is (or was) due, when the buyer chose one. */
  deliverOn: z.string().nullable(),
  /** R50: when its e-mail was queued; null while a scheduled one waits, or when nobody was e-mailed. */
  deliveredAt: z.string().nullable(),
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
  /** Pounds: what is left on the active vouchers (per-person vouchers at their price per person, R35). */
  remainingValue: z.number(),
});
export type VoucherStats = z.infer<typeof VoucherStatsSchema>;

/** One line of a voucher's ledger (R35): a redemption, a reservation or restore (R36), or a note of a staff action. */
export const VoucherLedgerEntrySchema = z.object({
  at: z.string(),
  /** The staff username, or "online" / "system". */
  actor: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amountPence: z.number().int().optional(),
  people: z.number().int().optional(),
  bookingReference: z.string().optional(),
  note: z.string(),
});
export type VoucherLedgerEntry = z.infer<typeof VoucherLedgerEntrySchema>;

/** GET /api/vouchers/{code}, vouchers.get: the voucher and its ledger, oldest first. */
export const VoucherDetailSchema = GiftVoucherSchema.extend({ ledger: z.array(VoucherLedgerEntrySchema) });
export type VoucherDetail = z.infer<typeof VoucherDetailSchema>;

/** A voucher code as typed; normalised (upper case, dashes) before it is checked. */
export const VoucherCodeSchema = z
  .string({ error: "Please enter a voucher code" })
  .max(40, { error: "Please enter the code as it appears on the voucher, like TEA-ABCD-EFGH-JKMN" })
  .transform(normaliseVoucherCode)
  .pipe(z.string().regex(VOUCHER_CODE_PATTERN, { error: "Please enter the code as it appears on the voucher, like TEA-ABCD-EFGH-JKMN" }));

export const VoucherCodeParamsSchema = z.object({ code: VoucherCodeSchema });
/** GET /api/voucher-balance?code= */
export const VoucherBalanceQuerySchema = z.object({ code: VoucherCodeSchema });

/** Staff redeem part or all of a voucher (POST /api/vouchers/{code}/redemptions, vouchers.redeem). */
export const VoucherRedemptionSchema = z
  .object({
    amountPence: z
      .number({ error: "amountPence must be a whole number of pence" })
      .int({ error: "amountPence must be a whole number of pence" })
      .positive({ error: "amountPence must be more than 0" })
      .max(10_000_000, { error: "amountPence is too large" })
      .optional(),
    people: z
      .number({ error: "people must be a whole number" })
      .int({ error: "people must be a whole number" })
      .positive({ error: "people must be at least 1" })
      .max(100, { error: "people is too large" })
      .optional(),
    note: z.string({ error: "note must be text" }).trim().max(200, { error: "note must be at most 200 characters" }).default(""),
    /** Only for an expired voucher (R35: audited). */
    override: z.object({ reason: text(3, 200, "Please give a reason for redeeming an expired voucher") }).optional(),
  })
  .refine((r) => (r.amountPence === undefined) !== (r.people === undefined), { error: "Give either amountPence or people", path: ["amountPence"] });
export type VoucherRedemption = z.infer<typeof VoucherRedemptionSchema>;

/** POST /api/vouchers/{code}/resend: the voucher e-mail again, to the recipient or to the buyer. */
export const VoucherResendSchema = z.object({ to: z.enum(["recipient", "buyer"], { error: "to must be recipient or buyer" }) });
export type VoucherResend = z.infer<typeof VoucherResendSchema>;

/** PATCH /api/vouchers/{code}: a later expiry date. */
export const VoucherExpiryUpdateSchema = z.object({ expiryDate: isoDate("expiryDate must be a date (yyyy-MM-dd)") });
export type VoucherExpiryUpdate = z.infer<typeof VoucherExpiryUpdateSchema>;

/** GET /api/voucher-balance (public, R35): what a code is worth now, nothing personal. */
export const VoucherBalanceSchema = z.object({
  voucherType: VoucherTypeSchema,
  balancePence: z.number().int().optional(),
  peopleRemaining: z.number().int().optional(),
  expiryDate: z.string(),
  status: VoucherStatusSchema,
});
export type VoucherBalance = z.infer<typeof VoucherBalanceSchema>;
