import { greetingLine } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "../contacts.js";

/** R56: the one thank-you the morning after a visit, with the review link when staff set one. R26: nothing the guest typed beyond the greeting. */
export function visitThankYou(b: { email: string; name: string }, c: TearoomContacts, reviewLink: string | null): OutgoingMail {
  const subject = "Thank you for visiting the Heritage Tearoom";
  return {
    kind: "visit-thank-you",
    to: b.email,
    subject,
    title: subject,
    content: {
      greeting: greetingLine(b.name),
      intro: [
        "Thank you for visiting us yesterday. We hope you enjoyed your time at the tearoom and that we will see you again soon.",
        ...(reviewLink ? ["If you have a moment, a few words about your visit help others find us:"] : []),
      ],
      ...(reviewLink ? { link: { label: "Leave a review", href: reviewLink } } : {}),
      outro: [`To book your next visit, call us on ${c.phone} or visit ${c.origin}.`],
    },
  };
}
