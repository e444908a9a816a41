import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dayOfWeek,
  formatLongDate,
  formatTime12h,
  fromMinutes,
  londonCalendarDate,
  londonDayStart,
  londonNow,
  toMinutes,
} from "./london-time.js";

describe("the test run's machine zone", () => {
  it("is the zone the test script asked for, so both runs really differ", () => {
    const asked = process.env.TZ;
    expect(asked).toBeTruthy();
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(asked);
  });
});

describe("londonNow (R12: the tearoom's wall clock)", () => {
  const at = (iso: string) => londonNow(new Date(iso));

  it("is UTC in winter and UTC+1 in summer", () => {
    expect(at("2026-01-15T12:00:00Z")).toEqual({ date: "2026-01-15", minutes: 12 * 60 });
    expect(at("2026-07-01T12:00:00Z")).toEqual({ date: "2026-07-01", minutes: 13 * 60 });
  });

  it("rolls over at London midnight, not UTC midnight", () => {
    expect(at("2026-07-01T22:59:00Z")).toEqual({ date: "2026-07-01", minutes: 23 * 60 + 59 });
    expect(at("2026-07-01T23:00:00Z")).toEqual({ date: "2026-07-02", minutes: 0 });
    expect(at("2026-07-01T23:30:00Z")).toEqual({ date: "2026-07-02", minutes: 30 });
    expect(at("2026-01-15T23:30:00Z")).toEqual({ date: "2026-01-15", minutes: 23 * 60 + 30 });
    expect(at("2026-01-16T00:00:00Z")).toEqual({ date: "2026-01-16", minutes: 0 });
    expect(at("2026-12-31T23:59:59Z")).toEqual({ date: "2026-12-31", minutes: 23 * 60 + 59 });
  });

  it("answers every second of a minute alike and moves on with the next minute, however it is called", () => {
    const first = at("2026-07-01T22:58:00.000Z");
    first.minutes = 0; // a caller changing its copy changes nothing for the next one
    expect(at("2026-07-01T22:58:59.999Z")).toEqual({ date: "2026-07-01", minutes: 23 * 60 + 58 });
    expect(at("2026-07-01T22:59:00.000Z")).toEqual({ date: "2026-07-01", minutes: 23 * 60 + 59 });
    expect(at("2026-01-15T22:59:30.000Z")).toEqual({ date: "2026-01-15", minutes: 22 * 60 + 59 });
    expect(() => londonNow(new Date("not a date"))).toThrow(RangeError);
  });

  it("agrees with the time-zone database from 2024 to 2040: four times a day, and every 15 minutes on days the clocks change", () => {
    const tz = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const check = (t: number) => {
      const p = Object.fromEntries(tz.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      const expected = { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
      const got = londonNow(new Date(t));
      if (got.date !== expected.date || got.minutes !== expected.minutes)
        expect({ at: new Date(t).toISOString(), got }).toEqual({ at: new Date(t).toISOString(), got: expected });
    };
    const HOUR = 3_600_000;
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2041, 0, 1); day += 24 * HOUR) {
      for (const h of [0.5, 1.5, 12, 23.5]) check(day + h * HOUR);
      const d = new Date(day);
      // The last Sunday of March or October: the whole day, every 15 minutes.
      if (d.getUTCDay() === 0 && (d.getUTCMonth() === 2 || d.getUTCMonth() === 9) && d.getUTCDate() > 24)
        for (let m = 0; m < 24 * 60; m += 15) check(day + m * 60_000);
    }
  }, 30_000);

  it("follows the spring change on Sunday 29 March 2026 (01:00 GMT → 02:00 BST)", () => {
    expect(at("2026-03-29T00:59:00Z")).toEqual({ date: "2026-03-29", minutes: 59 });
    expect(at("2026-03-29T01:00:00Z")).toEqual({ date: "2026-03-29", minutes: 2 * 60 });
    expect(at("2026-03-29T11:30:00Z")).toEqual({ date: "2026-03-29", minutes: 12 * 60 + 30 });
  });

  it("follows the autumn change on Sunday 25 October 2026 (02:00 BST → 01:00 GMT)", () => {
    expect(at("2026-10-24T23:30:00Z")).toEqual({ date: "2026-10-25", minutes: 30 });
    expect(at("2026-10-25T00:30:00Z")).toEqual({ date: "2026-10-25", minutes: 90 });
    expect(at("2026-10-25T01:30:00Z")).toEqual({ date: "2026-10-25", minutes: 90 });
    expect(at("2026-10-25T11:30:00Z")).toEqual({ date: "2026-10-25", minutes: 11 * 60 + 30 });
  });
});

