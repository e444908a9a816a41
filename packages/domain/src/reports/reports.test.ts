import { describe, expect, it } from "vitest";
import { accountingCsv, coversCsv, takingsCsv, ukDate } from "./report-csv.js";
import {
  CoversQuerySchema,
  coversReport,
  londonDateOfHour,
  londonRangeInstants,
  noShowReport,
  ReportRangeQuerySchema,
  takingsByDay,
  VouchersReportQuerySchema,
  vouchersReport,
} from "./reports.js";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("report queries (R54)", () => {
  it("takes a range up to three years and names the field that is wrong", () => {
    expect(ReportRangeQuerySchema.parse({ from: "2024-01-01", to: "2026-12-31" })).toEqual({ from: "2024-01-01", to: "2026-12-31" });
    expect(issues(ReportRangeQuerySchema.safeParse({ from: "2023-01-01", to: "2026-01-02" }))).toEqual(["to: to must be at most 3 years after from"]);
    expect(issues(ReportRangeQuerySchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }))).toEqual(["from: from must be a date (yyyy-MM-dd)"]);
    expect(issues(ReportRangeQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }))).toEqual(["to: to must be on or after from"]);
    expect(issues(CoversQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-01", groupBy: "week" }))).toEqual([
      'groupBy: groupBy must be "day", "slot" or "type"',
    ]);
    expect(issues(VouchersReportQuerySchema.safeParse({ at: "31/03/2026" }))[0]).toBe("at: at must be a date (yyyy-MM-dd)");
  });
});

describe("London days of UTC hours", () => {
  it("puts 23:00 UTC in summer on the next London day and in winter on the same", () => {
    expect(londonDateOfHour("2026-06-30T23")).toBe("2026-07-01");
    expect(londonDateOfHour("2026-01-31T23")).toBe("2026-01-31");
    expect(londonRangeInstants("2026-07-01", "2026-07-31")).toEqual({ start: "2026-06-30T23:00:00.000Z", end: "2026-07-31T23:00:00.000Z" });
    expect(londonRangeInstants("2026-03-01", "2026-03-31")).toEqual({ start: "2026-03-01T00:00:00.000Z", end: "2026-03-31T23:00:00.000Z" });
  });
});

describe("takingsByDay", () => {
  const report = takingsByDay(
    { from: "2026-03-01", to: "2026-03-03" },
    {
      payments: [
        { hour: "2026-03-01T12", kind: "afternoon-tea", pence: 11985 },
        { hour: "2026-03-01T15", kind: "voucher", pence: 5000 },
        { hour: "2026-03-03T10", kind: "booking-fee", pence: 3000 },
        // Outside the range (the day before): left out.
        { hour: "2026-02-28T23", kind: "afternoon-tea", pence: 999 },
      ],
      refunds: [{ hour: "2026-03-02T09", pence: 1000 }],
      redeemed: [{ hour: "2026-03-02T11", pence: 2500, people: 2 }],
    },
    2995,
  );

  it("sums card money by London day with its voucher-sales and fee parts, and net = card − refunds", () => {
    expect(report.days).toEqual([
      { date: "2026-03-01", cardPence: 16985, voucherSalesPence: 5000, voucherRedeemedPence: 0, feesPence: 0, refundsPence: 0, netPence: 16985 },
      { date: "2026-03-02", cardPence: 0, voucherSalesPence: 0, voucherRedeemedPence: 8490, feesPence: 0, refundsPence: 1000, netPence: -1000 },
      { date: "2026-03-03", cardPence: 3000, voucherSalesPence: 0, voucherRedeemedPence: 0, feesPence: 3000, refundsPence: 0, netPence: 3000 },
    ]);
    expect(report.totals).toEqual({
      cardPence: 19985,
      voucherSalesPence: 5000,
      voucherRedeemedPence: 8490,
      feesPence: 3000,
      refundsPence: 1000,
      netPence: 18985,
    });
  });

  it("writes the takings CSV with a total line", () => {
    expect(takingsCsv(report).split("\r\n")).toEqual([
      "Date,Card (GBP),Of which voucher sales (GBP),Of which fees (GBP),Refunds (GBP),Net (GBP),Vouchers redeemed (GBP)",
      "2026-03-01,169.85,50.00,0.00,0.00,169.85,0.00",
      "2026-03-02,0.00,0.00,0.00,10.00,-10.00,84.90",
      "2026-03-03,30.00,0.00,30.00,0.00,30.00,0.00",
      "Total,199.85,50.00,30.00,10.00,189.85,84.90",
      "",
    ]);
  });

  it("writes the accounting CSV: one row per day and kind of money, amounts adding up to the day's net", () => {
    expect(ukDate("2026-03-01")).toBe("01/03/2026");
    expect(accountingCsv(report).split("\r\n")).toEqual([
      "Date,Description,Reference,Amount,Card,Voucher sales,Fees,Refunds,Vouchers redeemed",
      "01/03/2026,Card takings: bookings,TAKINGS-2026-03-01-BOOKINGS,119.85,119.85,0.00,0.00,0.00,0.00",
      "01/03/2026,Card takings: gift vouchers sold online,TAKINGS-2026-03-01-VOUCHERS,50.00,50.00,50.00,0.00,0.00,0.00",
      "02/03/2026,Refunds to cards,TAKINGS-2026-03-02-REFUNDS,-10.00,0.00,0.00,0.00,10.00,0.00",
      '02/03/2026,"Gift vouchers redeemed (value used, no money moved)",TAKINGS-2026-03-02-REDEEMED,0.00,0.00,0.00,0.00,0.00,84.90',
      "03/03/2026,Card takings: no-show and late-cancel fees,TAKINGS-2026-03-03-FEES,30.00,30.00,0.00,30.00,0.00,0.00",
      "",
    ]);
  });
});

