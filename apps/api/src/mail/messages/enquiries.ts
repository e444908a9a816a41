import { ENQUIRY_TYPE_LABELS, type Inquiry } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "./bookings.js";

/** To the visitor: their message arrived. */
export function enquiryAcknowledgement(i: Inquiry, c: TearoomContacts): OutgoingMail {
  const subject = "Thank you for your enquiry";
  const content = {
    greeting: `Dear ${i.name},`,
    intro: ["Thank you for your enquiry. We'll be in touch soon."],
    details: [
      ["Enquiry", ENQUIRY_TYPE_LABELS[i.enquiryType]],
      ["Your message", i.message],
    ] as [string, string][],
    outro: [`If it is urgent, please call us on ${c.phone}.`],
  };
  return { kind: "enquiry-acknowledgement", to: i.email, subject, title: subject, content };
}

/** To the staff: a new enquiry to answer. */
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
  return { kind: "staff-new-enquiry", to: c.email, subject, title: subject, content };
}
