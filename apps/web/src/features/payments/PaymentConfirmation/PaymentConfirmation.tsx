import { PolicyTerms } from "../../booking/PolicyNote";
import "@mantine/core/styles/Loader.css";
import { Loader } from "@mantine/core";
import {
  formatLongDate,
  formatPence,
  formatTime12h,
  PAYMENT_REFERENCE_PREVIEW_LENGTH,
  teaCountText,
  TIMERS_MS,
  voucherPartText,
  VOUCHER_TYPE_LABELS,
  type PaidBooking,
  type PaymentStatusAnswer,
} from "@tearoom/domain";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LinkButton } from "@tearoom/ui";
import { HttpError } from "../../../lib/http";
import { getPaymentStatus } from "../api";
import classes from "./PaymentConfirmation.module.css";

export type ConfirmationStatus = "processing" | "success" | "failed" | "not-found" | "unknown";

/** The first 8 characters of the payment reference, or N/A (spec section 9). */
export function referencePreview(paymentIntent: string | null): string {
  return paymentIntent ? paymentIntent.slice(0, PAYMENT_REFERENCE_PREVIEW_LENGTH) : "N/A";
}

const TEXTS = {
  success: {
    title: "Payment Successful",
    voucher: "Your gift voucher has been purchased successfully!",
    tea: "Your afternoon tea is booked. A confirmation is on its way to your e-mail.",
    // R53: tickets for an event's sitting, paid through the same flow.
    tickets: "Your tickets are booked. A confirmation is on its way to your e-mail.",
  },
  failed: { title: "Payment Failed", text: "There was an issue processing your payment. Please try again." },
  processing: { title: "Processing Payment", text: "We are confirming your payment with the payment provider." },
  "not-found": {
    title: "Payment Not Found",
    text: "We could not find this payment. If your card was charged, please contact us and quote the payment reference below.",
  },
  unknown: {
    title: "Processing Payment",
    text: "We could not check your payment just now. Please refresh this page in a moment; your voucher or booking is e-mailed as soon as the payment is confirmed.",
  },
} as const;

/** How many times, 1.5 s apart, to ask while the provider's notice may still be on its way. */
const ASKS = 10;