describe("londonCalendarDate (R12: the day a request's date means)", () => {
  it("takes yyyy-MM-dd as it is, when the day exists", () => {
    expect(londonCalendarDate("2026-12-02")).toBe("2026-12-02");
    expect(londonCalendarDate("2028-02-29")).toBe("2028-02-29");
    expect(londonCalendarDate("2026-02-30")).toBeUndefined();
    expect(londonCalendarDate("2026-13-01")).toBeUndefined();
  });

  it("reads what a London browser's toISOString() of the picked day sends as that day, in winter and in summer time", () => {
    // new Date(2026, 11, 2) in London is midnight GMT; new Date(2027, 5, 10) is midnight BST, 23:00 UTC the day before.
    expect(londonCalendarDate("2026-12-02T00:00:00.000Z")).toBe("2026-12-02");
    expect(londonCalendarDate("2027-06-09T23:00:00.000Z")).toBe("2027-06-10");
    // The days the clocks change: midnight is still GMT on 29 March and still BST on 25 October.
    expect(londonCalendarDate("2026-03-29T00:00:00.000Z")).toBe("2026-03-29");
    expect(londonCalendarDate("2026-03-29T23:00:00.000Z")).toBe("2026-03-30");
    expect(londonCalendarDate("2026-10-24T23:00:00.000Z")).toBe("2026-10-25");
    expect(londonCalendarDate("2026-10-26T00:00:00.000Z")).toBe("2026-10-26");
  });

  it("reads an instant with an offset, or without seconds, as the London date of that instant", () => {
    expect(londonCalendarDate("2027-06-10T00:00:00+01:00")).toBe("2027-06-10");
    expect(londonCalendarDate("2026-12-02T00:00+00:00")).toBe("2026-12-02");
    expect(londonCalendarDate("2026-12-02T00:00:00.000-05:00")).toBe("2026-12-02");
    expect(londonCalendarDate("2026-12-02T14:30Z")).toBe("2026-12-02");
  });

  it("refuses an instant without a zone, a day that does not exist and anything that is not a date", () => {
    for (const value of [
      "2026-12-02T00:00:00",
      "2026-12-02T00:00:00.000",
      "2026-02-30T00:00:00.000Z",
      "2026-12-02T24:00:00Z",
      "2026-12-02 00:00:00Z",
      "2026-12-02T00:00:00+15:00",
      "02/12/2026",
      "tomorrow",
      "",
      "2026-12-02T00:00:00.000Zjunk",
    ]) {
      expect(londonCalendarDate(value), value).toBeUndefined();
    }
  });
});

describe("calendar arithmetic", () => {
  it("knows the day of the week of a date, whatever the machine zone", () => {
    expect(dayOfWeek("2026-03-29")).toBe(0);
    expect(dayOfWeek("2026-06-15")).toBe(1);
    expect(dayOfWeek("2026-06-17")).toBe(3);
    expect(dayOfWeek("2028-02-29")).toBe(2);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
  });

  it("adds months, clamping to the end of a shorter month", () => {
    expect(addMonths("2026-11-22", 12)).toBe("2027-11-22");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-03-31", 1)).toBe("2026-04-30");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });

  it("knows when a London day begins, in winter, in summer and on the days the clocks change", () => {
    expect(londonDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(londonDayStart("2026-06-17").toISOString()).toBe("2026-06-16T23:00:00.000Z");
    // 29 March 2026: midnight is still GMT; 25 October 2026: midnight is still BST.
    expect(londonDayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(londonDayStart("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(londonDayStart("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    for (const date of ["2026-01-15", "2026-03-29", "2026-06-17", "2026-10-25"]) {
      const start = londonDayStart(date).getTime();
      expect(londonNow(new Date(start))).toEqual({ date, minutes: 0 });
      expect(londonNow(new Date(start - 1)).date).toBe(addDays(date, -1));
    }
  });

  it("converts times to minutes and back", () => {
    expect(toMinutes("00:00")).toBe(0);
    expect(toMinutes("16:30")).toBe(990);
    expect(fromMinutes(990)).toBe("16:30");
    expect(fromMinutes(5)).toBe("00:05");
  });
});

describe("display formats", () => {
  it("shows a 24-hour time as the spec's 12-hour labels", () => {
    expect(formatTime12h("12:00")).toBe("12:00 PM");
    expect(formatTime12h("14:00")).toBe("2:00 PM");
    expect(formatTime12h("16:00")).toBe("4:00 PM");
    expect(formatTime12h("18:00")).toBe("6:00 PM");
    expect(formatTime12h("14:30")).toBe("2:30 PM");
    expect(formatTime12h("09:05")).toBe("9:05 AM");
    expect(formatTime12h("11:59")).toBe("11:59 AM");
    expect(formatTime12h("00:00")).toBe("12:00 AM");
    expect(formatTime12h("00:30")).toBe("12:30 AM");
    expect(formatTime12h("23:59")).toBe("11:59 PM");
  });

  it("writes a date out in full", () => {
    expect(formatLongDate("2026-11-25")).toBe("Wednesday, 25 November 2026");
    expect(formatLongDate("2026-03-29")).toBe("Sunday, 29 March 2026");
    expect(formatLongDate("2028-02-29")).toBe("Tuesday, 29 February 2028");
    expect(formatLongDate("2027-01-01")).toBe("Friday, 1 January 2027");
  });
});
