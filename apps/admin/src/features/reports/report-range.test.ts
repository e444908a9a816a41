import { describe, expect, it } from "vitest";
import { lastMonth, rangeProblems, thisMonth, thisWeek } from "./report-range";

describe("report ranges (R54)", () => {
  // 00:30 on Wednesday 1 July 2026 in London is still 30 June in UTC.
  const now = new Date("2026-06-30T23:30:00Z");

  it("picks this month, last month and this week by the London calendar", () => {
    expect(thisMonth(now)).toEqual({ from: "2026-07-01", to: "2026-07-01" });
    expect(lastMonth(now)).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    expect(thisWeek(now)).toEqual({ from: "2026-06-29", to: "2026-07-01" });
    expect(lastMonth(new Date("2027-01-15T12:00:00Z"))).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("names the date that is wrong", () => {
    expect(rangeProblems({ from: "2026-06-01", to: "2026-06-30" })).toEqual({});
    expect(rangeProblems({ from: "", to: "2026-06-30" })).toEqual({ from: "Please choose a start date" });
    expect(rangeProblems({ from: "2026-06-30", to: "2026-06-01" })).toEqual({ to: "The end date must be on or after the start date" });
    expect(rangeProblems({ from: "2020-01-01", to: "2026-06-01" })).toEqual({ to: "A report covers at most 3 years" });
  });
});
