import { describe, expect, it } from "vitest";
import type { OpeningHours, WeeklyHours } from "../entities/opening-hours.js";
import { checkSettingChange, checkSettingValue, withDefaults } from "../entities/setting-values.js";
import { bookingWarnings } from "../capacity/booking-warnings.js";
import { daySlots } from "../capacity/day-sheet.js";
import { roomOf } from "../capacity/room.js";
import { SEED_AREAS } from "../test-helpers.js";
import { openingHoursProblems, openingHoursValues } from "./hours-edit.js";
import {
  dateRefusal,
  hoursByDay,
  hoursOn,
  isOpenDate,
  openingHoursText,
  openingSeasons,
  siteFacts,
  slotsForDate,
  slotTimes,
  slotTimesOn,
  weeklyHours,
} from "./rules.js";

const now = new Date("2027-06-01T09:00:00Z");
// June 2027: Sunday 6, Monday 7, Wednesday 9, Saturday 12.
const SUNDAY = "2027-06-06";
const MONDAY = "2027-06-07";
const WEDNESDAY = "2027-06-09";
const SATURDAY = "2027-06-12";
const h = (open: string, close: string) => ({ open, close });
const usual = h("11:00", "17:00");
const SEED_WEEK: WeeklyHours = { mon: null, tue: null, wed: usual, thu: usual, fri: usual, sat: usual, sun: usual };
const WINTER = {
  name: "Winter",
  from: "2026-11-01",
  to: "2027-02-28",
  weekly: { mon: null, tue: null, wed: null, thu: null, fri: h("11:00", "16:00"), sat: h("11:00", "16:00"), sun: h("11:00", "15:00") },
};
const shortSunday = { weekly_hours: JSON.stringify({ sun: h("11:00", "16:00") }) };
const withWinter = { opening_seasons: JSON.stringify([WINTER]) };

describe("the usual week (R45)", () => {
  it("is the open days at the opening and closing times while no day has hours of its own", () => {
    expect(weeklyHours({})).toEqual(SEED_WEEK);
    expect(openingSeasons({})).toEqual([]);
    expect(openingHoursText({})).toBe("Wednesday to Sunday 11am-5pm");
    expect(weeklyHours({ open_days: "mon,tue", opening_time: "10:00" })).toEqual({
      ...SEED_WEEK,
      mon: h("10:00", "17:00"),
      tue: h("10:00", "17:00"),
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    });
  });

  it("gives a day its own hours, and says so on every page", () => {
    expect(weeklyHours(shortSunday)).toEqual({ ...SEED_WEEK, sun: h("11:00", "16:00") });
    expect(hoursOn(shortSunday, SUNDAY)).toEqual(h("11:00", "16:00"));
    expect(hoursOn(shortSunday, WEDNESDAY)).toEqual(usual);
    expect(openingHoursText(shortSunday)).toBe("Wednesday to Saturday 11am-5pm, Sunday 11am-4pm");
    expect(hoursByDay(shortSunday)).toEqual([
      { day: "Monday", hours: "Closed" },
      { day: "Tuesday", hours: "Closed" },
      { day: "Wednesday", hours: "11am-5pm" },
      { day: "Thursday", hours: "11am-5pm" },
      { day: "Friday", hours: "11am-5pm" },
      { day: "Saturday", hours: "11am-5pm" },
      { day: "Sunday", hours: "11am-4pm" },
    ]);
  });

  it("moves the days without hours of their own when the opening or closing time changes, and keeps open_days in charge of which days open", () => {
    const later = { ...shortSunday, opening_time: "10:00", closing_time: "18:00" };
    expect(hoursOn(later, WEDNESDAY)).toEqual(h("10:00", "18:00"));
    expect(hoursOn(later, SUNDAY)).toEqual(h("11:00", "16:00"));
    expect(hoursOn({ ...shortSunday, open_days: "wed,thu,fri,sat" }, SUNDAY)).toBeNull();
  });

  it("falls back to the usual week when the stored value is broken", () => {
    expect(weeklyHours({ weekly_hours: "{not json" })).toEqual(SEED_WEEK);
    expect(openingSeasons({ opening_seasons: '[{"name":"x"}]' })).toEqual([]);
  });
});

