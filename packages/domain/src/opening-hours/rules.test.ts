import { describe, expect, it } from "vitest";
import type { BookingType } from "../entities/booking.js";
import { capacityPerSlot, dateRefusal, isBookableDate, isOpenDate, openingHoursText, privateOnlyTimes, siteFacts, slotsForDate, slotTimes } from "./rules.js";

// Seed slots (R11 and spec section 9).
const TEA = ["12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"];
const TABLE = ["11:00", "11:30", ...TEA];
const GARDEN = ["12:00", "14:00", "16:00", "18:00"];
const SEED = {};
const TYPES: BookingType[] = ["afternoonTea", "table", "picnicHamper", "secretGarden"];
const at = (iso: string) => new Date(iso);

describe("slot lists from the seed settings (R11)", () => {
  it("runs afternoon tea every 30 minutes 12:00–16:00, tables and hampers 11:00–16:00, the Secret Garden at four set times", () => {
    expect(slotTimes(SEED, "afternoonTea")).toEqual(TEA);
    expect(slotTimes(SEED, "table")).toEqual(TABLE);
    expect(slotTimes(SEED, "picnicHamper")).toEqual(TABLE);
    expect(slotTimes(SEED, "secretGarden")).toEqual(GARDEN);
    expect(privateOnlyTimes(SEED)).toEqual(["18:00"]);
  });

  it("has a capacity per slot for each type (R13)", () => {
    expect(capacityPerSlot(SEED, "afternoonTea")).toBe(24);
    expect(capacityPerSlot(SEED, "table")).toBe(30);
    expect(capacityPerSlot(SEED, "picnicHamper")).toBe(16);
    expect(capacityPerSlot({ afternoon_tea_covers_per_slot: "12" }, "afternoonTea")).toBe(12);
  });
});

describe("open days: Wednesday to Sunday", () => {
  const now = at("2026-06-01T09:00:00Z"); // Monday 1 June 2026, 10:00 in London

  it("opens Wednesday to Sunday with every slot", () => {
    for (const date of ["2026-06-17", "2026-06-18", "2026-06-19", "2026-06-20", "2026-06-21"]) {
      expect(isBookableDate(SEED, "afternoonTea", date, now), date).toBe(true);
      expect(slotsForDate(SEED, "afternoonTea", date, now)).toEqual(TEA);
      expect(slotsForDate(SEED, "table", date, now)).toEqual(TABLE);
      expect(slotsForDate(SEED, "picnicHamper", date, now)).toEqual(TABLE);
    }
  });

  it("opens on Sundays for afternoon tea, tables and hampers", () => {
    expect(dateRefusal(SEED, "afternoonTea", "2026-06-14", now)).toBeNull();
    expect(slotsForDate(SEED, "table", "2026-06-14", now)).toEqual(TABLE);
  });

  it("is closed on Mondays and Tuesdays", () => {
    for (const date of ["2026-06-15", "2026-06-16"]) {
      for (const type of ["afternoonTea", "table", "picnicHamper"] as const) {
        expect(dateRefusal(SEED, type, date, now)).toBe("closed-day");
        expect(isBookableDate(SEED, type, date, now)).toBe(false);
        expect(slotsForDate(SEED, type, date, now)).toEqual([]);
      }
      expect(isOpenDate(SEED, date)).toBe(false);
    }
  });

  it("takes Secret Garden bookings on every day but Sunday", () => {
    expect(dateRefusal(SEED, "secretGarden", "2026-06-14", now)).toBe("closed-day");
    expect(slotsForDate(SEED, "secretGarden", "2026-06-14", now)).toEqual([]);
    for (const date of ["2026-06-15", "2026-06-16", "2026-06-17", "2026-06-20"]) {
      expect(slotsForDate(SEED, "secretGarden", date, now), date).toEqual(GARDEN);
    }
  });
});

