import { ENQUIRY_TYPE_LABELS, formatLongDate, formatTime12h, fromMinutes, greetingLine, londonNow, type Inquiry } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "../contacts.js";

/** When an enquiry arrived, as the tearoom reads it (Europe/London). */
function receivedAt(createdAt: string): string {
  const { date, minutes } = londonNow(new Date(createdAt));
  return `${formatLongDate(date)} at ${formatTime12h(fromMinutes(minutes))}`;
}

/**
 * To the visitor: their enquiry arrived. R26: it says what was received (the type and when), never
 * what the message said, so the form cannot send a stranger our e-mail carrying someone's text.
 */
export function enquiryAcknowledgement(i: Inquiry, c: TearoomContacts): OutgoingMail {
  const subject = "Thank you for your enquiry";
  const content = {
    greeting: greetingLine(i.name),
    intro: ["Thank you for your enquiry. We'll be in touch soon."],
    details: [
      ["Enquiry", ENQUIRY_TYPE_LABELS[i.enquiryType]],
      ["Received", receivedAt(i.createdAt)],
    ] as [string, string][],
    outro: ["Your message has reached our team. For your security we do not repeat it in this e-mail.", `If it is urgent, please call us on ${c.phone}.`],
  };
  return { kind: "enquiry-acknowledgement", to: i.email, subject, title: subject, content };
}

/** To the staff (the tearoom's own address): a new enquiry to answer, with the message. */
export function staffNewEnquiry(i: Inquiry, c: TearoomContacts): OutgoingMail {
  const subject = `New enquiry: ${ENQUIRY_TYPE_LABELS[i.enquiryType]} from ${i.name}`;
  const content = {
    intro: ["A new enquiry has arrived through the contact form."],
    details: [
      ["Name", i.name],
      ["E-mail", i.email],
      ["Phone", i.phone ?? "—"],
      ["Enquiry", ENQUIRY_TYPE_LABELS[i.enquiryType]],
      ["Message", i.message],
    ] as [string, string][],
    link: { label: "Open inquiries", href: `${c.origin}/admin/inquiries` },
    signature: "Tearoom booking system",
  };
  // A reply from the tearoom's mail program goes to the visitor, not back to the booking system.
  return { kind: "staff-new-enquiry", to: c.email, subject, title: subject, content, replyTo: i.email };
}
