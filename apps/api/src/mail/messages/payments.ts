import { formatLongDate, formatPence, formatTime12h, greetingLine, VOUCHER_TYPE_LABELS, type Booking, type VoucherType } from "@tearoom/domain";
import { bookingIcs } from "../booking-ics.js";
import type { OutgoingMail } from "../outbox.js";
import { MANAGE_LABEL, notedLines, TICKETS_MANAGE_LABEL } from "./bookings.js";
import type { TearoomContacts } from "../contacts.js";

/** The e-mails that follow a payment (R8, R10, R17): booker, voucher recipient, buyer, staff. */

export interface PaidTea {
  reference: string;
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  guests: number;
  teaType: "traditional" | "champagne" | null;
  dietaryRequirements: string | null;
  amountPence: number;
  paymentReference: string;
  /** R22: the demo provider took the payment: no money changed hands. */
  testPayment: boolean;
  /** R36: what a gift voucher paid, and the voucher's code (shown by its last group only). */
  voucher?: { appliedPence: number; code: string };
  /** R53: tickets for an event's sitting (`guests` tickets): the event's name, the sitting's minutes and the guest's answer to its question. */
  event?: { name: string; minutes: number; question: string | null; answer: string | null };
}

/**
 * A booked tea as its paid e-mails show it: what was paid by card (`amountPence`, 0 when a
 * voucher paid it all, with no payment reference) and what a voucher paid.
 */
export function paidTea(b: Booking, card: Pick<PaidTea, "amountPence" | "paymentReference" | "testPayment">, voucher?: PaidTea["voucher"]): PaidTea {
  return {
    reference: b.reference,
    name: b.name,
    email: b.email,
    phone: b.phone,
    date: b.date,
    time: b.time,
    guests: b.guests,
    teaType: b.teaType,
    dietaryRequirements: b.dietaryRequirements,
    ...card,
    ...(voucher ? { voucher } : {}),
  };
}

/** The money rows of a paid tea: by card (with its reference) and by gift voucher (R36). */
function paidRows(b: PaidTea): [string, string][] {
  const rows: [string, string][] = [];
  if (b.voucher) rows.push(["Paid by gift voucher", `${formatPence(b.voucher.appliedPence)} (voucher ending ${b.voucher.code.slice(-4)})`]);
  if (!b.voucher || b.amountPence > 0) {
    rows.push([b.voucher ? "Paid by card" : "Amount paid", paidText(b.testPayment, formatPence(b.amountPence))]);
    rows.push(["Payment reference", b.paymentReference]);
  }
  return rows;
}

export interface SoldVoucher {
  voucherType: VoucherType;
  voucherCode: string;
  price: string;
  people: number | null;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  senderEmail: string;
  message: string;
  expiryDate: string;
  /** R22: the demo provider took the payment: no money changed hands. */
  testPayment: boolean;
  /** The printable voucher's link token (decision 015); null: no link. */
  printToken: string | null;
  /** What is left, when part of it has been used (a resent voucher, R35). */
  remainingText?: string | undefined;
}

const TEA_NAMES = { traditional: "Traditional Afternoon Tea", champagne: "Champagne Afternoon Tea" } as const;
const durationText = (m: number) => (m % 60 === 0 ? `${m / 60} ${m === 60 ? "hour" : "hours"}` : `${m} minutes`);
const guestsText = (n: number) => `${n} ${n === 1 ? "guest" : "guests"}`;
const peopleText = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** R22: what every e-mail about a payment the demo provider took says first, and in its subject. */
export const TEST_PAYMENT_NOTE = "Test mode – no real charge was made. This was paid with a test card: no money has been taken.";
const testNote = (test: boolean) => (test ? [TEST_PAYMENT_NOTE] : []);
const testSubject = (test: boolean, subject: string) => (test ? `[Test mode] ${subject}` : subject);
const paidText = (test: boolean, amount: string) => (test ? `${amount} (test mode – not charged)` : amount);

