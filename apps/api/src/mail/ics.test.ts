import { describe, expect, it } from "vitest";
import { buildIcs } from "./ics.js";

describe("buildIcs", () => {
  const base = {
    uid: "TEA-123@heritagetearoom",
    date: "2026-07-15",
    time: "14:30",
    durationMinutes: 120,
    summary: "Afternoon tea for 2",
    description: "Reference ABC; champagne tea\nDietary: none",
    location: "Heritage Tearoom",
    organizerEmail: "hello@heritagetearoom.co.uk",
    stampedAt: new Date("2026-06-01T10:00:00Z"),
    sequence: 0,
  };

  it("places the event in London time with its length and escapes text", () => {
    const ics = buildIcs(base);
    expect(ics).toContain("DTSTART;TZID=Europe/London:20260715T143000\r\n");
    expect(ics).toContain("DTEND;TZID=Europe/London:20260715T163000\r\n");
    expect(ics).toContain("DESCRIPTION:Reference ABC\\; champagne tea\\nDietary: none");
    expect(ics).toContain("DTSTAMP:20260601T100000Z");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
  });

  it("folds long lines at 75 octets", () => {
    const ics = buildIcs({ ...base, description: "x".repeat(200) });
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain(`DESCRIPTION:${"x".repeat(200)}`);
  });

  it("publishes a confirmed event with its SEQUENCE (R51)", () => {
    const ics = buildIcs({ ...base, sequence: 2 });
    expect(ics).toContain("METHOD:PUBLISH\r\n");
    expect(ics).toContain("UID:TEA-123@heritagetearoom\r\nSEQUENCE:2\r\n");
    expect(ics).toContain("STATUS:CONFIRMED\r\n");
    expect(ics).not.toContain("ATTENDEE");
  });

  it("cancels an event: METHOD:CANCEL, STATUS:CANCELLED, the attendee it removes, CRLF throughout (R51)", () => {
    const ics = buildIcs({ ...base, sequence: 3, cancelFor: "ann@example.com" });
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("UID:TEA-123@heritagetearoom\r\nSEQUENCE:3\r\n");
    expect(ics).toContain("ATTENDEE:mailto:ann@example.com\r\nSTATUS:CANCELLED\r\n");
    expect(ics).not.toContain("STATUS:CONFIRMED");
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("runs past midnight onto the next day", () => {
    expect(buildIcs({ ...base, time: "23:00" })).toContain("DTEND;TZID=Europe/London:20260716T010000");
  });
});
