import { BOOKING_TYPE_LABELS, formatLongDate, formatPence, formatTime12h, greetingLine, type Booking } from "@tearoom/domain";
import { bookingIcs } from "../booking-ics.js";
import type { OutgoingMail } from "../outbox.js";
import { cancelAttachments, details, type CalendarInvite } from "./bookings.js";
import { moneyBackLines, type MoneyBack } from "./money-back.js";
import type { TearoomContacts } from "../contacts.js";

/** The page a guest manages their booking from (R37). */
export function manageUrl(origin: string, token: string): string {
  return `${origin}/booking/${token}`;
}

const what = (b: Booking) => (b.type === "secretGarden" ? "Secret Garden Experience" : BOOKING_TYPE_LABELS[b.type].toLowerCase());

/** To the guest: they cancelled (or withdrew their request) from the manage link. R26: nothing they typed. */
export function guestCancelled(b: Booking, c: TearoomContacts, money: MoneyBack, invite?: CalendarInvite): OutgoingMail {
  const withdrawn = b.status === "pending";
  const subject = withdrawn ? `Your booking request is withdrawn (${b.reference})` : `Your booking is cancelled (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [withdrawn ? `As you asked, we have withdrawn your ${what(b)} booking request.` : `As you asked, we have cancelled your ${what(b)} booking.`],
    details: details(b),
    outro: [
      // R51: one e-mail says where each part goes (no separate refund e-mail with a cancel).
      ...moneyBackLines(money),
      `We hope to welcome you another time. If this was a mistake, please call us on ${c.phone}.`,
    ],
  };
  return { kind: "guest-cancelled", to: b.email, subject, title: subject, content, ...cancelAttachments(b, c, invite, !withdrawn) };
}

/** To the guest: their change from the manage link, with the calendar file again when the booking is confirmed. */
export function guestChanged(b: Booking, c: TearoomContacts, link: string, visitMinutes: number, now: Date, paidPence = 0, sequence = 0): OutgoingMail {
  const when = `${formatLongDate(b.date)} at ${formatTime12h(b.time)}`;
  const subject = `Your booking is changed: ${when} (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      b.status === "pending"
        ? `We have your changed ${what(b)} request. We'll confirm it shortly.`
        : `Your ${what(b)} booking is changed. We look forward to welcoming you.`,
      ...(paidPence > 0 ? [`We have taken ${formatPence(paidPence)} by card for the guests you added.`] : []),
    ],
    details: details(b),
    link: { label: "View or change your booking", href: link },
    outro: [`Please quote your reference ${b.reference} if you contact us.`],
  };
  return {
    kind: "guest-changed",
    to: b.email,
    subject,
    title: subject,
    content,
    ...(b.status === "confirmed" ? { attachments: [bookingIcs(b, c, visitMinutes, now, { sequence })] } : {}),
  };
}

/** To the staff: a guest cancelled or changed their booking online; a reply goes to the guest. */
export function staffGuestManaged(
  b: Booking,
  c: TearoomContacts,
  action: "cancelled" | "withdrew" | "changed",
  before?: Pick<Booking, "date" | "time" | "guests">,
): OutgoingMail {
  const subject = `Guest ${action} ${b.reference}: ${formatLongDate(b.date)} ${b.time}, ${b.guests} guest${b.guests === 1 ? "" : "s"}`;
  const was = before
    ? [["Was", `${formatLongDate(before.date)} at ${formatTime12h(before.time)}, ${before.guests} guest${before.guests === 1 ? "" : "s"}`] as [string, string]]
    : [];
  const content = {
    intro: [`A guest ${action === "changed" ? "changed" : action === "withdrew" ? "withdrew" : "cancelled"} their booking from the link in their e-mail.`],
    details: [...details(b), ...was, ["Name", b.name], ["E-mail", b.email], ["Phone", b.phone]] as [string, string][],
    link: { label: "Open reservations", href: `${c.origin}/admin/reservations` },
    signature: "Tearoom booking system",
  };
  return { kind: "staff-guest-managed", to: c.email, subject, title: subject, content, replyTo: b.email };
}