/** What a voucher is worth, as the recipient reads it. */
export function voucherValueText(v: Pick<SoldVoucher, "voucherType" | "price" | "people">): string {
  if (v.voucherType === "monetary") return `${v.price} to spend at the tearoom`;
  const what = v.voucherType === "afternoonTea" ? "Afternoon tea" : "Picnic hamper";
  return `${what} for ${peopleText(v.people ?? 1)} (${v.price})`;
}

/** To the guest: their paid afternoon tea is confirmed, with the ICS (R8, R26: no text they typed beyond the first name). */
export function afternoonTeaConfirmation(b: PaidTea, contact: TearoomContacts, tableMinutes: number, now: Date, manageLink: string): OutgoingMail {
  if (b.event) return eventTicketsConfirmation(b, b.event, contact, now, manageLink);
  const teaName = b.teaType ? TEA_NAMES[b.teaType] : "Afternoon Tea";
  const when = `${formatLongDate(b.date)} at ${formatTime12h(b.time)}`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      ...testNote(b.testPayment),
      b.voucher && b.amountPence === 0
        ? "Thank you for booking afternoon tea with us. Your gift voucher has paid for it and your table is confirmed."
        : `Thank you for booking afternoon tea with us. Your payment has been received and your table is confirmed.`,
    ],
    details: [["Reference", b.reference], ["When", when], ["Guests", guestsText(b.guests)], ["Tea", teaName], ...paidRows(b)] as [string, string][],
    outro: [
      // R26: that the note arrived, not what it said.
      ...notedLines({ dietaryRequirements: b.dietaryRequirements, specialRequests: null }),
      `Your table is yours for ${durationText(tableMinutes)}. A calendar invitation is attached.`,
      `To change or cancel your booking, use the link below, or call us on ${contact.phone} or e-mail ${contact.email}, quoting your reference.`,
    ],
    link: { label: MANAGE_LABEL, href: manageLink },
  };
  return {
    kind: "afternoon-tea-confirmation",
    to: b.email,
    subject: testSubject(b.testPayment, `Your afternoon tea is confirmed – ${formatLongDate(b.date)}, ${formatTime12h(b.time)}`),
    title: "Your afternoon tea is confirmed",
    content,
    attachments: [bookingIcs({ ...b, type: "afternoonTea" }, contact, tableMinutes, now, { summary: `${teaName} for ${b.guests} at the Heritage Tearoom` })],
  };
}

const ticketsText = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

/** R53: the guest's tickets for an event's sitting, paid (by card, voucher or both), with the calendar file and the manage link. */
function eventTicketsConfirmation(b: PaidTea, event: NonNullable<PaidTea["event"]>, contact: TearoomContacts, now: Date, manageLink: string): OutgoingMail {
  const when = `${formatLongDate(b.date)} at ${formatTime12h(b.time)}`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      ...testNote(b.testPayment),
      `Thank you for buying ${ticketsText(b.guests)} for ${event.name}. Your payment has been received and your places are confirmed.`,
    ],
    details: [
      ["Reference", b.reference],
      ["Event", event.name],
      ["When", when],
      ["Tickets", ticketsText(b.guests)],
      ...(event.question ? ([[event.question, event.answer?.trim() || "No answer given"]] as [string, string][]) : []),
      ...paidRows(b),
    ] as [string, string][],
    outro: [
      `The sitting lasts ${durationText(event.minutes)}. A calendar invitation is attached.`,
      `To cancel your tickets, use the link below, or call us on ${contact.phone} or e-mail ${contact.email}, quoting your reference.`,
    ],
    link: { label: TICKETS_MANAGE_LABEL, href: manageLink },
  };
  return {
    kind: "event-tickets-confirmation",
    to: b.email,
    subject: testSubject(b.testPayment, `Your tickets for ${event.name} – ${formatLongDate(b.date)}, ${formatTime12h(b.time)}`),
    title: `Your tickets for ${event.name}`,
    content,
    attachments: [
      bookingIcs({ ...b, type: "event" }, contact, event.minutes, now, { summary: `${event.name} (${ticketsText(b.guests)}) at the Heritage Tearoom` }),
    ],
  };
}

