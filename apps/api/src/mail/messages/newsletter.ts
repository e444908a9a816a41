import { greetingLine } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "../contacts.js";

/** The public page where a new subscriber confirms (R16 as amended by R26): a button, since a GET never changes anything. */
export function confirmUrl(origin: string, token: string): string {
  return `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** The public page where a subscriber unsubscribes with one press of a button (R16, R39). */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 8058 one-click unsubscribe, for every marketing e-mail (R39): a mail program POSTs
 * `List-Unsubscribe=One-Click` to the page's own address; opening it shows the page's button, since a
 * GET never unsubscribes.
 */
export function listUnsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(origin, token)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * To an address someone typed into a subscribe form: the only message it gets until it is
 * confirmed. R26: no text the visitor typed beyond the greeting's first name.
 */
export function newsletterConfirmation(sub: { email: string; firstName: string | null; confirmToken: string }, c: TearoomContacts): OutgoingMail {
  const subject = "Please confirm your subscription to the Heritage Tearoom newsletter";
  const content = {
    greeting: greetingLine(sub.firstName),
    intro: [
      "We were asked to send the Heritage Tearoom newsletter to this address. To start receiving it, please open the link below and press the button to confirm.",
      "If that wasn't you, you need do nothing: without your confirmation this address is not subscribed.",
    ],
    link: { label: "Confirm your subscription", href: confirmUrl(c.origin, sub.confirmToken) },
  };
  return { kind: "newsletter-confirm", to: sub.email, subject, title: subject, content };
}

/** To a subscriber who has just confirmed: welcome, with a working unsubscribe link. */
export function newsletterWelcome(sub: { email: string; firstName: string | null; unsubscribeToken: string }, c: TearoomContacts): OutgoingMail {
  const subject = "Welcome to the Heritage Tearoom newsletter";
  const content = {
    greeting: greetingLine(sub.firstName),
    intro: [
      "Thank you for confirming your subscription. We'll write now and then with seasonal menus, garden news and events at the house.",
      "If you change your mind, you can unsubscribe at any time with the link below; every newsletter carries it too.",
    ],
    link: { label: "Unsubscribe", href: unsubscribeUrl(c.origin, sub.unsubscribeToken) },
  };
  return { kind: "newsletter-welcome", to: sub.email, subject, title: subject, content, headers: listUnsubscribeHeaders(c.origin, sub.unsubscribeToken) };
}

/**
 * R56: one newsletter to one subscriber: the body (Markdown, mail/markdown.ts) with a visible
 * unsubscribe link and the RFC 8058 header fields, so a mail program offers one-click unsubscribe.
 */
export function newsletterCampaignMail(
  campaign: { subject: string; body: string },
  sub: { email: string; firstName: string | null; unsubscribeToken: string },
  c: TearoomContacts,
): OutgoingMail {
  return {
    kind: "newsletter-campaign",
    to: sub.email,
    subject: campaign.subject,
    title: campaign.subject,
    content: {
      greeting: greetingLine(sub.firstName),
      intro: [],
      markdown: campaign.body,
      outro: ["You receive this because you subscribed to the Heritage Tearoom newsletter. You can unsubscribe at any time:"],
      link: { label: "Unsubscribe", href: unsubscribeUrl(c.origin, sub.unsubscribeToken) },
    },
    headers: listUnsubscribeHeaders(c.origin, sub.unsubscribeToken),
  };
}

/** R56: the test a staff member sends themselves: the newsletter as a subscriber gets it, marked as a test, its unsubscribe link inert. */
export function newsletterTestMail(campaign: { subject: string; body: string }, to: string, c: TearoomContacts): OutgoingMail {
  const mail = newsletterCampaignMail(campaign, { email: to, firstName: null, unsubscribeToken: "test-message" }, c);
  return { kind: "newsletter-test", to, subject: `[Test] ${campaign.subject}`, title: mail.title, content: mail.content };
}
