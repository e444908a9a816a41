import { formatPence, parsePoundsStrict, type RefundRequest } from "@tearoom/domain";

/** The refund dialog's values and checks (R34), apart from the component. */

export interface RefundFormValues {
  kind: "full" | "part";
  /** Pounds as typed (part refunds only). */
  amount: string;
  reason: string;
}

export const EMPTY_REFUND_FORM: RefundFormValues = { kind: "full", amount: "", reason: "" };

/**
 * The part amount's check: pounds read strictly (R33: "1e9", "-5", "0.001" are refused, never
 * changed), at least 1p and no more than is left to refund.
 */
export function amountError(amount: string, leftPence: number): string | null {
  if (!amount.trim()) return "Please enter the amount to refund";
  const pence = parsePoundsStrict(amount);
  if (pence === null) return "Enter an amount in pounds, like 12.50";
  if (pence < 1) return "The amount must be at least £0.01";
  if (pence > leftPence) return `At most ${formatPence(leftPence)} can be refunded`;
  return null;
}

/** What the dialog sends: no amount for a full refund (the server refunds all that is left). */
export function refundRequestFrom(values: RefundFormValues): RefundRequest {
  const reason = values.reason.trim();
  return values.kind === "full" ? { reason } : { amountPence: parsePoundsStrict(values.amount)!, reason };
}