/**
 * To the voucher's recipient. It carries the buyer's names and personal message: a gift voucher is
 * a paid product whose buyer is known by the card payment, so R26's relay concern does not apply.
 */
/** The printable voucher page (decision 015): the link carries the voucher's print token, never its code. */
export function printableVoucherUrl(origin: string, printToken: string): string {
  return `${origin}/voucher/print?token=${encodeURIComponent(printToken)}`;
}

/** The voucher's own lines, as both the recipient's e-mail and the buyer's copy show them. */
function voucherLines(v: SoldVoucher): [string, string][] {
  return [
    ["Voucher", VOUCHER_TYPE_LABELS[v.voucherType]],
    ["Value", voucherValueText(v)],
    ...(v.remainingText ? ([["Left to use", v.remainingText]] as [string, string][]) : []),
    ["Voucher code", v.voucherCode],
    ["Valid until", formatLongDate(v.expiryDate)],
    ...(v.message ? ([["Message", v.message]] as [string, string][]) : []),
  ];
}

const printLink = (v: SoldVoucher, contact: TearoomContacts) =>
  v.printToken
    ? { label: "View and print your voucher", href: printableVoucherUrl(contact.origin, v.printToken) }
    : { label: "Visit the tearoom's website", href: contact.origin };

/** R50: the afternoon-tea form with the code filled in (`?voucher=`), where the voucher can pay for tea. */
export function bookTeaWithVoucherUrl(origin: string, voucherCode: string): string {
  return `${origin}/afternoon-tea?voucher=${encodeURIComponent(voucherCode)}#book`;
}

/** A picnic hamper is redeemed at the tearoom; the others pay for afternoon tea online (R36). */
const paysForTea = (v: Pick<SoldVoucher, "voucherType">) => v.voucherType !== "picnicHamper";

/** How to use the voucher: the tea form with the code filled in, or the tearoom for a picnic hamper (R50). */
function redeemLines(v: SoldVoucher, contact: TearoomContacts, whose: "your" | "the"): { outro: string[]; links: { label: string; href: string }[] } {
  if (!paysForTea(v)) {
    return { outro: [`To use ${whose} voucher, contact the tearoom on ${contact.phone} or at ${contact.email} with the voucher code.`], links: [] };
  }
  return {
    outro: [`To book afternoon tea with ${whose} voucher, use the link below: the code is filled in for you. Any questions, call us on ${contact.phone}.`],
    links: [{ label: "Book afternoon tea with this voucher", href: bookTeaWithVoucherUrl(contact.origin, v.voucherCode) }],
  };
}

export function voucherToRecipient(v: SoldVoucher, contact: TearoomContacts): OutgoingMail {
  const redeem = redeemLines(v, contact, "your");
  // R50: a voucher staff issued has no buyer's name: it comes from the tearoom.
  const from = v.senderName || "The Heritage Tearoom";
  const content = {
    greeting: v.recipientName ? `Dear ${v.recipientName},` : "Hello,",
    intro: [
      ...testNote(v.testPayment),
      v.senderName ? `${v.senderName} has sent you a gift voucher for the Heritage Tearoom.` : "Here is your gift voucher for the Heritage Tearoom.",
    ],
    details: voucherLines(v),
    outro: [...redeem.outro, "We look forward to welcoming you."],
    link: printLink(v, contact),
    links: redeem.links,
  };
  return {
    kind: "voucher-recipient",
    to: v.recipientEmail,
    subject: testSubject(v.testPayment, v.senderName ? `${from} has sent you a Heritage Tearoom gift voucher` : "Your Heritage Tearoom gift voucher"),
    title: "Your gift voucher",
    content,
  };
}

/** Staff resend the voucher to its buyer (R35): the same voucher, to print or forward. */
export function voucherCopyToBuyer(v: SoldVoucher, contact: TearoomContacts): OutgoingMail {
  const redeem = redeemLines(v, contact, "the");
  const content = {
    greeting: `Dear ${v.senderName},`,
    intro: [...testNote(v.testPayment), `Here is a copy of the gift voucher you gave ${v.recipientName}, to print or forward.`],
    details: voucherLines(v),
    outro: redeem.outro,
    link: printLink(v, contact),
    links: redeem.links,
  };
  return {
    kind: "voucher-copy",
    to: v.senderEmail,
    subject: testSubject(v.testPayment, `A copy of your Heritage Tearoom gift voucher for ${v.recipientName}`),
    title: "Your gift voucher",
    content,
  };
}

