import { z } from "zod";
import type { Arrival, BookingStatus } from "../entities/booking.js";
import { ArrivalSchema, BookingStatusSchema, BookingTypeSchema, DiningPreferenceSchema, HamperTypeSchema, TeaTypeSchema } from "../entities/booking.js";
import { isoDate, timeOfDay } from "../entities/common.js";
import { formatPence } from "../pricing/money.js";
import { BookingVoucherSchema } from "../payments/booking-voucher.js";
import { visitInstant } from "./visit.js";

/** What a guest may do from the manage link (R37), and until when. */
export interface GuestManageRules {
  canCancel: boolean;
  canChange: boolean;
  /** ISO instant after which only the phone number helps; null when nothing can be done online. */
  cutoffAt: string | null;
}

/**
 * R37: until `cancellationHours` before the visit a guest may cancel or change; a pending request
 * may be withdrawn at any time before the visit. A booking that is over, not standing (held,
 * declined, cancelled) or already marked on the day cannot be managed online.
 */
export function guestManageRules(
  b: { status: BookingStatus; date: string; time: string; arrival: Arrival | null },
  cancellationHours: number,
  now: Date,
): GuestManageRules {
  const visit = visitInstant(b.date, b.time).getTime();
  const standing = (b.status === "pending" || b.status === "confirmed") && b.arrival === null && now.getTime() < visit;
  if (!standing) return { canCancel: false, canChange: false, cutoffAt: null };
  const cutoff = visit - cancellationHours * 3_600_000;
  const beforeCutoff = now.getTime() < cutoff;
  return { canCancel: beforeCutoff || b.status === "pending", canChange: beforeCutoff, cutoffAt: new Date(cutoff).toISOString() };
}

/** The manage link's token: 256 random bits, base64url (43 characters). */
export const ManageTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is not valid." });

/** A booking as its guest sees it from the manage link: no internal ids, nothing staff wrote (R27, R30). */
export const ManagedBookingSchema = z.object({
  reference: z.string(),
  type: BookingTypeSchema,
  status: BookingStatusSchema,
  arrival: ArrivalSchema.nullable(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  teaType: TeaTypeSchema.nullable(),
  diningPreference: DiningPreferenceSchema.nullable(),
  hamperType: HamperTypeSchema.nullable(),
  /** The garden spot's public id (as GET /api/garden-spots lists it) and name. */
  gardenSpotId: z.string().nullable(),
  gardenSpotName: z.string().nullable(),
  includeWine: z.boolean(),
  /** What was paid online (afternoon tea), in pence; null when nothing was. */
  paidPence: z.number().int().nullable(),
  /** R51: what has gone back to the card, in pence (0 when nothing has). */
  refundedPence: z.number().int(),
  /** R36, R51: the part a gift voucher paid, and whether it went back to the voucher; null when none did. */
  voucher: BookingVoucherSchema.nullable(),
  canCancel: z.boolean(),
  canChange: z.boolean(),
  cutoffAt: z.string().nullable(),
  /** The tearoom's phone number, for whatever the page cannot do. */
  phone: z.string(),
});
export type ManagedBooking = z.infer<typeof ManagedBookingSchema>;

/** R37: what a guest may change. At least one field. */
export const GuestChangeSchema = z
  .object({
    date: isoDate("Please select a date.").optional(),
    time: timeOfDay("Please select a time.").optional(),
    guests: z
      .number({ error: "Please select number of guests." })
      .int({ error: "Please select number of guests." })
      .min(1, { error: "Please select number of guests." })
      .optional(),
  })
  .strict()
  .refine((c) => c.date !== undefined || c.time !== undefined || c.guests !== undefined, {
    error: "Nothing to change: send a new date, time or number of guests.",
  });
export type GuestChange = z.infer<typeof GuestChangeSchema>;

/** POST /api/manage/{token}/cancel answers the new status and what went back to the card. */
export const GuestCancelAnswerSchema = z.object({ status: z.literal("cancelled"), refundedPence: z.number().int() });

/**
 * PATCH /api/manage/{token} when the change costs more (R37: more guests on a paid tea): nothing
 * has changed yet; the change is made once this payment for the difference succeeds.
 */
export const GuestChangePaymentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** The difference to pay by card, in pence. */
  amountPence: z.number().int(),
  /** The number of guests the booking will have once paid for. */
  guests: z.number().int(),
});
export type GuestChangePayment = z.infer<typeof GuestChangePaymentSchema>;

/** What a guest's change answers: the booking as changed, or the payment the change waits for. */
export const GuestChangeAnswerSchema = z.union([ManagedBookingSchema, GuestChangePaymentSchema]);
export type GuestChangeAnswer = z.infer<typeof GuestChangeAnswerSchema>;

/**
 * POST /api/manage/{token}/preview (R51): what a change would do to the money, shown before the
 * guest saves it. Computed by the same code that makes the refund, so the two cannot differ.
 */
export const GuestChangePreviewSchema = z.object({
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  /** What would go back to the card, in pence (0: nothing). */
  cardBackPence: z.number().int(),
  /** What would go back on the gift voucher (pence, or people for a per-person voucher); null when nothing would. */
  voucherBack: z.object({ code: z.string(), amountPence: z.number().int().optional(), people: z.number().int().optional() }).nullable(),
  /** What the guest would pay by card before the change is made (more guests on a paid tea), in pence. */
  toPayPence: z.number().int(),
  /** R22: a demo payment: nothing was charged, so nothing reaches a card. */
  testPayment: z.boolean(),
});
export type GuestChangePreview = z.infer<typeof GuestChangePreviewSchema>;

/** R51: the preview in the guest's words, one line a part; empty when the change moves no money. */
export function changeMoneyLines(p: Pick<GuestChangePreview, "cardBackPence" | "voucherBack" | "toPayPence" | "testPayment">): string[] {
  const lines: string[] = [];
  if (p.toPayPence > 0) lines.push(`${formatPence(p.toPayPence)} to pay by card before the change is made.`);
  if (p.cardBackPence > 0)
    lines.push(
      p.testPayment
        ? `${formatPence(p.cardBackPence)} is refunded in test mode: nothing was charged, so nothing reaches your card.`
        : `${formatPence(p.cardBackPence)} goes back to your card (3–5 working days).`,
    );
  const v = p.voucherBack;
  if (v?.people !== undefined) lines.push(`Afternoon tea for ${v.people} goes back on gift voucher ${v.code}.`);
  else if (v) lines.push(`${formatPence(v.amountPence ?? 0)} goes back on gift voucher ${v.code}.`);
  return lines;
}
