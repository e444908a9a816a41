import { z } from "zod";
import { text } from "../entities/common.js";

/**
 * R34: a booking's payment as staff see it, and the rules for refunding it. Amounts are integer
 * pence. An unpaid booking has no payment at all (`null`), unless a payment link is open for it
 * (R49): then it is `awaiting` until the link is paid or expires.
 */

export const PAYMENT_STATUSES = ["paid", "partly-refunded", "refunded", "awaiting"] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: "Paid",
  "partly-refunded": "Partly refunded",
  refunded: "Refunded",
  awaiting: "Awaiting payment",
};

/** A booking's payment (R34): what was paid, what has been refunded, the provider's reference. */
export const BookingPaymentSchema = z.object({
  status: PaymentStatusSchema,
  paidPence: z.number().int(),
  refundedPence: z.number().int(),
  /** The provider's payment reference (Stripe's PaymentIntent id, or the demo provider's). */
  reference: z.string(),
  /**
   * After staff changed the guests: the current price minus what the guest has paid and kept;
   * positive is due from the guest, negative is overpaid. Null while the guests are as paid for.
   */
  balancePence: z.number().int().nullable(),
  /** R49: what an open payment link asks for, and when it expires; left out when none is open. */
  awaiting: z.object({ amountPence: z.number().int(), expiresAt: z.string() }).optional(),
  /** R48: the fees charged to the saved card (counted in paidPence too); left out when none was. */
  fees: z.array(z.object({ kind: z.enum(["no-show", "late-cancel"]), amountPence: z.number().int(), reason: z.string() })).optional(),
});
export type BookingPayment = z.infer<typeof BookingPaymentSchema>;

export const REFUND_REASON_MAX = 500;

/** Staff refund request (R34): an amount in pence (omitted: everything still refundable) and why. */
export const RefundRequestSchema = z.object({
  amountPence: z
    .number({ error: "amountPence must be a whole number of pence" })
    .int({ error: "amountPence must be a whole number of pence" })
    .min(1, { error: "amountPence must be at least 1p" })
    .max(100_000_000, { error: "amountPence is too large" })
    .optional(),
  reason: text(1, REFUND_REASON_MAX, "Please give a reason for the refund"),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** R36: whether a gift voucher's part of a booking goes back to the voucher when it is cancelled or refunded in full ("staff may choose otherwise"). */
export const RestoreVoucherSchema = z.boolean({ error: "restoreVoucher must be true or false" }).default(true);

/**
 * Cancelling a booking with R34's refund choice: `refund` omitted is "none"; its amount omitted is
 * "full". R36: `restoreVoucher: false` keeps a gift voucher's part used.
 */
export const CancelBookingRequestSchema = z.object({ refund: RefundRequestSchema.optional(), restoreVoucher: RestoreVoucherSchema });
export type CancelBookingRequest = z.infer<typeof CancelBookingRequestSchema>;
/** What a caller sends: `restoreVoucher` may be left out (true). */

/** What a refund answers: this refund's amount, and the payment's totals after it. */
export const RefundAnswerSchema = z.object({
  amountPence: z.number().int(),
  refundedPence: z.number().int(),
  status: PaymentStatusSchema,
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/** The status of a payment of `paidPence` of which `refundedPence` has been refunded. */
export function paymentStatus(paidPence: number, refundedPence: number): PaymentStatus {
  if (refundedPence <= 0) return "paid";
  return refundedPence >= paidPence ? "refunded" : "partly-refunded";
}

/** How much of a payment can still be refunded (never below zero). */
export function refundablePence(paidPence: number, refundedPence: number): number {
  return Math.max(0, paidPence - refundedPence);
}

/**
 * R34: after staff change the guests on a paid booking, the balance from the current price:
 * positive is due from the guest, negative is overpaid, 0 is settled. Null while the guests are
 * the ones paid for (nothing changed, so any refund made was a choice, not a balance).
 */
export function paymentBalance(p: {
  paidPence: number;
  refundedPence: number;
  paidForGuests: number;
  guests: number;
  currentPricePence: number | null;
}): number | null {
  if (p.guests === p.paidForGuests || p.currentPricePence === null) return null;
  return p.currentPricePence - (p.paidPence - p.refundedPence);
}

/**
 * Pounds as staff type them, read strictly (R33): digits with at most two decimals, nothing else
 * ("1e9", "-5", "0.001", "12abc" are refused, never changed). Returns pence, or null when refused.
 */
export function parsePoundsStrict(input: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Splits a refund over the payments of one booking (R34, R37: the tea's own payment and any
 * paid later for added guests), the newest first, each at most what it still has refundable.
 * `refundable` is in payment order, oldest first; the answer is the part of each, in that order.
 */
export function allocateRefund(amountPence: number, refundable: readonly number[]): number[] {
  const parts = refundable.map(() => 0);
  let rest = amountPence;
  for (let i = refundable.length - 1; i >= 0 && rest > 0; i--) {
    parts[i] = Math.min(rest, Math.max(0, refundable[i]!));
    rest -= parts[i]!;
  }
  return parts;
}