describe("seasons (R45)", () => {
  it("use their own week inside their dates, both ends included, and the usual week outside", () => {
    expect(hoursOn(withWinter, "2026-10-31")).toEqual(usual); // Saturday before
    expect(hoursOn(withWinter, "2026-11-01")).toEqual(h("11:00", "15:00")); // first day, a Sunday
    expect(hoursOn(withWinter, "2026-12-02")).toBeNull(); // a Wednesday, closed in winter
    expect(hoursOn(withWinter, "2027-02-26")).toEqual(h("11:00", "16:00")); // a Friday
    expect(hoursOn(withWinter, "2027-02-28")).toEqual(h("11:00", "15:00")); // last day, a Sunday
    expect(hoursOn(withWinter, "2027-03-01")).toBeNull(); // Monday after: the usual week, closed
    expect(hoursOn(withWinter, "2027-03-03")).toEqual(usual); // Wednesday after
    expect(isOpenDate(withWinter, "2026-12-02")).toBe(false);
    expect(dateRefusal(withWinter, "afternoonTea", "2026-12-02", new Date("2026-11-27T09:00:00Z"))).toBe("closed-day");
  });

  it("keep closed dates closed", () => {
    expect(hoursOn(withWinter, "2026-12-26")).toBeNull(); // a Saturday, and a seeded closed date
  });
});

describe("bank holidays (R11 within R45)", () => {
  it("open at their weekday's hours, or the usual hours when that weekday is closed; closed when bank holidays are", () => {
    expect(hoursOn({}, "2027-03-29")).toEqual(usual); // Easter Monday
    expect(hoursOn({ bank_holidays_open: "false" }, "2027-03-29")).toBeNull();
    const friday = { weekly_hours: JSON.stringify({ fri: h("11:00", "15:00") }) };
    expect(hoursOn(friday, "2027-03-26")).toEqual(h("11:00", "15:00")); // Good Friday
    expect(hoursOn(withWinter, "2026-12-28")).toEqual(usual); // substitute Boxing Day: a Monday, closed in winter
    expect(hoursOn({ ...withWinter, bank_holidays_open: "false" }, "2027-01-01")).toBeNull(); // a Friday, open in winter
  });
});

describe("slots on a day with its own hours (R45)", () => {
  it("are the usual slots on an ordinary day", () => {
    for (const type of ["afternoonTea", "table", "picnicHamper", "secretGarden"] as const) {
      expect(slotTimesOn({}, type, WEDNESDAY)).toEqual(slotTimes({}, type));
      expect(slotTimesOn(shortSunday, type, WEDNESDAY)).toEqual(slotTimes({}, type));
    }
  });

  it("end as much earlier as the day closes earlier: tea to 15:00 usually, to 14:00 on a Sunday closing at 4pm", () => {
    const settings = { ...shortSunday, afternoon_tea_last_slot: "15:00" };
    expect(slotTimesOn(settings, "afternoonTea", WEDNESDAY).at(-1)).toBe("15:00");
    expect(slotTimesOn(settings, "afternoonTea", SUNDAY)).toEqual(["12:00", "12:30", "13:00", "13:30", "14:00"]);
    expect(slotTimesOn(settings, "table", SUNDAY).at(-1)).toBe("15:00");
    expect(slotsForDate(settings, "afternoonTea", SUNDAY, now).at(-1)).toBe("14:00");
    // The Secret Garden keeps its own times.
    expect(slotTimesOn(settings, "secretGarden", SUNDAY)).toEqual(slotTimes(settings, "secretGarden"));
  });

  it("start later when the day opens later, and never go beyond the configured range", () => {
    const saturday = { weekly_hours: JSON.stringify({ sat: h("12:00", "18:00"), sun: h("10:00", "17:00") }) };
    expect(slotTimesOn(saturday, "afternoonTea", SATURDAY)[0]).toBe("13:00");
    expect(slotTimesOn(saturday, "table", SATURDAY)[0]).toBe("12:00");
    expect(slotTimesOn(saturday, "afternoonTea", SATURDAY).at(-1)).toBe("16:00");
    expect(slotTimesOn(saturday, "table", SUNDAY)).toEqual(slotTimes({}, "table"));
    expect(slotTimesOn(saturday, "afternoonTea", MONDAY)).toEqual([]);
  });

  it("reach the day sheet and the staff warnings", () => {
    const sheet = daySlots(shortSunday, SUNDAY, [], [], now).filter((s) => s.type === "afternoonTea");
    expect(sheet.at(-1)?.time).toBe("15:00");
    const warnings = bookingWarnings({
      settings: shortSunday,
      room: roomOf(SEED_AREAS, shortSunday),
      others: [],
      spot: null,
      now,
      claim: { type: "table", date: SUNDAY, time: "16:30", guests: 2 },
    });
    expect(warnings).toEqual([{ code: "outside-opening-hours", message: "4:30 PM is outside opening hours (11am–4pm)." }]);
    expect(
      bookingWarnings({
        settings: shortSunday,
        room: roomOf(SEED_AREAS, shortSunday),
        others: [],
        spot: null,
        now,
        claim: { type: "table", date: WEDNESDAY, time: "16:30", guests: 2 },
      })[0]?.code,
    ).toBe("not-a-booking-time");
  });
});

