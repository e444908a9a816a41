import { formatLongDate, formatTime12h, fromMinutes, greetingLine, londonNow } from "@tearoom/domain";
import type { OutgoingMail } from "../outbox.js";
import type { TearoomContacts } from "../contacts.js";

// R52: the waiting list's e-mails. R26: nothing the guest typed but their name, and that only in the greeting.

export interface WaitlistMailEntry {
  reference: string;
  type: "afternoonTea" | "table" | "event";
  /** R53: the event whose sitting's tickets the entry waits for. */
  eventName?: string;
  date: string;
  times: readonly string[] | null;
  guests: number;
  name: string;
  email: string;
}

const what = (type: WaitlistMailEntry["type"], eventName?: string) =>
  type === "afternoonTea" ? "afternoon tea" : type === "event" ? `${eventName ?? "event"} tickets` : "table";
const party = (n: number) => `${n} guest${n === 1 ? "" : "s"}`;
const timesText = (times: readonly string[] | null) => (times === null ? "Any time that day" : times.map(formatTime12h).join(", "));

export const waitlistLeaveUrl = (origin: string, token: string) => `${origin}/waitlist/leave/${token}`;
export const waitlistOfferUrl = (origin: string, token: string) => `${origin}/waitlist/${token}`;

/** To the guest: they are on the list, with their place and the link to leave it. */
export function waitlistJoined(e: WaitlistMailEntry, position: number, c: TearoomContacts, leaveToken: string): OutgoingMail {
  const subject = `You are on the waiting list (${e.reference})`;
  return {
    kind: "waitlist-joined",
    to: e.email,
    subject,
    title: subject,
    content: {
      greeting: greetingLine(e.name),
      intro: [
        `You are number ${position} on our ${what(e.type, e.eventName)} waiting list for ${formatLongDate(e.date)}.`,
        "If seats free up at a time you chose, we will hold them for you and e-mail you a link to claim them.",
      ],
      details: [
        ["Reference", e.reference],
        ["Date", formatLongDate(e.date)],
        ["Times", timesText(e.times)],
        ["Party", party(e.guests)],
      ],
      link: { label: "Leave the waiting list", href: waitlistLeaveUrl(c.origin, leaveToken) },
      outro: [`Please quote your reference ${e.reference} if you contact us on ${c.phone}.`],
    },
  };
}

/** The London wall-clock time of an instant, "2:30 PM". */
function londonClock(iso: string): string {
  return formatTime12h(fromMinutes(londonNow(new Date(iso)).minutes));
}

/** To the guest: seats are held for them until `expiresAt`, with the link to claim them. */
export function waitlistOffered(e: WaitlistMailEntry, time: string, expiresAt: string, c: TearoomContacts, offerToken: string): OutgoingMail {
  const subject = `Seats are free for you: ${formatLongDate(e.date)} at ${formatTime12h(time)} (${e.reference})`;
  const expiryDay = londonNow(new Date(expiresAt)).date;
  const until = `${londonClock(expiresAt)}${expiryDay === londonNow(new Date()).date ? "" : ` on ${formatLongDate(expiryDay)}`}`;
  return {
    kind: "waitlist-offer",
    to: e.email,
    subject,
    title: subject,
    content: {
      greeting: greetingLine(e.name),
      intro: [
        `Good news: seats for your ${what(e.type, e.eventName)} have come free, and we are holding them for you until ${until}.`,
        e.type !== "table" ? "Pay from the link below to confirm your booking." : "Confirm from the link below and we will make your table request.",
      ],
      details: [
        ["Reference", e.reference],
        ["Date", formatLongDate(e.date)],
        ["Time", formatTime12h(time)],
        ["Party", party(e.guests)],
        ["Held until", until],
      ],
      link: { label: e.type !== "table" ? "Pay and confirm" : "Confirm my table", href: waitlistOfferUrl(c.origin, offerToken) },
      outro: ["If you no longer want them, do nothing: after that time the seats go to the next guest on the list."],
    },
  };
}
