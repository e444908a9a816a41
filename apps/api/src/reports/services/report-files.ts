import {
  accountingCsv,
  coversCsv,
  noShowsCsv,
  takingsCsv,
  vouchersReportCsv,
  type CoversQuery,
  type ReportRangeQuery,
  type VouchersReportQuery,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { CsvFile } from "../../services/exports.js";
import { coversReportOf, noShowsReport, takingsReport, vouchersReportAt } from "./reports.js";

/** R54: each report as the CSV file the Reports screen downloads, named for what it holds. */

export async function coversFile(ctx: AppContext, query: CoversQuery): Promise<CsvFile> {
  return { filename: `covers-by-${query.groupBy}-${query.from}-to-${query.to}.csv`, body: coversCsv(query.groupBy, await coversReportOf(ctx, query)) };
}

export async function takingsFile(ctx: AppContext, range: ReportRangeQuery): Promise<CsvFile> {
  return { filename: `takings-${range.from}-to-${range.to}.csv`, body: takingsCsv(await takingsReport(ctx, range)) };
}

/** The daily takings in the bank-statement layout an accounting package imports (README, "Reports"). */
export async function accountingFile(ctx: AppContext, range: ReportRangeQuery): Promise<CsvFile> {
  return { filename: `takings-for-accounts-${range.from}-to-${range.to}.csv`, body: accountingCsv(await takingsReport(ctx, range)) };
}

export async function noShowsFile(ctx: AppContext, range: ReportRangeQuery): Promise<CsvFile> {
  return { filename: `no-shows-${range.from}-to-${range.to}.csv`, body: noShowsCsv(await noShowsReport(ctx, range)) };
}

export async function vouchersFile(ctx: AppContext, query: VouchersReportQuery): Promise<CsvFile> {
  const span = query.from ? `${query.from}-to-${query.at}` : `at-${query.at}`;
  return { filename: `vouchers-report-${span}.csv`, body: vouchersReportCsv(await vouchersReportAt(ctx, query)) };
}
