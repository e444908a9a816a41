import { formatLongDate, greetingLine, type Booking } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import { cancelAttachments, details, type CalendarInvite } from "./bookings.js";
import type { TearoomContacts } from "../contacts.js";
import { moneyBackLines, type MoneyBack } from "./money-back.js";

/**
 * To the guest: the tearoom closes on the day of their booking (R32), so it is cancelled. Only
 * what the guest chose is repeated, never what they typed (R26).
 */
export function bookingCancelledByClosure(
  b: Booking,
  c: TearoomContacts,
  opts: { request: boolean; spotName?: string | undefined; areaName?: string | undefined; invite?: CalendarInvite | undefined; money?: MoneyBack | undefined },
): OutgoingMail {
  const what = opts.request ? "booking request" : "booking";
  const subject = `Your ${what} on ${formatLongDate(b.date)} is cancelled (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [
      opts.areaName
        ? `We are very sorry: the ${opts.areaName} has to close for part of ${formatLongDate(b.date)}, so we have cancelled your ${what}.`
        : `We are very sorry: the tearoom has to close on ${formatLongDate(b.date)}, so we have cancelled your ${what}.`,
      // R51: one e-mail says where each part of the money goes (the refund sends none of its own).
      ...moneyBackLines(opts.money),
    ],
    details: details(b, opts.spotName),
    outro: [`We would love to welcome you on another day. Please quote your reference ${b.reference} if you call ${c.phone} or e-mail ${c.email}.`],
  };
  return { kind: "booking-cancelled-closure", to: b.email, subject, title: subject, content, ...cancelAttachments(b, c, opts.invite, !opts.request) };
}
