import { describe, expect, it } from "vitest";
import { bankHolidays, easterSunday, isBankHoliday } from "./bank-holidays.js";

// The published England and Wales bank holidays (gov.uk).
const PUBLISHED: Record<number, string[]> = {
  2025: ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"],
  2026: ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"],
  2027: ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"],
  2028: ["2028-01-03", "2028-04-14", "2028-04-17", "2028-05-01", "2028-05-29", "2028-08-28", "2028-12-25", "2028-12-26"],
};

describe("England and Wales bank holidays", () => {
  for (const [year, dates] of Object.entries(PUBLISHED)) {
    it(`match the published dates for ${year}`, () => {
      expect(bankHolidays(Number(year))).toEqual(dates);
    });
  }

  it("find Easter Sunday", () => {
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
  });

  it("move Christmas and Boxing Day off a weekend, in the right order", () => {
    // 2022: Christmas on a Sunday, Boxing Day on the Monday, substitute Christmas on the Tuesday.
    expect(bankHolidays(2022).filter((d) => d >= "2022-12-01")).toEqual(["2022-12-26", "2022-12-27"]);
    // 2027: both fall at the weekend.
    expect(bankHolidays(2027).filter((d) => d >= "2027-12-01")).toEqual(["2027-12-27", "2027-12-28"]);
  });

  it("tell whether a date is one", () => {
    expect(isBankHoliday("2026-04-06")).toBe(true);
    expect(isBankHoliday("2026-12-28")).toBe(true);
    expect(isBankHoliday("2026-12-26")).toBe(false);
    expect(isBankHoliday("2027-12-25")).toBe(false);
    expect(isBankHoliday("2028-01-03")).toBe(true);
    expect(isBankHoliday("2028-01-01")).toBe(false);
    expect(isBankHoliday("2026-06-17")).toBe(false);
  });

  // 1,600 checks: a fifth of a second alone, but seconds when every package's tests share two busy cores.
  it("answer the same for every year, asked again and beyond the years kept worked out", () => {
    for (let round = 0; round < 2; round++) {
      for (let year = 2000; year < 2100; year++) {
        for (const date of [`${year}-01-01`, `${year}-05-08`, `${year}-12-25`, `${year}-12-27`]) {
          expect(isBankHoliday(date), date).toBe(bankHolidays(year).includes(date));
        }
      }
    }
  }, 30_000);
});