describe("saving opening hours (R45)", () => {
  const input = (weekly: Partial<WeeklyHours>, seasons: OpeningHours["seasons"] = []): OpeningHours => ({ weekly: { ...SEED_WEEK, ...weekly }, seasons });

  it("names the day whose closing is not after its opening", () => {
    expect(openingHoursProblems({}, input({ sun: h("11:00", "10:00") }))).toEqual(["Sunday: closing time (10:00 AM) must be after opening time (11:00 AM)."]);
    expect(openingHoursProblems({}, input({}, [{ ...WINTER, weekly: { ...WINTER.weekly, mon: h("12:00", "12:00") } }]))).toEqual([
      "Winter, Monday: closing time (12:00 PM) must be after opening time (12:00 PM).",
    ]);
  });

  it("refuses open hours that leave no afternoon tea or table time, and allows the day closed", () => {
    expect(openingHoursProblems({}, input({ sun: h("11:00", "12:00") }))).toEqual([
      "Sunday: no afternoon tea time fits between 11:00 AM and 12:00 PM (slots outside hours); widen the hours or mark the day closed.",
    ]);
    expect(openingHoursProblems({}, input({ sun: null }))).toEqual([]);
    expect(openingHoursProblems({}, input({ sun: h("11:00", "16:00") }, [WINTER]))).toEqual([]);
  });

  it("names both seasons that overlap", () => {
    const spring = { ...WINTER, name: "Spring", from: "2027-02-01", to: "2027-04-30" };
    expect(openingHoursProblems({}, input({}, [spring, WINTER]))).toEqual([
      "Seasons Winter (1 November 2026 to 28 February 2027) and Spring (1 February 2027 to 30 April 2027) overlap; a date can be in one season only.",
    ]);
    expect(openingHoursProblems({}, input({}, [{ ...WINTER, to: "2026-10-01" }]))[0]).toBe(
      "Season Winter: its last day (Thursday, 1 October 2026) must not be before its first (Sunday, 1 November 2026).",
    );
  });

  it("stores the open days, only the days that differ from the usual times, and the seasons", () => {
    const values = openingHoursValues({}, input({ wed: null, sun: h("11:00", "16:00"), mon: h("10:00", "17:00") }, [WINTER]));
    expect(values.open_days).toBe("sun,mon,thu,fri,sat");
    expect(JSON.parse(values.weekly_hours)).toEqual({ mon: h("10:00", "17:00"), sun: h("11:00", "16:00") });
    expect(JSON.parse(values.opening_seasons)).toEqual([WINTER]);
    const stored = { ...values };
    expect(weeklyHours(stored)).toEqual({ ...SEED_WEEK, wed: null, sun: h("11:00", "16:00"), mon: h("10:00", "17:00") });
    expect(openingHoursValues({}, input({ mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null })).open_days).toBe("none");
  });

  it("checks the stored settings by themselves too, naming the day", () => {
    expect(checkSettingValue("weekly_hours", JSON.stringify({ sun: h("11:00", "10:00") }))).toBe(
      "Hours by day: Sunday: closing time (10:00 AM) must be after opening time (11:00 AM).",
    );
    expect(checkSettingValue("weekly_hours", JSON.stringify({ funday: usual }))).toBe(
      "Hours by day: funday is not a day; use mon, tue, wed, thu, fri, sat or sun",
    );
    expect(checkSettingValue("opening_seasons", "[]")).toBeNull();
    expect(checkSettingValue("opening_seasons", JSON.stringify([WINTER, { ...WINTER, name: "Again" }]))).toMatch(
      /^Seasons: Seasons Winter .* and Again .* overlap/,
    );
    expect(checkSettingChange({}, "weekly_hours", JSON.stringify({ sun: h("11:00", "16:00") }))).toBeNull();
    expect(withDefaults({ weekly_hours: "nonsense" }).weekly_hours).toBe("{}");
  });
});

describe("the site's facts (R45)", () => {
  it("carry the week, each day in words and the seasons", () => {
    const facts = siteFacts({ ...shortSunday, ...withWinter });
    expect(facts.openingHours).toBe("Wednesday to Saturday 11am-5pm, Sunday 11am-4pm");
    expect(facts.weeklyHours.sun).toEqual(h("11:00", "16:00"));
    expect(facts.hoursByDay[6]).toEqual({ day: "Sunday", hours: "11am-4pm" });
    expect(facts.seasons).toEqual([WINTER]);
    expect(facts.seasonsText).toEqual(["Winter, 1 November 2026 to 28 February 2027: Friday to Saturday 11am-4pm, Sunday 11am-3pm"]);
  });
});
