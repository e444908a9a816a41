import { BOOKING_TYPE_LABELS, formatLongDate, formatPence, formatTime12h, greetingLine, type BookingType } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "../contacts.js";
import { TEST_PAYMENT_NOTE } from "./payments.js";

/** R34: the guest hears of each refund of their payment. */

export interface RefundedBooking {
  reference: string;
  type: BookingType;
  name: string;
  email: string;
  date: string;
  time: string;
  /** This refund. */
  amountPence: number;
  /** Paid, and refunded so far including this refund. */
  paidPence: number;
  refundedPence: number;
  paymentReference: string;
  /** R22: the demo provider took the payment: nothing was charged, so nothing goes back. */
  testPayment: boolean;
}

/**
 * To the guest: how much is coming back to their card (R26: only their first name of what they
 * typed; the staff member's reason is internal and stays out).
 */
export function refundToGuest(r: RefundedBooking, contact: TearoomContacts): OutgoingMail {
  const amount = formatPence(r.amountPence);
  const full = r.refundedPence >= r.paidPence;
  const content = {
    greeting: greetingLine(r.name),
    intro: [
      ...(r.testPayment ? [TEST_PAYMENT_NOTE, "This refund is a test too: nothing was charged, so nothing is returned to your card."] : []),
      `We have refunded ${amount} of your payment for booking ${r.reference}.`,
      ...(r.testPayment ? [] : ["It goes back to the card you paid with and usually reaches your account within 5 to 10 working days."]),
    ],
    details: [
      ["Reference", r.reference],
      ["Booking", `${BOOKING_TYPE_LABELS[r.type]}, ${formatLongDate(r.date)} at ${formatTime12h(r.time)}`],
      ["Refunded now", r.testPayment ? `${amount} (test mode – not charged)` : amount],
      ["Paid", formatPence(r.paidPence)],
      ["Refunded in total", full ? `${formatPence(r.refundedPence)} (the full amount)` : formatPence(r.refundedPence)],
      ["Payment reference", r.paymentReference],
    ] as [string, string][],
    outro: [`If you have any questions, please call us on ${contact.phone} or e-mail ${contact.email}, quoting your reference.`],
  };
  const subject = `Your refund of ${amount} – booking ${r.reference}`;
  return { kind: "refund-guest", to: r.email, subject: r.testPayment ? `[Test mode] ${subject}` : subject, title: "Your refund", content };
}
