import type { BookingType } from "@tearoom/domain";
import { useSite } from "../site/site-data";
import classes from "./RequestReceived.module.css";

/**
 * R47: the booking type's policy in the words staff set (what is charged, when, the cancellation
 * terms), shown on the form before the guest books. Nothing is shown while nothing is asked.
 */
export function PolicyNote({ type }: { type: BookingType }) {
  const policies = useSite().data?.policies;
  // R53: event tickets have no booking policy of their own.
  const policy = type === "event" ? undefined : policies?.[type];
  // Prepay is afternoon tea's own page, which shows the amount on its button (R51).
  if (!policy || (policy.kind !== "card" && policy.kind !== "deposit")) return null;
  return (
    <section className={classes.panel} aria-label="Payment and cancellation" data-testid="booking-policy">
      <p className={classes.text}>{policy.text}</p>
    </section>
  );
}

/**
 * R47: the same words after booking, on the confirmation and manage pages, so the guest can read
 * again what may be charged and until when they can cancel. Nothing when the type asks nothing.
 */
export function PolicyTerms({ type, className }: { type: BookingType; className?: string }) {
  const policies = useSite().data?.policies;
  const policy = type === "event" ? undefined : policies?.[type];
  if (!policy || policy.kind === "none") return null;
  return (
    <p className={className} data-testid="policy-terms">
      {policy.text}
    </p>
  );
}
