import { z } from "zod";
import { VoucherTypeSchema } from "../entities/gift-voucher.js";
import { BookingStatusSchema, BookingTypeSchema, TeaTypeSchema } from "../entities/booking.js";

// The answers of the payment routes the public site reads: the API's routes serialise with these
// schemas (and the OpenAPI document shows them), the payments service returns their types, and
// the web imports the types only (`import type`), so no zod reaches a page's first view.

/** GET /api/payments/config: which provider takes payments (R7), and Stripe's publishable key. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(["stripe", "demo"]),
  publishableKey: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

const intentFields = {
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** What the server charges (R3), in pence. */
  amountPence: z.number().int(),
};

/**
 * POST /api/create-payment-intent for afternoon tea: the intent, and until when the seats are held
 * (R9). R36: `amountPence` is what the card pays after `voucherAppliedPence`; when a voucher paid
 * it all there is no intent (`clientSecret` and `paymentIntentId` null) and `bookingReference`
 * names the booking, already confirmed.
 */
export const TeaIntentAnswerSchema = z.object({
  clientSecret: z.string().nullable().describe("Null when a gift voucher paid the whole tea: no card is asked"),
  paymentIntentId: z.string().nullable(),
  amountPence: z.number().int().describe("What the card pays (R3), in pence, after the voucher"),
  voucherAppliedPence: z.number().int().describe("What the gift voucher pays, in pence (0 without one)"),
  bookingReference: z.string().nullable().describe("Set when nothing was left to pay: the booking is already confirmed"),
  holdExpiresAt: z.string().describe("Afternoon tea: until when the seats are held"),
});
export type TeaIntentAnswer = z.infer<typeof TeaIntentAnswerSchema>;

/** POST /api/create-payment-intent for a gift voucher: the intent, and the price of one person for per-person vouchers. */
export const VoucherIntentAnswerSchema = z.object({
  ...intentFields,
  unitPence: z.number().int().nullable().describe("Per-person vouchers: the price of one; monetary: null"),
});
export type VoucherIntentAnswer = z.infer<typeof VoucherIntentAnswerSchema>;

/** Either answer of POST /api/create-payment-intent. */
export const IntentAnswerSchema = z.union([TeaIntentAnswerSchema, VoucherIntentAnswerSchema]);
export type IntentAnswer = z.infer<typeof IntentAnswerSchema>;

/** POST /api/payments/voucher-details: the amount the server will charge once the details are attached. */
export const VoucherDetailsAnswerSchema = z.object({ amountPence: z.number().int() });
export type VoucherDetailsAnswer = z.infer<typeof VoucherDetailsAnswerSchema>;

/** POST /api/payments/demo/confirm (R7): paid, or the card asks for authentication first (a 402 carries a decline). */
export const DemoConfirmAnswerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("succeeded"), paymentIntentId: z.string(), clientSecret: z.string() }),
  z.object({ status: z.literal("requires_action"), paymentIntentId: z.string(), redirectUrl: z.string() }),
]);
export type DemoConfirmAnswer = z.infer<typeof DemoConfirmAnswerSchema>;

/**
 * A paid gift voucher as its buyer may see it on the confirmation page: the code, and only what
 * the buyer typed at checkout (R27: no internal id).
 */
export const PaidVoucherSchema = z.object({
  code: z.string(),
  voucherType: VoucherTypeSchema,
  /** The price text, e.g. "£50.00". */
  price: z.string(),
  people: z.number().int().nullable(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  /** yyyy-MM-dd */
  expiryDate: z.string(),
});
export type PaidVoucher = z.infer<typeof PaidVoucherSchema>;

/**
 * R51: a paid booking as its guest sees it on the confirmation page: what was booked, what the card
 * and a gift voucher paid, where, and its calendar file. Only for whoever holds the payment's
 * client secret; nothing the guest typed (R26).
 */
export const PaidBookingSchema = z.object({
  reference: z.string(),
  type: BookingTypeSchema,
  /** yyyy-MM-dd and HH:mm, London. */
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  teaType: TeaTypeSchema.nullable(),
  status: BookingStatusSchema,
  /** What the card paid for the booking, in pence (0 when a voucher paid it all). */
  cardPence: z.number().int(),
  /** The part a gift voucher paid (pence, or people for a per-person voucher); null when none did. */
  voucher: z.object({ code: z.string(), amountPence: z.number().int().optional(), people: z.number().int().optional() }).nullable(),
  /** The tearoom's postal address on one line. */
  address: z.string(),
  /** The booking's calendar file (same-origin path, keyed by the same secret). */
  calendarUrl: z.string(),
  /** R53: tickets for an event (type `event`, `guests` tickets): the event's name; absent otherwise. */
  eventName: z.string().optional(),
});
export type PaidBooking = z.infer<typeof PaidBookingSchema>;

/**
 * GET /api/payments/{id}/status: the server's view of a payment, the only thing the confirmation
 * page shows. `voucher` and `booking` only for whoever holds the payment's client secret.
 */
export const PaymentStatusAnswerSchema = z.object({
  status: z.enum(["processing", "succeeded", "failed"]),
  kind: z.enum(["afternoon-tea", "voucher"]),
  bookingReference: z.string().nullable(),
  voucher: PaidVoucherSchema.nullable().describe("A paid gift voucher, when the request carries the payment's client secret; otherwise null"),
  booking: PaidBookingSchema.nullable().describe("A paid booking, when the request carries the payment's client secret; otherwise null"),
});
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswerSchema>;

const TEA_NAMES = { traditional: "Traditional afternoon tea", champagne: "Champagne afternoon tea" } as const;

/** R51: the tea of a booking in words, e.g. "3 × Traditional afternoon tea". */
export function teaCountText(guests: number, teaType: keyof typeof TEA_NAMES): string {
  return `${guests} × ${TEA_NAMES[teaType]}`;
}
