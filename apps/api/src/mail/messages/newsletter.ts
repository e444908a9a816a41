import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "./bookings.js";

/** The link that unsubscribes with one click (R16); the token is the only key. */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** To a new subscriber: welcome, with a working unsubscribe link. */
export function newsletterWelcome(sub: { email: string; firstName: string | null; unsubscribeToken: string }, c: TearoomContacts): OutgoingMail {
  const subject = "Welcome to the Heritage Tearoom newsletter";
  const link = unsubscribeUrl(c.origin, sub.unsubscribeToken);
  const content = {
    greeting: sub.firstName ? `Dear ${sub.firstName},` : "Hello,",
    intro: [
      "Thank you for subscribing. We'll write now and then with seasonal menus, garden news and events at the house.",
      "You subscribed with this address on our website. If that wasn't you, or you change your mind, you can unsubscribe at any time.",
    ],
    link: { label: "Unsubscribe", href: link },
  };
  return { kind: "newsletter-welcome", to: sub.email, subject, title: subject, content };
}
