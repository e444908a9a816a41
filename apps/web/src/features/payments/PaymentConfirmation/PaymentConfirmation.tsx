import "@mantine/core/styles/Loader.css";
import { Loader } from "@mantine/core";
import { PAYMENT_REFERENCE_PREVIEW_LENGTH, TIMERS_MS } from "@tearoom/domain";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LinkButton } from "@tearoom/ui";
import { getPaymentStatus } from "../api";
import classes from "./PaymentConfirmation.module.css";

export type ConfirmationStatus = "processing" | "success" | "failed";

/** Spec section 4: processing by default, success when redirect_status is succeeded, failed when failed. */
export function confirmationStatus(redirectStatus: string | null): ConfirmationStatus {
  if (redirectStatus === "succeeded") return "success";
  if (redirectStatus === "failed") return "failed";
  return "processing";
}

/** The first 8 characters of the payment reference, or N/A (spec section 9). */
export function referencePreview(paymentIntent: string | null): string {
  return paymentIntent ? paymentIntent.slice(0, PAYMENT_REFERENCE_PREVIEW_LENGTH) : "N/A";
}

const TEXTS = {
  success: { title: "Payment Successful", voucher: "Your gift voucher has been purchased successfully!", tea: "Your afternoon tea is booked. A confirmation is on its way to your e-mail." },
  failed: { title: "Payment Failed", text: "There was an issue processing your payment. Please try again." },
  processing: { title: "Processing Payment", text: "We are confirming your payment with the payment provider." },
} as const;

/**
 * The page the provider returns to (spec "Confirmation"). It only displays (R8): the booking or
 * voucher is made on the server when the provider reports the payment. For afternoon tea it
 * shows the booking reference once the server has it.
 */
export function PaymentConfirmation({ paymentIntent, redirectStatus, type }: { paymentIntent: string | null; redirectStatus: string | null; type: string | null }) {
  const status = confirmationStatus(redirectStatus);
  const isTea = type === "afternoon-tea";
  const navigate = useNavigate();
  const [bookingReference, setBookingReference] = useState<string | null>(null);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    if (paymentIntent) return;
    const timer = setTimeout(() => navigate("/gift-vouchers"), TIMERS_MS.confirmationRedirect);
    return () => clearTimeout(timer);
  }, [paymentIntent, navigate]);

  useEffect(() => {
    if (!paymentIntent || !isTea || status !== "success") return;
    let live = true;
    let tries = 0;
    // The provider's notice may arrive a moment after the visitor does; ask a few times.
    const ask = () => {
      getPaymentStatus(paymentIntent)
        .then((answer) => {
          if (!live) return;
          if (answer.bookingReference) setBookingReference(answer.bookingReference);
          else if (answer.status === "processing" && ++tries < 10) setTimeout(ask, 1500);
        })
        .catch((err: unknown) => console.error(err));
    };
    ask();
    return () => {
      live = false;
    };
  }, [paymentIntent, isTea, status]);

  const title = TEXTS[status].title;
  const text = status === "success" ? (isTea ? TEXTS.success.tea : TEXTS.success.voucher) : TEXTS[status].text;

  return (
    <div className={classes.root} data-status={status}>
      <div className={classes.icon} aria-hidden="true">
        {status === "processing" ? <Loader color="sage" /> : status === "success" ? <CheckIcon /> : <CrossIcon />}
      </div>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.text} role={status === "failed" ? "alert" : "status"}>
        {text}
      </p>
      <dl className={classes.facts}>
        <div>
          <dt>Payment reference</dt>
          <dd data-testid="payment-reference">{referencePreview(paymentIntent)}</dd>
        </div>
        {bookingReference ? (
          <div>
            <dt>Booking reference</dt>
            <dd data-testid="booking-reference">{bookingReference}</dd>
          </div>
        ) : null}
      </dl>
      {!paymentIntent ? <p className={classes.note}>Taking you to our gift vouchers in a few seconds…</p> : null}
      <nav className={classes.links} aria-label="Where next">
        {isTea && status === "failed" ? (
          <LinkButton as={Link} to="/afternoon-tea#book">
            Try Again
          </LinkButton>
        ) : null}
        <LinkButton as={Link} to="/gift-vouchers" variant={isTea ? "outline" : "primary"}>
          Gift Vouchers
        </LinkButton>
        <LinkButton as={Link} to="/" variant="outline">
          Return Home
        </LinkButton>
      </nav>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 48 48" width="56" height="56">
      <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
      <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 48 48" width="56" height="56">
      <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
      <path d="M16 16l16 16M32 16L16 32" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}