describe("coversReport", () => {
  it("lists every day of the range, zeros included, with totals", () => {
    const r = coversReport(CoversQuerySchema.parse({ from: "2026-03-01", to: "2026-03-02" }), [{ key: "2026-03-02", covers: 6, bookings: 2 }]);
    expect(r).toEqual({
      rows: [
        { key: "2026-03-01", covers: 0, bookings: 0 },
        { key: "2026-03-02", covers: 6, bookings: 2 },
      ],
      totals: { covers: 6, bookings: 2 },
    });
    expect(coversCsv("day", r)).toBe("Date,Covers,Bookings\r\n2026-03-01,0,0\r\n2026-03-02,6,2\r\nTotal,6,2\r\n");
  });

  it("lists every booking type and the slots booked, by time", () => {
    const byType = coversReport(CoversQuerySchema.parse({ from: "2026-03-01", to: "2026-03-02", groupBy: "type" }), [{ key: "table", covers: 4, bookings: 1 }]);
    expect(byType.rows.map((r) => [r.key, r.covers])).toEqual([
      ["afternoonTea", 0],
      ["table", 4],
      ["picnicHamper", 0],
      ["secretGarden", 0],
      ["event", 0],
    ]);
    const bySlot = coversReport(CoversQuerySchema.parse({ from: "2026-03-01", to: "2026-03-02", groupBy: "slot" }), [
      { key: "15:00", covers: 2, bookings: 1 },
      { key: "12:00", covers: 3, bookings: 1 },
    ]);
    expect(bySlot.rows.map((r) => r.key)).toEqual(["12:00", "15:00"]);
  });
});

describe("noShowReport", () => {
  it("gives the rates to four places, and 0 with nothing booked", () => {
    expect(noShowReport({ confirmed: 3, arrived: 2, noShows: 1, lateCancels: 1 })).toEqual({
      confirmed: 3,
      arrived: 2,
      noShows: 1,
      lateCancels: 1,
      noShowRate: 0.3333,
      lateCancelRate: 0.25,
    });
    expect(noShowReport({ confirmed: 0, arrived: 0, noShows: 0, lateCancels: 0 }).noShowRate).toBe(0);
  });
});

describe("vouchersReport", () => {
  it("gives sold by source, redeemed, expired unused and what is left at the date", () => {
    const r = vouchersReport(
      {
        sold: [
          { source: "website", count: 2, pence: 10000 },
          { source: "till-cash", count: 1, pence: 2500 },
        ],
        redeemed: { pence: 3000, people: 1 },
        face: [
          { monetary: true, bucket: "live", pence: 10000, people: 0 },
          { monetary: true, bucket: "expired", pence: 2500, people: 0 },
          { monetary: false, bucket: "live", pence: 5990, people: 2 },
        ],
        moves: [
          { monetary: true, bucket: "live", kind: "redemption", pence: 4000, people: 0 },
          { monetary: true, bucket: "live", kind: "restore", pence: 1000, people: 0 },
          { monetary: true, bucket: "expired", kind: "redemption", pence: 500, people: 0 },
          { monetary: false, bucket: "live", kind: "redemption", pence: 0, people: 1 },
        ],
      },
      2995,
    );
    expect(r).toEqual({
      sold: {
        count: 3,
        pence: 12500,
        bySource: {
          website: { count: 2, pence: 10000 },
          "till-card": { count: 0, pence: 0 },
          "till-cash": { count: 1, pence: 2500 },
          phone: { count: 0, pence: 0 },
          complimentary: { count: 0, pence: 0 },
        },
      },
      redeemedPence: 5995,
      expiredPence: 2000,
      outstandingPence: 7000,
      outstandingPeople: 1,
      outstandingPeoplePence: 2995,
    });
  });
});