describe("past dates and today", () => {
  it("refuses every date before today in London", () => {
    const now = at("2026-06-17T09:00:00Z");
    for (const type of TYPES) {
      expect(dateRefusal(SEED, type, "2026-06-13", now)).toBe("past");
      expect(dateRefusal(SEED, type, "2025-12-31", now)).toBe("past");
      expect(slotsForDate(SEED, type, "2026-06-13", now)).toEqual([]);
    }
  });

  it("offers all of today's slots before the first one starts", () => {
    const now = at("2026-06-17T09:00:00Z"); // 10:00 in London
    expect(slotsForDate(SEED, "afternoonTea", "2026-06-17", now)).toEqual(TEA);
    expect(slotsForDate(SEED, "table", "2026-06-17", now)).toEqual(TABLE);
  });

  it("offers only today's slots that have not begun", () => {
    const now = at("2026-06-17T12:10:00Z"); // 13:10 in London
    expect(slotsForDate(SEED, "afternoonTea", "2026-06-17", now)).toEqual(["13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(slotsForDate(SEED, "table", "2026-06-17", now)).toEqual(["13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(slotsForDate(SEED, "secretGarden", "2026-06-17", now)).toEqual(["14:00", "16:00", "18:00"]);
    // A slot starting this very minute has begun.
    expect(slotsForDate(SEED, "afternoonTea", "2026-06-17", at("2026-06-17T12:30:00Z"))[0]).toBe("14:00");
    expect(slotsForDate(SEED, "afternoonTea", "2026-06-17", at("2026-06-17T12:29:00Z"))[0]).toBe("13:30");
  });

  it("closes today once its last slot has begun, per type", () => {
    const now = at("2026-06-17T15:00:00Z"); // 16:00 in London
    for (const type of ["afternoonTea", "table", "picnicHamper"] as const) {
      expect(slotsForDate(SEED, type, "2026-06-17", now)).toEqual([]);
      expect(dateRefusal(SEED, type, "2026-06-17", now)).toBe("past");
      expect(isBookableDate(SEED, type, "2026-06-18", now)).toBe(true);
    }
    expect(slotsForDate(SEED, "secretGarden", "2026-06-17", now)).toEqual(["18:00"]);
    expect(isBookableDate(SEED, "secretGarden", "2026-06-17", at("2026-06-17T17:00:00Z"))).toBe(false);
  });
});

describe("bank holidays (R11: open, whatever the day)", () => {
  const now = at("2026-01-02T10:00:00Z");

  it("opens on Monday bank holidays, Easter Monday included", () => {
    for (const date of ["2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31"]) {
      expect(isOpenDate(SEED, date), date).toBe(true);
      expect(slotsForDate(SEED, "afternoonTea", date, now), date).toEqual(TEA);
      expect(slotsForDate(SEED, "table", date, now), date).toEqual(TABLE);
    }
    expect(dateRefusal(SEED, "afternoonTea", "2026-04-07", now)).toBe("closed-day");
  });

  it("opens on the Christmas substitute days", () => {
    expect(slotsForDate(SEED, "afternoonTea", "2026-12-28", now)).toEqual(TEA);
    expect(slotsForDate(SEED, "afternoonTea", "2027-12-27", now)).toEqual(TEA);
    expect(slotsForDate(SEED, "afternoonTea", "2027-12-28", now)).toEqual(TEA); // a Tuesday
    expect(slotsForDate(SEED, "afternoonTea", "2028-01-03", now)).toEqual(TEA);
  });

  it("stays closed on the seeded closed dates, Christmas Day and Boxing Day 2026", () => {
    for (const type of TYPES) {
      expect(dateRefusal(SEED, type, "2026-12-25", now)).toBe("closed-date");
      expect(dateRefusal(SEED, type, "2026-12-26", now)).toBe("closed-date");
    }
  });

  it("closes on bank holidays when bank_holidays_open is false", () => {
    const settings = { bank_holidays_open: "false" };
    expect(dateRefusal(settings, "afternoonTea", "2026-04-06", now)).toBe("closed-day");
    expect(dateRefusal(settings, "afternoonTea", "2026-04-03", now)).toBe("closed-day"); // Good Friday
    expect(dateRefusal(settings, "afternoonTea", "2026-04-04", now)).toBeNull();
  });
});

describe("closed dates (R13)", () => {
  const now = at("2026-01-02T10:00:00Z");

  it("refuses a closed date for every type, Secret Garden included", () => {
    const settings = { closed_dates: "2026-07-08, 2026-07-13" };
    for (const type of TYPES) {
      expect(dateRefusal(settings, type, "2026-07-08", now)).toBe("closed-date");
      expect(slotsForDate(settings, type, "2026-07-08", now)).toEqual([]);
    }
    expect(dateRefusal(settings, "secretGarden", "2026-07-13", now)).toBe("closed-date");
  });

  it("replaces the seeded closed dates, and none reopens them", () => {
    expect(dateRefusal({ closed_dates: "2026-07-08" }, "afternoonTea", "2026-12-25", now)).toBeNull();
    expect(dateRefusal({ closed_dates: "none" }, "afternoonTea", "2026-12-26", now)).toBeNull();
  });
});

describe("settings change the slots (R11)", () => {
  const now = at("2026-06-01T09:00:00Z");

  it("follows the interval and the first and last slots", () => {
    expect(slotsForDate({ slot_interval_minutes: "60" }, "afternoonTea", "2026-06-17", now)).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(slotsForDate({ afternoon_tea_last_slot: "15:00" }, "afternoonTea", "2026-06-17", now)).toEqual(TEA.slice(0, 7));
    expect(slotsForDate({ opening_time: "10:30", table_first_slot: "10:30", table_last_slot: "12:00" }, "table", "2026-06-17", now)).toEqual([
      "10:30",
      "11:00",
      "11:30",
      "12:00",
    ]);
    expect(slotsForDate({ picnic_hamper_first_slot: "12:00", slot_interval_minutes: "90" }, "picnicHamper", "2026-06-17", now)).toEqual([
      "12:00",
      "13:30",
      "15:00",
    ]);
  });

  it("follows the open days", () => {
    const settings = { open_days: "mon,tue" };
    expect(slotsForDate(settings, "afternoonTea", "2026-06-15", now)).toEqual(TEA);
    expect(dateRefusal(settings, "afternoonTea", "2026-06-17", now)).toBe("closed-day");
  });

  it("follows the Secret Garden times and closed days", () => {
    expect(slotsForDate({ secret_garden_times: "13:00,11:00", secret_garden_private_only_times: "none" }, "secretGarden", "2026-06-17", now)).toEqual([
      "11:00",
      "13:00",
    ]);
    expect(slotsForDate({ secret_garden_closed_days: "none" }, "secretGarden", "2026-06-14", now)).toEqual(GARDEN);
    expect(dateRefusal({ secret_garden_closed_days: "sat,sun" }, "secretGarden", "2026-06-20", now)).toBe("closed-day");
  });

  it("ignores an invalid stored value and keeps the seed", () => {
    expect(slotsForDate({ slot_interval_minutes: "0", afternoon_tea_first_slot: "noon" }, "afternoonTea", "2026-06-17", now)).toEqual(TEA);
  });
});

describe("the clock changes (R12: Europe/London wall time)", () => {
  it("spring forward, Sunday 29 March 2026: today's slots follow BST", () => {
    // 11:30 UTC is 12:30 BST: the 12:00 and 12:30 slots have begun.
    expect(slotsForDate(SEED, "afternoonTea", "2026-03-29", at("2026-03-29T11:30:00Z"))).toEqual(TEA.slice(2));
    // 00:30 UTC is still 00:30 GMT, before the change: all of the day is ahead.
    expect(slotsForDate(SEED, "afternoonTea", "2026-03-29", at("2026-03-29T00:30:00Z"))).toEqual(TEA);
    expect(dateRefusal(SEED, "afternoonTea", "2026-03-28", at("2026-03-29T00:30:00Z"))).toBe("past");
    // 15:00 UTC is 16:00 BST: the last tea and table slots have begun; the Secret Garden still has 18:00.
    expect(dateRefusal(SEED, "afternoonTea", "2026-03-29", at("2026-03-29T15:00:00Z"))).toBe("past");
    expect(slotsForDate(SEED, "table", "2026-03-29", at("2026-03-29T15:00:00Z"))).toEqual([]);
    expect(slotsForDate(SEED, "secretGarden", "2026-03-30", at("2026-03-29T15:00:00Z"))).toEqual(GARDEN);
    // Saturday 23:30 GMT: Saturday is over, Sunday is bookable in full.
    expect(dateRefusal(SEED, "afternoonTea", "2026-03-28", at("2026-03-28T23:30:00Z"))).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-03-29", at("2026-03-28T23:30:00Z"))).toEqual(TEA);
  });

  it("fall back, Sunday 25 October 2026: today starts at London midnight and slots follow GMT", () => {
    // 23:30 UTC on Saturday is already 00:30 BST on Sunday in London.
    expect(dateRefusal(SEED, "afternoonTea", "2026-10-24", at("2026-10-24T23:30:00Z"))).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-10-25", at("2026-10-24T23:30:00Z"))).toEqual(TEA);
    // 11:30 UTC is 11:30 GMT after the change: 12:00 is still ahead; tables have lost 11:00 and 11:30.
    expect(slotsForDate(SEED, "afternoonTea", "2026-10-25", at("2026-10-25T11:30:00Z"))).toEqual(TEA);
    expect(slotsForDate(SEED, "table", "2026-10-25", at("2026-10-25T11:30:00Z"))).toEqual(TEA);
    expect(slotsForDate(SEED, "afternoonTea", "2026-10-25", at("2026-10-25T15:30:00Z"))).toEqual(["16:00"]);
    // The repeated hour (01:00–02:00) is still early on Sunday either way.
    expect(slotsForDate(SEED, "afternoonTea", "2026-10-25", at("2026-10-25T00:30:00Z"))).toEqual(TEA);
    expect(slotsForDate(SEED, "afternoonTea", "2026-10-25", at("2026-10-25T01:30:00Z"))).toEqual(TEA);
  });
});

describe("instants around midnight UTC and midnight London", () => {
  it("in summer, 23:30 UTC is already tomorrow in London", () => {
    const now = at("2026-07-01T23:30:00Z"); // Thursday 2 July, 00:30 BST
    expect(dateRefusal(SEED, "afternoonTea", "2026-07-01", now)).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-07-02", now)).toEqual(TEA);
  });

  it("in summer, 22:30 UTC is late the same evening in London", () => {
    const now = at("2026-07-01T22:30:00Z"); // Wednesday 1 July, 23:30 BST
    expect(dateRefusal(SEED, "secretGarden", "2026-07-01", now)).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-07-02", now)).toEqual(TEA);
  });

  it("in winter, London and UTC agree", () => {
    expect(dateRefusal(SEED, "afternoonTea", "2026-01-15", at("2026-01-15T23:30:00Z"))).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-01-16", at("2026-01-15T23:30:00Z"))).toEqual(TEA);
    expect(slotsForDate(SEED, "afternoonTea", "2026-01-16", at("2026-01-16T00:30:00Z"))).toEqual(TEA);
  });

  it("ignores a machine zone far ahead of or behind London", () => {
    // Already 2 July in Auckland, still 1 July (13:30) in London.
    expect(slotsForDate(SEED, "afternoonTea", "2026-07-01", at("2026-07-01T12:30:00Z"))).toEqual(["14:00", "14:30", "15:00", "15:30", "16:00"]);
    // Still 1 July (22:00) in New York, already 2 July (03:00) in London.
    expect(dateRefusal(SEED, "afternoonTea", "2026-07-01", at("2026-07-02T02:00:00Z"))).toBe("past");
    expect(slotsForDate(SEED, "afternoonTea", "2026-07-02", at("2026-07-02T02:00:00Z"))).toEqual(TEA);
  });
});

describe("opening hours text (R11: the same everywhere)", () => {
  it("reads Wednesday to Sunday 11am-5pm for the seed", () => {
    expect(openingHoursText(SEED)).toBe("Wednesday to Sunday 11am-5pm");
  });

  it("follows the settings", () => {
    expect(openingHoursText({ opening_time: "10:30", closing_time: "17:30" })).toBe("Wednesday to Sunday 10:30am-5:30pm");
    expect(openingHoursText({ opening_time: "12:00", closing_time: "00:00", table_first_slot: "12:00", picnic_hamper_first_slot: "12:00" })).toBe(
      "Wednesday to Sunday 12pm-12am",
    );
    expect(openingHoursText({ open_days: "sun,mon,tue,wed,thu,fri,sat" })).toBe("Every day 11am-5pm");
    expect(openingHoursText({ open_days: "mon,wed" })).toBe("Monday, Wednesday 11am-5pm");
    expect(openingHoursText({ open_days: "sat,sun,mon" })).toBe("Saturday to Monday 11am-5pm");
    expect(openingHoursText({ open_days: "thu" })).toBe("Thursday 11am-5pm");
    expect(openingHoursText({ open_days: "fri,thu,wed" })).toBe("Wednesday to Friday 11am-5pm");
    expect(openingHoursText({ open_days: "none" })).toBe("Closed");
  });

  it("is part of the site facts, with the seeded service hours and contacts", () => {
    expect(siteFacts(SEED)).toMatchObject({
      openingHours: "Wednesday to Sunday 11am-5pm",
      openDays: ["wed", "thu", "fri", "sat", "sun"],
      openingTime: "11:00",
      closingTime: "17:00",
      bankHolidaysOpen: true,
      foodServedUntil: "16:30",
      afternoonTeaFirstSlot: "12:00",
      afternoonTeaLastSlot: "16:00",
      afternoonTeaTableMinutes: 120,
      tableFirstSlot: "11:00",
      tableLastSlot: "16:00",
      phone: "01234 567890",
      email: "hello@heritagetearoom.co.uk",
    });
    expect(siteFacts({ contact_phone: "01987 654321" }).phone).toBe("01987 654321");
  });

  it("carries the afternoon tea Coming Soon badge, on unless staff switch it off (R51)", () => {
    expect(siteFacts(SEED).afternoonTeaComingSoon).toBe(true);
    expect(siteFacts({}).afternoonTeaComingSoon).toBe(true);
    expect(siteFacts({ afternoon_tea_coming_soon: "false" }).afternoonTeaComingSoon).toBe(false);
    expect(siteFacts({ afternoon_tea_coming_soon: "yes" }).afternoonTeaComingSoon).toBe(true); // a broken value reads as the default
  });
});
