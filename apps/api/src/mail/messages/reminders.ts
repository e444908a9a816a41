import { BOOKING_TYPE_LABELS, formatLongDate, formatTime12h, greetingLine, type Booking } from "@tearoom/domain";
import { bookingIcs } from "../booking-ics.js";
import type { OutgoingMail } from "../outbox.js";
import { details, MANAGE_LABEL, TICKETS_MANAGE_LABEL } from "./bookings.js";
import type { TearoomContacts } from "../contacts.js";

/**
 * R38: the one reminder before a confirmed visit, with the calendar file again. R26: nothing the
 * guest typed beyond the greeting's first name.
 */
export function bookingReminder(
  b: Booking,
  c: TearoomContacts,
  visitMinutes: number,
  now: Date,
  manageLink: string,
  spotName?: string,
  sequence = 0,
): OutgoingMail {
  const what = b.type === "secretGarden" ? "Secret Garden Experience" : BOOKING_TYPE_LABELS[b.type].toLowerCase();
  const when = `${formatLongDate(b.date)} at ${formatTime12h(b.time)}`;
  const subject = `Reminder: your ${what} booking, ${when} (${b.reference})`;
  const contactLine =
    b.type === "secretGarden" ? `For any changes, please contact ${c.eventsEmail}.` : `To change or cancel, call ${c.phone} or e-mail ${c.email}.`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [`A reminder of your ${what} booking on ${when}. We look forward to welcoming you.`],
    details: details(b, spotName),
    link: { label: b.type === "event" ? TICKETS_MANAGE_LABEL : MANAGE_LABEL, href: manageLink },
    outro: [`Our address: ${c.address}. A calendar invitation is attached.`, `Please quote your reference ${b.reference}. ${contactLine}`],
  };
  return { kind: "booking-reminder", to: b.email, subject, title: subject, content, attachments: [bookingIcs(b, c, visitMinutes, now, { sequence })] };
}
