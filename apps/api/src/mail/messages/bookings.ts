import { BOOKING_TYPE_LABELS, formatLongDate, formatPence, formatTime12h, greetingLine, type Booking } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";

/** The tearoom's contact details from the booking settings (R11), for every message. */
export interface TearoomContacts {
  phone: string;
  email: string;
  eventsEmail: string;
  /** Public site origin, for links. */
  origin: string;
}

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

/** To the visitor: we have your request (R14: requests are pending until staff confirm). */
export function bookingRequestReceived(b: Booking, c: TearoomContacts): OutgoingMail {
  const subject = `We have your booking request (${b.reference})`;
  const content = {
    greeting: greetingLine(b.name),
    intro: ["Thank you for your booking request. We'll confirm your reservation shortly."],
    details: details(b),
    outro: [
      ...notedLines(b),
      `Please quote your reference ${b.reference} if you contact us. To change or cancel, call ${c.phone} or e-mail ${c.email}.`,
    ],
  };
  return { kind: "booking-request-received", to: b.email, subject, title: subject, content };
}

/** To the visitor: a confirmed booking (Secret Garden, or made by staff). */
export function bookingConfirmed(b: Booking, c: TearoomContacts, spotName?: string): OutgoingMail {
  const what = b.type === "secretGarden" ? "Secret Garden Experience" : BOOKING_TYPE_LABELS[b.type].toLowerCase();
  const subject = `Your ${b.type === "secretGarden" ? "Secret Garden Experience" : "booking"} is confirmed (${b.reference})`;
  const contactLine =
    b.type === "secretGarden"
      ? `For any changes, please contact ${c.eventsEmail}.`
      : `To change or cancel, call ${c.phone} or e-mail ${c.email}.`;
  const content = {
    greeting: greetingLine(b.name),
    intro: [`Your ${what} booking is confirmed. We look forward to welcoming you.`],
    details: details(b, spotName),
    outro: [
      ...notedLines(b),
      ...(b.type === "secretGarden" && b.includeWine ? ["The sparkling wine is paid on the day."] : []),
      `Please quote your reference ${b.reference}. ${contactLine}`,
    ],
  };
  return { kind: "booking-confirmed", to: b.email, subject, title: subject, content };
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
  return { kind: "staff-new-booking", to: c.email, subject, title: subject, content };
}
