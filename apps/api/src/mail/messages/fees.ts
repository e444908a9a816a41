import { FEE_KIND_LABELS, formatPence, greetingLine, type Booking, type PolicyFee } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import { details } from "./bookings.js";
import type { TearoomContacts } from "../contacts.js";

/** To the guest: staff charged a no-show or late-cancel fee to their saved card, and why (R48). */
export function feeCharged(
  b: Booking,
  c: TearoomContacts,
  fee: { kind: PolicyFee; amountPence: number; reason: string; paymentReference: string },
  testPayment: boolean,
): OutgoingMail {
  const amount = formatPence(fee.amountPence);
  const label = FEE_KIND_LABELS[fee.kind];
  const subject = `${label} of ${amount} charged for your booking (${b.reference})`;
  const what = fee.kind === "no-show" ? "as nobody came to your booking" : "as your booking was cancelled after the cancellation cut-off";
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      `We have charged ${amount} to the card you saved with your booking, ${what}, under the booking terms you were shown.`,
      `Reason: ${fee.reason}`,
      ...(testPayment ? ["This is a test payment: no card was charged."] : []),
    ],
    details: [...details(b), [label, amount], ["Payment reference", fee.paymentReference]] as [string, string][],
    outro: [`If you think this is a mistake, please call us on ${c.phone} and quote your reference ${b.reference}.`],
  };
  return { kind: "booking-fee", to: b.email, subject, title: subject, content };
}
