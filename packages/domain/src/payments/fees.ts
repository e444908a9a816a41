import { z } from "zod";
import type { Arrival, BookingStatus } from "../entities/booking.js";
import { formatPence } from "../pricing/money.js";
import { visitInstant } from "../visits/visit.js";
import { feeCapPence, type BookingPolicy, type PolicyFee } from "./booking-policy.js";

/**
 * R48: a fee staff charge to a booking's saved card: for a no-show, or for a cancellation after
 * R37's cut-off; at most the policy's fee per guest times the party, with a reason.
 */

export const FEE_KINDS = ["no-show", "late-cancel"] as const satisfies readonly PolicyFee[];
export const FeeKindSchema = z.enum(FEE_KINDS, { error: 'kind must be "no-show" or "late-cancel"' });

export const FEE_KIND_LABELS: Record<PolicyFee, string> = { "no-show": "No-show fee", "late-cancel": "Late-cancel fee" };

export const FEE_REASON_MAX = 500;

/** POST /api/bookings/{id}/fees: which fee, how much (omitted: the policy's amount), and why. */
export const FeeRequestSchema = z.object({
  kind: FeeKindSchema,
  amountPence: z
    .number({ error: "amountPence must be a whole number of pence" })
    .int({ error: "amountPence must be a whole number of pence" })
    // The provider's smallest charge in pounds.
    .min(30, { error: "amountPence must be at least 30p" })
    .optional(),
  reason: z
    .string({ error: "Please say why the fee is charged" })
    .trim()
    .min(1, { error: "Please say why the fee is charged" })
    .max(FEE_REASON_MAX, { error: `At most ${FEE_REASON_MAX} characters` }),
});
export type FeeRequest = z.infer<typeof FeeRequestSchema>;

/** What a charged fee answers (201). */
export const FeeAnswerSchema = z.object({ chargedPence: z.number().int(), status: z.literal("succeeded") });
export type FeeAnswer = z.infer<typeof FeeAnswerSchema>;

/** What the rules of a fee read of the booking. */
export interface FeeBooking {
  reference: string;
  status: BookingStatus;
  arrival: Arrival | null;
  date: string;
  time: string;
  guests: number;
  cardOnFile: boolean;
  /** When staff cancelled it (ISO); null when it was not cancelled by staff. */
  cancelledAt: string | null;
}

/** Whether a booking cancelled at `cancelledAt` was cancelled after R37's cut-off (`cancellationHours` before the visit). */
export function cancelledLate(b: Pick<FeeBooking, "date" | "time" | "cancelledAt">, cancellationHours: number): boolean {
  if (b.cancelledAt === null) return false;
  const cutoff = visitInstant(b.date, b.time).getTime() - cancellationHours * 3_600_000;
  return new Date(b.cancelledAt).getTime() >= cutoff;
}

/**
 * R48: why this fee cannot be charged to this booking (a conflict, 409), or null when it may be:
 * a no-show fee needs the no-show mark, a late-cancel fee a cancellation after the cut-off, both a
 * saved card and a fee in the policy, and each fee is charged once.
 */
export function feeConflict(kind: PolicyFee, b: FeeBooking, ctx: { cancellationHours: number; alreadyCharged: boolean; capPence: number }): string | null {
  if (kind === "no-show" && !(b.status === "confirmed" && b.arrival === "no-show"))
    return `Booking ${b.reference} is not marked as a no-show, so no no-show fee can be charged.`;
  if (kind === "late-cancel" && !(b.status === "cancelled" && cancelledLate(b, ctx.cancellationHours)))
    return `Booking ${b.reference} was not cancelled after the cut-off (${ctx.cancellationHours} hours before the visit), so no late-cancel fee can be charged.`;
  if (!b.cardOnFile) return `Booking ${b.reference} has no saved card, so no fee can be charged.`;
  if (ctx.alreadyCharged) return `Booking ${b.reference} has already been charged its ${FEE_KIND_LABELS[kind].toLowerCase()}.`;
  if (ctx.capPence <= 0) return `The booking policy has no ${FEE_KIND_LABELS[kind].toLowerCase()}, so none can be charged.`;
  return null;
}

/**
 * R48: the amount to charge: staff's, or the policy's cap when omitted. A refusal (400) names
 * amountPence and the cap when staff asked for more.
 */
export function feeAmount(
  kind: PolicyFee,
  requested: number | undefined,
  policy: Pick<BookingPolicy, "noShowFeePencePerGuest" | "lateCancelFeePencePerGuest">,
  guests: number,
): { amountPence: number } | { refusal: string } {
  const cap = feeCapPence(policy, kind, guests);
  if (requested === undefined) return { amountPence: cap };
  if (requested > cap) {
    const perGuest = kind === "no-show" ? policy.noShowFeePencePerGuest : policy.lateCancelFeePencePerGuest;
    return {
      refusal: `amountPence: at most ${formatPence(cap)} (${cap}p), the policy's ${formatPence(perGuest)} per guest for ${guests} guest${guests === 1 ? "" : "s"}`,
    };
  }
  return { amountPence: requested };
}
