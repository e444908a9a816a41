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
};

/**
 * The calendar file of a confirmed booking of any type (issue 19): the visit in London time, the
 * tearoom's postal address as its LOCATION, and nothing the guest typed (R26). One UID per booking,
 * so a reminder's copy updates the confirmation's entry instead of adding a second.
 */
export function bookingIcs(
  b: Pick<Booking, "reference" | "type" | "date" | "time" | "guests">,
  c: TearoomContacts,
  durationMinutes: number,
  now: Date,
  summary = `${WHAT[b.type]} for ${b.guests} at the Heritage Tearoom`,
): Attachment {
  return {
    filename: `${BOOKING_TYPE_LABELS[b.type].toLowerCase().replace(/\s+/g, "-")}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: buildIcs({
      uid: `${b.reference}@heritage-tearoom`,
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