/** The server's answer for a payment: undefined while asking, "not-found" on a 404, "unknown" when it could not be asked. */
function usePaymentStatus(paymentIntent: string | null, clientSecret: string | null): PaymentStatusAnswer | "not-found" | "unknown" | undefined {
  const [answer, setAnswer] = useState<PaymentStatusAnswer | "not-found" | "unknown" | undefined>(undefined);
  useEffect(() => {
    if (!paymentIntent) return;
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Still open after the last ask, or never answered: say so, rather than spin for ever.
    const again = () => {
      if (++tries < ASKS) timer = setTimeout(ask, 1500);
      else setAnswer("unknown");
    };
    const ask = () => {
      getPaymentStatus(paymentIntent, clientSecret).then(
        (status) => {
          if (!live) return;
          if (status.status === "processing") again();
          else setAnswer(status);
        },
        (err: unknown) => {
          if (!live) return;
          if (err instanceof HttpError && err.status === 404) return setAnswer("not-found");
          console.error(err);
          again();
        },
      );
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [paymentIntent, clientSecret]);
  return answer;
}

function statusOf(answer: PaymentStatusAnswer | "not-found" | "unknown" | undefined): ConfirmationStatus {
  if (answer === undefined) return "processing";
  if (answer === "not-found" || answer === "unknown") return answer;
  return answer.status === "succeeded" ? "success" : answer.status;
}

/**
 * The page the provider returns to (spec "Confirmation"). It only displays (R8), and only what the
 * server confirms: the address's redirect_status is the provider's word through the visitor's
 * browser, so the page asks the server and shows processing until it answers. A paid voucher
 * shows its code and recipient (to the browser that holds the payment's client secret); a paid
 * afternoon tea its booking reference.
 */
export function PaymentConfirmation({ paymentIntent, clientSecret = null }: { paymentIntent: string | null; clientSecret?: string | null }) {
  const navigate = useNavigate();
  const answer = usePaymentStatus(paymentIntent, clientSecret);
  const status = statusOf(answer);
  const paid = typeof answer === "object" ? answer : null;
  const isTea = paid?.kind === "afternoon-tea";

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    if (paymentIntent) return;
    const timer = setTimeout(() => navigate("/gift-vouchers"), TIMERS_MS.confirmationRedirect);
    return () => clearTimeout(timer);
  }, [paymentIntent, navigate]);

  const title = status === "success" ? TEXTS.success.title : TEXTS[status].title;
  const text =
    status === "success" ? (paid?.booking?.type === "event" ? TEXTS.success.tickets : isTea ? TEXTS.success.tea : TEXTS.success.voucher) : TEXTS[status].text;
  const voucher = status === "success" ? (paid?.voucher ?? null) : null;

  return (
    <div className={classes.root} data-status={status}>
      <div className={classes.icon} aria-hidden="true">
        {status === "processing" ? (
          <Loader color="sage" />
        ) : status === "success" ? (
          <CheckIcon />
        ) : status === "failed" || status === "not-found" ? (
          <CrossIcon />
        ) : (
          <ClockIcon />
        )}
      </div>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.text} role={status === "failed" || status === "not-found" ? "alert" : "status"}>
        {text}
      </p>
      <dl className={classes.facts}>
        {voucher ? (
          <>
            <div>
              <dt>Voucher code</dt>
              <dd data-testid="voucher-code">{voucher.code}</dd>
            </div>
            <div>
              <dt>{VOUCHER_TYPE_LABELS[voucher.voucherType]}</dt>
              <dd className={classes.plain}>
                {voucher.people === null ? voucher.price : `${voucher.people === 1 ? "1 person" : `${voucher.people} people`} · ${voucher.price}`}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Payment reference</dt>
          <dd data-testid="payment-reference">{referencePreview(paymentIntent)}</dd>
        </div>
        {status === "success" && paid?.bookingReference ? (
          <div>
            <dt>Booking reference</dt>
            <dd data-testid="booking-reference">{paid.bookingReference}</dd>
          </div>
        ) : null}
      </dl>
      {status === "success" && paid?.booking ? <BookedVisit booking={paid.booking} /> : null}
      {voucher ? (
        <p className={classes.emailed} data-testid="voucher-emailed">
          We have e-mailed the voucher to {voucher.recipientName} at <span className={classes.address}>{voucher.recipientEmail}</span>, and a receipt to you. It
          is valid until {longDate(voucher.expiryDate)}.
        </p>
      ) : null}
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

/**
 * R51: what was booked, as the server answered it to the browser that paid: when, for how many,
 * which tea, what the card and a gift voucher paid, where, and the booking's calendar file.
 */
function BookedVisit({ booking: b }: { booking: PaidBooking }) {
  const rows: [string, string][] = [
    // R53: tickets for an event say which, and how many tickets.
    ...(b.eventName ? [["Event", b.eventName] as [string, string]] : []),
    ["Date", formatLongDate(b.date)],
    ["Time", formatTime12h(b.time)],
    b.type === "event" ? ["Tickets", String(b.guests)] : ["Guests", String(b.guests)],
  ];
  if (b.teaType) rows.push(["Tea", teaCountText(b.guests, b.teaType)]);
  if (b.cardPence > 0) rows.push(["Paid by card", formatPence(b.cardPence)]);
  if (b.voucher) rows.push([`Gift voucher ${b.voucher.code}`, voucherPartText(b.voucher)]);
  rows.push(["Where", b.address]);
  return (
    <section className={classes.booking} aria-labelledby="booked-title" data-testid="booked-visit">
      <h2 id="booked-title" className={classes.bookingTitle}>
        {b.type === "event" ? "Your tickets" : "Your booking"}
      </h2>
      <dl className={classes.bookingRows}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PolicyTerms type={b.type} className={classes.policy} />
      {b.status === "confirmed" ? (
        <a className={classes.calendar} href={b.calendarUrl} download rel="noreferrer" data-testid="add-to-calendar">
          Add to calendar
        </a>
      ) : null}
    </section>
  );
}

/** "24 November 2027" from yyyy-MM-dd, whatever the browser's zone. */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
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

function ClockIcon() {
  return (
    <svg viewBox="0 0 48 48" width="56" height="56">
      <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
      <path d="M24 13v12l7 5" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
