import { z } from "zod";
import { formatPence } from "../pricing/money.js";

/**
 * R49: a payment link staff send for a booking: a deposit or the full amount, paid by the guest
 * on a page of its own within `payment_link_days`, or a card saved there (a SetupIntent, nothing
 * charged) for R48's fees.
 */

export const PAYMENT_LINK_KINDS = ["deposit", "full", "card"] as const;
export const PaymentLinkKindSchema = z.enum(PAYMENT_LINK_KINDS, { error: 'kind must be "deposit", "full" or "card"' });
export type PaymentLinkKind = z.infer<typeof PaymentLinkKindSchema>;

export const PAYMENT_LINK_MAX_PENCE = 1_000_000;

export const PAYMENT_LINK_KIND_LABELS: Record<PaymentLinkKind, string> = { deposit: "Deposit", full: "Full amount", card: "Save a card" };

/** POST /api/bookings/{id}/payment-link: what the link asks for; amountPence omitted takes the booking's amount still to pay (a card link asks none). */
export const PaymentLinkRequestSchema = z.object({
  kind: PaymentLinkKindSchema,
  amountPence: z
    .number({ error: "amountPence must be a whole number of pence" })
    .int({ error: "amountPence must be a whole number of pence" })
    .min(30, { error: "amountPence must be at least 30p" })
    .max(PAYMENT_LINK_MAX_PENCE, { error: `amountPence must be at most ${formatPence(PAYMENT_LINK_MAX_PENCE)}` })
    .optional(),
});
export type PaymentLinkRequest = z.infer<typeof PaymentLinkRequestSchema>;

/** What sending a link answers: the guest's address (also e-mailed) and when it stops working. */
export const PaymentLinkAnswerSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PaymentLinkAnswer = z.infer<typeof PaymentLinkAnswerSchema>;

/** GET /api/payment-links/{token}: what the guest's page shows and needs to pay. */
export const PaymentLinkViewSchema = z.object({
  status: z.enum(["open", "paid"]),
  kind: PaymentLinkKindSchema,
  reference: z.string(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  bookingType: z.string(),
  amountPence: z.number().int(),
  expiresAt: z.string(),
  /** Null once paid: nothing left to pay with it. */
  clientSecret: z.string().nullable(),
});
export type PaymentLinkView = z.infer<typeof PaymentLinkViewSchema>;

/**
 * The amount a link asks for: the one staff gave, or for `full` the booking's amount less what
 * has been paid; 0 for a card link (a card is saved, nothing charged). Null when there is nothing
 * to base it on (staff must give an amount).
 */
export function paymentLinkAmount(request: PaymentLinkRequest, booking: { amountPence: number | null; paidPence: number }): number | null {
  if (request.kind === "card") return 0;
  if (request.amountPence !== undefined) return request.amountPence;
  if (request.kind !== "full" || booking.amountPence === null) return null;
  const left = booking.amountPence - booking.paidPence;
  return left > 0 ? left : null;
}

/** When a link sent at `now` stops working: `days` whole days later (the `payment_link_days` setting). */
export function paymentLinkExpiresAt(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60_000);
}