/** R50 "send to me to print": the voucher goes to its buyer, with the printable link, to hand over. */
export function voucherToBuyerToPrint(v: SoldVoucher, contact: TearoomContacts): OutgoingMail {
  const redeem = redeemLines(v, contact, "the");
  const content = {
    greeting: `Dear ${v.senderName},`,
    intro: [...testNote(v.testPayment), `Here is the gift voucher for ${v.recipientName}, ready to print and give.`],
    details: voucherLines(v),
    outro: redeem.outro,
    link: printLink(v, contact),
    links: redeem.links,
  };
  return {
    kind: "voucher-to-print",
    to: v.senderEmail,
    subject: testSubject(v.testPayment, `Your Heritage Tearoom gift voucher for ${v.recipientName}, to print`),
    title: "Your gift voucher to print",
    content,
  };
}

/** R50: after a redemption, its holder hears what was used and what is left. */
export function voucherBalance(
  v: SoldVoucher,
  to: string,
  used: { usedText: string; remaining: number; remainingText: string; bookingReference: string | null },
  contact: TearoomContacts,
): OutgoingMail {
  const redeem = redeemLines(v, contact, "your");
  const left = used.remaining > 0;
  const content = {
    greeting:
      to === v.recipientEmail && v.recipientName ? `Dear ${v.recipientName},` : to === v.senderEmail && v.senderName ? `Dear ${v.senderName},` : "Hello,",
    intro: [
      `Your gift voucher ${v.voucherCode} has just been used for ${used.usedText}${used.bookingReference ? ` (booking ${used.bookingReference})` : ""}.`,
      left ? `${used.remainingText} is left to use, until ${formatLongDate(v.expiryDate)}.` : "Nothing is left on it now.",
    ],
    details: [
      ["Voucher code", v.voucherCode],
      ["Used", used.usedText],
      ["Left to use", used.remainingText],
      ["Valid until", formatLongDate(v.expiryDate)],
    ] as [string, string][],
    ...(left ? { outro: redeem.outro, links: redeem.links } : { outro: [`Thank you for visiting. Any questions, call us on ${contact.phone}.`] }),
  };
  return {
    kind: "voucher-balance",
    to,
    subject: left ? `Your gift voucher: ${used.remainingText} left` : "Your gift voucher has been used up",
    title: "Your gift voucher balance",
    content,
  };
}

/** R50: where the voucher goes and when, as the receipt says it. */
export interface VoucherDelivery {
  sendTo: "recipient" | "buyer";
  /** A London date when the voucher waits for its day; null: sent now. */
  deliverOn: string | null;
}

function deliveryLine(v: SoldVoucher, d: VoucherDelivery): string {
  const whom = d.sendTo === "buyer" ? "you, to print and give" : `${v.recipientName} at ${v.recipientEmail}`;
  return d.deliverOn
    ? `Your gift voucher will be e-mailed to ${whom} on ${formatLongDate(d.deliverOn)}, at 8 am.`
    : `Your gift voucher has been e-mailed to ${whom}.`;
}

export function voucherReceipt(
  v: SoldVoucher,
  paymentReference: string,
  contact: TearoomContacts,
  delivery: VoucherDelivery = { sendTo: "recipient", deliverOn: null },
): OutgoingMail {
  const content = {
    greeting: `Dear ${v.senderName},`,
    intro: [...testNote(v.testPayment), `Thank you for your purchase. ${deliveryLine(v, delivery)}`],
    details: [
      ["Voucher", VOUCHER_TYPE_LABELS[v.voucherType]],
      ["Value", voucherValueText(v)],
      ["Amount paid", paidText(v.testPayment, v.price)],
      ["Voucher code", v.voucherCode],
      ["Valid until", formatLongDate(v.expiryDate)],
      ["Payment reference", paymentReference],
    ] as [string, string][],
    outro: [`If anything is not right, please call us on ${contact.phone} or e-mail ${contact.email}.`],
  };
  return {
    kind: "voucher-receipt",
    to: v.senderEmail,
    subject: testSubject(v.testPayment, `Your receipt: ${VOUCHER_TYPE_LABELS[v.voucherType]} (${v.price})`),
    title: "Your receipt",
    content,
  };
}

