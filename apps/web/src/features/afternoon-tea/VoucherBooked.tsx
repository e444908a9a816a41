import { formatPence } from "@tearoom/domain";
import { useEffect, useRef } from "react";
import type { VoucherBooking } from "../payments/useAfternoonTeaPayment";
import formClasses from "../forms/Forms.module.css";

/** R36: the confirmation of a tea a gift voucher paid in full, shown where the form was (no card, no provider page). */
export function VoucherBooked({ booked }: { booked: VoucherBooking }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`${formClasses.form} ${formClasses.done}`} role="status" data-testid="voucher-booked">
      <h3 ref={heading} tabIndex={-1}>
        Your afternoon tea is booked
      </h3>
      <p>
        Your gift voucher paid {formatPence(booked.voucherAppliedPence)}, so there is nothing to pay by card. A confirmation is on its way to {booked.email}.
      </p>
      <p>
        Booking reference: <strong data-testid="booking-reference">{booked.bookingReference}</strong>
      </p>
    </div>
  );
}
