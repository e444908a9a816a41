import { BOOKING_TYPE_LABELS, formatLongDate, formatPence, formatTime12h, greetingLine, type Booking } from "@tearoom/domain";
import { bookingIcs } from "../booking-ics.js";
import type { TearoomContacts } from "../contacts.js";
import type { MailContent } from "../layout.js";
import type { OutgoingMail } from "../outbox.js";
import { moneyBackLines, type MoneyBack } from "./money-back.js";

/** R37: the button in every confirmation, request and reminder e-mail. */
export const MANAGE_LABEL = "View, change or cancel your booking";
/** R53: tickets are cancelled online, never changed: their link says so. */
export const TICKETS_MANAGE_LABEL = "View or cancel your tickets";

const TEA = { traditional: "Traditional", champagne: "Champagne" } as const;
const DINING = { breakfast: "Breakfast", lunch: "Lunch", lightsnack: "Light snack" } as const;
const HAMPER = { standard: "Standard", champagne: "Champagne" } as const;

/** What the guest chose (R26: nothing they typed), for the guest's e-mails and the staff's alike. */
export function details(b: Booking, spotName?: string): [string, string][] {
  const rows: [string, string][] = [
    ["Reference", b.reference],
    ["Booking", BOOKING_TYPE_LABELS[b.type]],
    ["Date", formatLongDate(b.date)],
    ["Time", formatTime12h(b.time)],
    ["Guests", String(b.guests)],
  ];
  if (b.teaType) rows.push(["Tea", TEA[b.teaType]]);
  if (b.diningPreference) rows.push(["Dining preference", DINING[b.diningPreference]]);
  if (b.hamperType) rows.push(["Hamper", HAMPER[b.hamperType]]);
  if (b.type === "secretGarden") {
    rows.push(["Location", spotName ?? b.gardenSpotId ?? ""]);
    rows.push(["English sparkling wine", b.includeWine ? `Yes (${formatPence(b.amountPence ?? 0)})` : "No"]);
  }
  return rows;
}

/** The guest's own notes, for the staff only. */
function notes(b: Booking): [string, string][] {
  const rows: [string, string][] = [];
  if (b.dietaryRequirements) rows.push(["Dietary requirements", b.dietaryRequirements]);
  if (b.specialRequests) rows.push(["Special requests", b.specialRequests]);
  return rows;
}

/**
 * R26: the guest's e-mail says that their notes arrived, never what they said (the address is
 * not confirmed, so the message must not carry a stranger's text to it).
 */
export function notedLines(b: Pick<Booking, "dietaryRequirements" | "specialRequests">): string[] {
  const noted = [b.dietaryRequirements?.trim() && "dietary requirements", b.specialRequests?.trim() && "special requests"].filter(Boolean);
  return noted.length ? [`We have noted your ${noted.join(" and your ")}.`] : [];
}

/** R37: the manage link, the call to action of every e-mail about a booking the guest can still change. */
function guestLink(manageLink: string | undefined): MailContent["link"] | undefined {
  return manageLink ? { label: MANAGE_LABEL, href: manageLink } : undefined;
}

/** How to reach the tearoom about a booking: the events address for the Secret Garden, else phone and e-mail. */
function contactLine(b: Booking, c: TearoomContacts, manageLink?: string): string {
  if (b.type === "secretGarden") return `For any changes, please contact ${c.eventsEmail}.`;
  return `To change or cancel, ${manageLink ? "use the link below, or " : ""}call ${c.phone} or e-mail ${c.email}.`;
}

/** For a calendar invitation: how long the visit lasts, and when the message is made. */
export interface CalendarInvite {
  minutes: number;
  now: Date;
  /** R51: the booking's stored `calendar_sequence` (0 until a change or cancel is e-mailed). */
  sequence?: number;
}

/**
 * R51: the cancelling calendar entry for a confirmed booking's cancel e-mail, the same UID as the
 * files sent before and the raised SEQUENCE; a request never had a file, so it gets none.
 */
export function cancelAttachments(
  b: Booking,
  c: TearoomContacts,
  invite: CalendarInvite | undefined,
  wasConfirmed: boolean,
): Pick<OutgoingMail, "attachments"> {
  if (!invite || !wasConfirmed) return {};
  return { attachments: [bookingIcs(b, c, invite.minutes, invite.now, { sequence: invite.sequence ?? 0, cancelFor: b.email })] };
}

/** The booking as an ICS attachment (R28: confirmations carry one); the reference makes the UID, so a change replaces the event. */
function icsAttachment(b: Booking, c: TearoomContacts, invite: CalendarInvite, spotName?: string): NonNullable<OutgoingMail["attachments"]>[number] {
  const what = b.type === "secretGarden" ? `Secret Garden Experience${spotName ? ` (${spotName})` : ""}` : BOOKING_TYPE_LABELS[b.type];
  return bookingIcs(b, c, invite.minutes, invite.now, { sequence: invite.sequence ?? 0, summary: `${what} for ${b.guests} at the Heritage Tearoom` });
}