export function staffVoucherSold(v: SoldVoucher, staffEmail: string, paymentReference: string): OutgoingMail {
  const content = {
    intro: [...testNote(v.testPayment), "A gift voucher has been bought online."],
    details: [
      ["Code", v.voucherCode],
      ["Voucher", VOUCHER_TYPE_LABELS[v.voucherType]],
      ["Value", voucherValueText(v)],
      ["Bought by", `${v.senderName} <${v.senderEmail}>`],
      ["For", `${v.recipientName} <${v.recipientEmail}>`],
      ["Valid until", formatLongDate(v.expiryDate)],
      ["Payment reference", paymentReference],
    ] as [string, string][],
    signature: "— the tearoom website",
  };
  return {
    kind: "staff-voucher",
    to: staffEmail,
    subject: testSubject(v.testPayment, `New gift voucher ${v.voucherCode} (${v.price})`),
    title: "New gift voucher",
    content,
    // A reply goes to the buyer, not back to the booking system.
    replyTo: v.senderEmail,
  };
}

export function staffPaidBooking(b: PaidTea, staffEmail: string): OutgoingMail {
  const content = {
    intro: [...testNote(b.testPayment), b.event ? `Tickets for ${b.event.name} have been bought.` : "A paid afternoon tea booking has been confirmed."],
    details: [
      ["Reference", b.reference],
      ["When", `${formatLongDate(b.date)} at ${formatTime12h(b.time)}`],
      ...((b.event
        ? [
            ["Event", b.event.name],
            ["Tickets", ticketsText(b.guests)],
            ...(b.event.question ? [[b.event.question, b.event.answer?.trim() || "No answer given"]] : []),
          ]
        : [
            ["Guests", guestsText(b.guests)],
            ["Tea", b.teaType ? TEA_NAMES[b.teaType] : "Afternoon Tea"],
          ]) as [string, string][]),
      ["Name", b.name],
      ["E-mail", b.email],
      ["Phone", b.phone],
      ["Dietary requirements", b.dietaryRequirements?.trim() || "None given"],
      ...paidRows(b),
    ] as [string, string][],
    signature: "— the tearoom website",
  };
  return {
    kind: "staff-paid-booking",
    to: staffEmail,
    subject: testSubject(
      b.testPayment,
      b.event
        ? `Tickets sold: ${b.event.name}, ${formatLongDate(b.date)} ${formatTime12h(b.time)}, ${ticketsText(b.guests)}`
        : `New paid afternoon tea: ${formatLongDate(b.date)} ${formatTime12h(b.time)}, ${guestsText(b.guests)}`,
    ),
    title: "New paid booking",
    content,
    // A reply goes to the guest, not back to the booking system.
    replyTo: b.email,
  };
}

/** A payment we took but could not fulfil (its seats went while it was late): staff refund it. */
export function staffPaymentNeedsAttention(
  p: { paymentReference: string; amountPence: number; kind: string; reason: string; customer: string },
  staffEmail: string,
): OutgoingMail {
  const content = {
    intro: ["A payment was received that the website could not turn into a booking or voucher. Please refund it or contact the customer."],
    details: [
      ["Payment reference", p.paymentReference],
      ["Amount", formatPence(p.amountPence)],
      ["For", p.kind],
      ["Customer", p.customer],
      ["Reason", p.reason],
    ] as [string, string][],
    signature: "— the tearoom website",
  };
  return {
    kind: "staff-payment-attention",
    to: staffEmail,
    subject: `Action needed: payment ${p.paymentReference} (${formatPence(p.amountPence)})`,
    title: "Payment needs attention",
    content,
  };
}
