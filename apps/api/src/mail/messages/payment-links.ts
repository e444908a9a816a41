import { formatLongDate, formatPence, formatTime12h, greetingLine, londonNow, type Booking, type PaymentLinkKind } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import { details } from "./bookings.js";
import type { TearoomContacts } from "../contacts.js";

/** The page a guest pays a payment link on (R49). */
export function paymentLinkUrl(origin: string, token: string): string {
  return `${origin}/pay/${token}`;
}

const asked = (kind: PaymentLinkKind) => (kind === "deposit" ? "a deposit" : "payment");

/** To the guest: staff sent a link to pay a deposit or the full amount of their booking (R49). */
export function paymentLinkSent(
  b: Booking,
  c: TearoomContacts,
  link: { url: string; kind: PaymentLinkKind; amountPence: number; expiresAt: Date },
  testPayment: boolean,
): OutgoingMail {
  const amount = formatPence(link.amountPence);
  // The tearoom's day, whatever the server's zone (R12).
  const until = formatLongDate(londonNow(link.expiresAt).date);
  if (link.kind === "card") {
    const subject = `Please save a card for your booking (${b.reference})`;
    const content = {
      greeting: greetingLine(b.name),
      intro: [
        `The tearoom asks you to save a card for your booking on ${formatLongDate(b.date)} at ${formatTime12h(b.time)}. Nothing is charged now.`,
        `You can save it from the link below until ${until}. The booking terms you were given say when a fee may be charged to it.`,
        ...(testPayment ? ["This is a test: no card is kept."] : []),
      ],
      details: details(b),
      link: { label: "Save a card", href: link.url },
      outro: [`If you have any questions, please call us on ${c.phone} and quote your reference ${b.reference}.`],
    };
    return { kind: "payment-link", to: b.email, subject, title: subject, content };
  }
  const subject = `Please pay ${amount} for your booking (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      `The tearoom asks for ${asked(link.kind)} of ${amount} for your booking on ${formatLongDate(b.date)} at ${formatTime12h(b.time)}.`,
      `You can pay by card from the link below until ${until}.`,
      ...(testPayment ? ["This is a test payment: no card will be charged."] : []),
    ],
    details: [...details(b), ["Amount", amount]] as [string, string][],
    link: { label: `Pay ${amount}`, href: link.url },
    outro: [`If you have any questions, please call us on ${c.phone} and quote your reference ${b.reference}.`],
  };
  return { kind: "payment-link", to: b.email, subject, title: subject, content };
}

/** To the guest: their payment through a link arrived (R49). */
export function paymentLinkPaid(b: Booking, amountPence: number, paymentReference: string): OutgoingMail {
  const amount = formatPence(amountPence);
  const subject = `Thank you: ${amount} received for your booking (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [`We have received your payment of ${amount} for your booking. Thank you.`],
    details: [...details(b), ["Paid", amount], ["Payment reference", paymentReference]] as [string, string][],
  };
  return { kind: "payment-link-paid", to: b.email, subject, title: subject, content };
}

/** To the staff: a guest paid a payment link (R49). */
export function staffPaymentLinkPaid(b: Booking, c: TearoomContacts, amountPence: number): OutgoingMail {
  const subject = `Payment link paid: ${formatPence(amountPence)} for ${b.reference}`;
  const content = {
    intro: [`${b.name} paid ${formatPence(amountPence)} through the payment link you sent.`],
    details: [...details(b), ["Name", b.name], ["Phone", b.phone]] as [string, string][],
    link: { label: "Open reservations", href: `${c.origin}/admin/reservations` },
    signature: "Tearoom booking system",
  };
  return { kind: "staff-payment-link-paid", to: c.email, subject, title: subject, content };
}