/** To the visitor: we have your request (R14: requests are pending until staff confirm). */
export function bookingRequestReceived(b: Booking, c: TearoomContacts, manageLink?: string): OutgoingMail {
  const subject = `We have your booking request (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: ["Thank you for your booking request. We'll confirm your reservation shortly."],
    details: details(b),
    outro: [
      ...notedLines(b),
      `Please quote your reference ${b.reference} if you contact us. ${manageLink ? "To change or withdraw your request, use the link below, or" : "To change or cancel,"} call ${c.phone} or e-mail ${c.email}.`,
    ],
    link: guestLink(manageLink),
  };
  return { kind: "booking-request-received", to: b.email, subject, title: subject, content };
}

/**
 * To the visitor: a confirmed booking (a Secret Garden booking, one made by staff, or a request
 * staff confirmed, R28). With `invite` it carries the ICS; with `manageLink`, R37's link.
 */
export function bookingConfirmed(b: Booking, c: TearoomContacts, spotName?: string, invite?: CalendarInvite, manageLink?: string): OutgoingMail {
  const what = b.type === "secretGarden" ? "Secret Garden Experience" : BOOKING_TYPE_LABELS[b.type].toLowerCase();
  const subject = `Your ${b.type === "secretGarden" ? "Secret Garden Experience" : "booking"} is confirmed (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [`Your ${what} booking is confirmed. We look forward to welcoming you.`],
    details: details(b, spotName),
    outro: [
      ...notedLines(b),
      ...(b.type === "secretGarden" && b.includeWine ? ["The sparkling wine is paid on the day."] : []),
      ...(invite ? ["A calendar invitation is attached."] : []),
      `Please quote your reference ${b.reference}. ${contactLine(b, c, manageLink)}`,
    ],
    link: guestLink(manageLink),
  };
  const mail: OutgoingMail = { kind: "booking-confirmed", to: b.email, subject, title: subject, content };
  if (invite) mail.attachments = [icsAttachment(b, c, invite, spotName)];
  return mail;
}

/** To the visitor: staff declined their request, with the reason staff gave (R28; staff's words, not the visitor's, R26). */
export function bookingDeclined(b: Booking, c: TearoomContacts, reason: string): OutgoingMail {
  const subject = `We cannot confirm your booking request (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: ["Thank you for your booking request. We are sorry, but we cannot confirm it."],
    details: [...details(b), ["Reason", reason]] as [string, string][],
    outro: [
      `We would love to welcome you another time. Please call ${c.phone} or e-mail ${c.email}, quoting your reference ${b.reference}, and we will help you find another date.`,
    ],
  };
  return { kind: "booking-declined", to: b.email, subject, title: subject, content };
}

/** To the visitor: staff cancelled their booking or request (R28); a confirmed booking's with the cancelling calendar entry (R51). */
export function bookingCancelled(
  b: Booking,
  c: TearoomContacts,
  spotName?: string,
  cancel?: { invite: CalendarInvite; wasConfirmed: boolean },
  money?: MoneyBack,
): OutgoingMail {
  const subject = `Your booking has been cancelled (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    // R51: with a refund, this one e-mail says where each part goes.
    intro: ["Your booking below has been cancelled.", ...moneyBackLines(money)],
    details: details(b, spotName),
    outro: [`If you did not expect this, please call ${c.phone} or e-mail ${c.email}, quoting your reference ${b.reference}.`],
  };
  return {
    kind: "booking-cancelled",
    to: b.email,
    subject,
    title: subject,
    content,
    ...cancelAttachments(b, c, cancel?.invite, cancel?.wasConfirmed ?? false),
  };
}

/** To the visitor: staff changed the date, time or guests of their booking (R28); a confirmed booking's new ICS replaces the old event. */
export function bookingChanged(b: Booking, c: TearoomContacts, spotName?: string, invite?: CalendarInvite, manageLink?: string): OutgoingMail {
  const request = b.status === "pending";
  const subject = `Your booking ${request ? "request " : ""}has been changed (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [`We have changed your booking${request ? " request" : ""}. These are its details now:`],
    details: details(b, spotName),
    outro: [
      ...(invite && !request ? ["An updated calendar invitation is attached."] : []),
      `If anything is not right, please get in touch, quoting your reference ${b.reference}. ${contactLine(b, c, manageLink)}`,
    ],
    link: guestLink(manageLink),
  };
  const mail: OutgoingMail = { kind: "booking-changed", to: b.email, subject, title: subject, content };
  if (invite && !request) mail.attachments = [icsAttachment(b, c, invite, spotName)];
  return mail;
}

/** To the staff (the tearoom's own address): a new booking or request to look at, with everything the guest typed. */
export function staffNewBooking(b: Booking, c: TearoomContacts, spotName?: string): OutgoingMail {
  const subject = `New ${BOOKING_TYPE_LABELS[b.type]} booking ${b.status === "pending" ? "request " : ""}${b.reference}: ${formatLongDate(b.date)} ${b.time}, ${b.guests} guest${b.guests === 1 ? "" : "s"}`;
  const content = {
    intro: [b.status === "pending" ? "A new booking request is waiting for confirmation." : "A new booking has been made."],
    details: [...details(b, spotName), ...notes(b), ["Name", b.name], ["E-mail", b.email], ["Phone", b.phone], ["Status", b.status]] as [string, string][],
    link: { label: "Open reservations", href: `${c.origin}/admin/reservations` },
    signature: "Tearoom booking system",
  };
  // A reply from the tearoom's mail program goes to the guest, not back to the booking system.
  return { kind: "staff-new-booking", to: c.email, subject, title: subject, content, replyTo: b.email };
}
