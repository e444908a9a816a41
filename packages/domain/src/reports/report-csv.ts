import { csvPounds, toCsv, type CsvValue } from "../csv/csv.js";
import { VOUCHER_SOURCES } from "../entities/gift-voucher-constants.js";
import type { CoversQuery, CoversReport, NoShowReport, TakingsReport, VouchersReport } from "./reports.js";

/** R54: each report as a CSV file (pounds with two decimals, formula-safe cells through `toCsv`). */

const poundsText = csvPounds;

const GROUP_HEADERS: Record<CoversQuery["groupBy"], string> = { day: "Date", slot: "Time", type: "Type" };

export function coversCsv(groupBy: CoversQuery["groupBy"], report: CoversReport): string {
  return toCsv(
    [GROUP_HEADERS[groupBy], "Covers", "Bookings"],
    [...report.rows.map((r) => [r.key, r.covers, r.bookings]), ["Total", report.totals.covers, report.totals.bookings]],
  );
}

export function takingsCsv(report: TakingsReport): string {
  const money = (t: Omit<TakingsReport["days"][number], "date">) => [
    poundsText(t.cardPence),
    poundsText(t.voucherSalesPence),
    poundsText(t.feesPence),
    poundsText(t.refundsPence),
    poundsText(t.netPence),
    poundsText(t.voucherRedeemedPence),
  ];
  return toCsv(
    ["Date", "Card (GBP)", "Of which voucher sales (GBP)", "Of which fees (GBP)", "Refunds (GBP)", "Net (GBP)", "Vouchers redeemed (GBP)"],
    [...report.days.map((d) => [d.date, ...money(d)]), ["Total", ...money(report.totals)]],
  );
}

export function noShowsCsv(report: NoShowReport): string {
  return toCsv(
    ["Confirmed", "Arrived", "No-shows", "Late cancels", "No-show rate", "Late-cancel rate"],
    [[report.confirmed, report.arrived, report.noShows, report.lateCancels, report.noShowRate, report.lateCancelRate]],
  );
}

export function vouchersReportCsv(report: VouchersReport): string {
  return toCsv(
    ["Measure", "Count", "Amount (GBP)"],
    [
      ["Sold", report.sold.count, poundsText(report.sold.pence)],
      ...VOUCHER_SOURCES.map((s) => [`Sold: ${s}`, report.sold.bySource[s].count, poundsText(report.sold.bySource[s].pence)]),
      ["Redeemed", null, poundsText(report.redeemedPence)],
      ["Expired unused", null, poundsText(report.expiredPence)],
      ["Outstanding (monetary)", null, poundsText(report.outstandingPence)],
      ["Outstanding (per-person vouchers, people)", report.outstandingPeople, poundsText(report.outstandingPeoplePence)],
    ],
  );
}

/** A London date as an accounting package's UK import reads it: dd/mm/yyyy. */
export function ukDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

export const ACCOUNTING_CSV_HEADER = ["Date", "Description", "Reference", "Amount", "Card", "Voucher sales", "Fees", "Refunds", "Vouchers redeemed"] as const;

/**
 * R54: the daily takings for an accounting package's bank-statement import (Xero's and
 * QuickBooks' CSV: Date, Description, Reference, Amount). One row per London day and kind of
 * money, days without money left out: card takings for bookings, gift vouchers sold online, fees,
 * card refunds (negative), and vouchers redeemed (amount 0: value used, no money moved). A day's
 * amounts add up to its net (card − refunds); the split columns repeat the row's part so the
 * columns add up to the takings report's.
 */
export function accountingCsv(report: TakingsReport): string {
  const rows: CsvValue[][] = [];
  for (const d of report.days) {
    const bookings = d.cardPence - d.voucherSalesPence - d.feesPence;
    const ref = (kind: string) => `TAKINGS-${d.date}-${kind}`;
    const line = (description: string, kind: string, amount: number, split: [number, number, number, number, number]) =>
      rows.push([ukDate(d.date), description, ref(kind), poundsText(amount), ...split.map(poundsText)]);
    if (bookings !== 0) line("Card takings: bookings", "BOOKINGS", bookings, [bookings, 0, 0, 0, 0]);
    if (d.voucherSalesPence !== 0)
      line("Card takings: gift vouchers sold online", "VOUCHERS", d.voucherSalesPence, [d.voucherSalesPence, d.voucherSalesPence, 0, 0, 0]);
    if (d.feesPence !== 0) line("Card takings: no-show and late-cancel fees", "FEES", d.feesPence, [d.feesPence, 0, d.feesPence, 0, 0]);
    if (d.refundsPence !== 0) line("Refunds to cards", "REFUNDS", -d.refundsPence, [0, 0, 0, d.refundsPence, 0]);
    if (d.voucherRedeemedPence !== 0) line("Gift vouchers redeemed (value used, no money moved)", "REDEEMED", 0, [0, 0, 0, 0, d.voucherRedeemedPence]);
  }
  return toCsv(ACCOUNTING_CSV_HEADER, rows);
}
