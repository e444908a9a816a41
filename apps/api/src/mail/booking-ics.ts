import { BOOKING_TYPE_LABELS, type Booking } from "@tearoom/domain";
import { buildIcs } from "./ics.js";
import type { OutgoingMail } from "./outbox.js";
import type { TearoomContacts } from "./contacts.js";

type Attachment = NonNullable<OutgoingMail["attachments"]>[number];

const WHAT: Record<Booking["type"], string> = {
  afternoonTea: "Afternoon tea",
  table: "Table",
  picnicHamper: "Picnic hamper",
  secretGarden: "Secret Garden Experience",
  event: "Event",
};

/** How a booking's calendar file is sent: its SEQUENCE (R51), a summary of its own, or as a cancel. */
export interface BookingIcsOptions {
  /** The booking's stored `calendar_sequence`; 0 for a booking no change has been e-mailed about. */
  sequence?: number;
  summary?: string;
  /** R51: the cancelling entry sent with a cancellation, to the guest's address. */
  cancelFor?: string;
}

/**
 * The calendar file of a confirmed booking of any type (issue 19): the visit in London time, the
 * tearoom's postal address as its LOCATION, and nothing the guest typed (R26). One UID per booking
 * (the reference, unchanged since the first files went out), so a change, a reminder's copy or a
 * cancel updates the confirmation's entry instead of adding a second; the SEQUENCE, stored on the
 * booking and raised with each change or cancel e-mailed, tells a calendar which is newest (R51).
 */
export function bookingIcs(
  b: Pick<Booking, "reference" | "type" | "date" | "time" | "guests">,
  c: TearoomContacts,
  durationMinutes: number,
  now: Date,
  { sequence = 0, summary = `${WHAT[b.type]} for ${b.guests} at the Heritage Tearoom`, cancelFor }: BookingIcsOptions = {},
): Attachment {
  return {
    filename: `${BOOKING_TYPE_LABELS[b.type].toLowerCase().replace(/\s+/g, "-")}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${cancelFor ? "CANCEL" : "PUBLISH"}`,
    content: buildIcs({
      uid: `${b.reference}@heritage-tearoom`,
      sequence,
      ...(cancelFor ? { cancelFor } : {}),
      date: b.date,
      time: b.time,
      durationMinutes,
      summary,
      description: `Booking reference ${b.reference}. ${b.guests} ${b.guests === 1 ? "guest" : "guests"}. To change your booking call ${c.phone}.`,
      location: c.address,
      organizerEmail: c.email,
      stampedAt: now,
    }),
  };
}
