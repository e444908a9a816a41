import { formatLongDate, formatPence } from "@tearoom/domain";
import { useEffect, useRef } from "react";
import { secretGardenTimeLabel, type SecretGardenConfirmed } from "./SecretGardenForm";
import classes from "./SecretGarden.module.css";

/** The confirmation card (spec section 2; R15 adds the wine total), with Print and Make Another Booking. */
export function BookingConfirmation({
  booking,
  eventsEmail,
  onReset,
}: {
  booking: SecretGardenConfirmed;
  eventsEmail: string | undefined;
  onReset: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const wine = booking.includeWine
    ? `Yes${booking.wineTotalPence ? ` (${formatPence(booking.wineTotalPence)} for ${booking.guests} ${booking.guests === 1 ? "guest" : "guests"})` : ""}`
    : "No";
  return (
    <article className={classes.confirmation} aria-labelledby="confirmation-title">
      <div className={classes.confirmationSeal} aria-hidden="true">
        <svg viewBox="0 0 64 64" width="64" height="64">
          <circle cx="32" cy="32" r="30" fill="#7f3249" />
          <circle cx="32" cy="32" r="24" fill="none" stroke="#e9d59a" strokeWidth="1.5" strokeDasharray="3 3" />
          <path d="M22 33l7 7 14-16" fill="none" stroke="#fff6dc" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h2 id="confirmation-title" ref={headingRef} tabIndex={-1} className={classes.confirmationTitle}>
        Your Secret Garden Experience is booked
      </h2>
      {booking.reference ? <p className={classes.reference}>Reference {booking.reference}</p> : null}
      <dl className={classes.confirmationList}>
        <div>
          <dt>Location</dt>
          <dd>{booking.spot.name}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(booking.date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{secretGardenTimeLabel(booking.time)}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{booking.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{booking.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{booking.phone}</dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{booking.guests}</dd>
        </div>
        <div>
          <dt>Sparkling wine</dt>
          <dd>{wine}</dd>
        </div>
        <div className={classes.wide}>
          <dt>Special requests</dt>
          <dd>{booking.specialRequests || "None"}</dd>
        </div>
      </dl>
      <p className={classes.confirmationNote}>A confirmation has been sent to {booking.email}.</p>
      <p className={classes.confirmationNote}>
        To make any changes, please contact {eventsEmail ? <a href={`mailto:${eventsEmail}`}>{eventsEmail}</a> : "our events team"}.
      </p>
      <div className={classes.confirmationActions}>
        <button type="button" className={classes.bookButton} onClick={() => window.print()}>
          Print Confirmation
        </button>
        <button type="button" className={classes.secondaryButton} onClick={onReset}>
          Make Another Booking
        </button>
      </div>
    </article>
  );
}
