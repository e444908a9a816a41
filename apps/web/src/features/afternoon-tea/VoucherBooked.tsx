import { formatLongDate, formatPence, formatTime12h, teaCountText } from "@tearoom/domain";
import { useEffect, useRef } from "react";
import type { VoucherBooking } from "../payments/useAfternoonTeaPayment";
import formClasses from "../forms/Forms.module.css";
import { useFacts } from "../site/site-data";
import classes from "./VoucherBooked.module.css";

/** R36: the confirmation of a tea a gift voucher paid in full, shown where the form was (no card, no provider page). */
export function VoucherBooked({ booked }: { booked: VoucherBooking }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const facts = useFacts();
  const { visit } = booked;
  // R51: what was booked and where, beside what the voucher paid.
  const rows: [string, string][] = [
    ["Date", formatLongDate(visit.date)],
    ["Time", formatTime12h(visit.time)],
    ["Guests", String(visit.guests)],
    ["Tea", teaCountText(visit.guests, visit.teaType)],
    ["Paid by gift voucher", formatPence(booked.voucherAppliedPence)],
  ];
  if (facts) rows.push(["Where", facts.address.lines.join(", ")]);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`${formClasses.form} ${formClasses.done}`} role="status" data-testid="voucher-booked">
      <h3 ref={heading} tabIndex={-1}>
        Your afternoon tea is booked
      </h3>
      <p>
        Your gift voucher paid {formatPence(booked.voucherAppliedPence)}, so there is nothing to pay by card. A confirmation is on its way to{" "}
        <span className={classes.email}>{booked.email}</span>.
      </p>
      <p>
        Booking reference: <strong data-testid="booking-reference">{booked.bookingReference}</strong>
      </p>
      <dl className={classes.rows} data-testid="booked-visit">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
