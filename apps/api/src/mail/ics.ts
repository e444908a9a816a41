/** A single-event iCalendar file (RFC 5545) for a booking, in the tearoom's zone (R12). */
import { TIME_ZONE } from "@tearoom/domain";

export interface IcsEvent {
  uid: string;
  /** yyyy-MM-dd and HH:mm, wall-clock time in Europe/London. */
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  organizerEmail: string;
  stampedAt: Date;
  /** R51: rises with each change sent under the same UID, so a calendar keeps the newest. */
  sequence: number;
  /** R51: a cancelling entry (METHOD:CANCEL, STATUS:CANCELLED) for the guest at this address. */
  cancelFor?: string;
}

// Europe/London with its daylight-saving rule, so calendars place the event right in any zone.
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest, "utf8") > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut), "utf8") > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

function localStamp(date: string, minutes: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d, 0, minutes));
  const p = (n: number) => String(n).padStart(2, "0");
  return `${dt.getUTCFullYear()}${p(dt.getUTCMonth() + 1)}${p(dt.getUTCDate())}T${p(dt.getUTCHours())}${p(dt.getUTCMinutes())}00`;
}

/** The VEVENT lines of one event (unfolded). */
function eventLines(event: IcsEvent): string[] {
  const [h, m] = event.time.split(":").map(Number) as [number, number];
  const start = h * 60 + m;
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stampedAt)}`,
    `DTSTART;TZID=${TIME_ZONE}:${localStamp(event.date, start)}`,
    `DTEND;TZID=${TIME_ZONE}:${localStamp(event.date, start + event.durationMinutes)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER:mailto:${event.organizerEmail}`,
    // RFC 5546: a cancel names the attendee it removes; the address is the one the mail goes to.
    ...(event.cancelFor ? [`ATTENDEE:mailto:${event.cancelFor}`, "STATUS:CANCELLED"] : ["STATUS:CONFIRMED"]),
    "END:VEVENT",
  ];
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const HEADER = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Heritage Tearoom//Bookings//EN", "CALSCALE:GREGORIAN"];

/** One event as an iCalendar file (RFC 5545): CRLF lines folded at 75 octets, published or cancelled. */
export function buildIcs(event: IcsEvent): string {
  const lines = [...HEADER, event.cancelFor ? "METHOD:CANCEL" : "METHOD:PUBLISH", ...VTIMEZONE, ...eventLines(event), "END:VCALENDAR"];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A calendar of many events for a subscription feed (issue 34): no METHOD, as RFC 7986 feeds are read. */
export function buildIcsFeed(name: string, events: readonly IcsEvent[]): string {
  const lines = [...HEADER, `X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${TIME_ZONE}`, ...VTIMEZONE, ...events.flatMap(eventLines), "END:VCALENDAR"];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
