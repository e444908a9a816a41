import {
  BookingsExportQuerySchema,
  CoversQuerySchema,
  PersonalDataExportSchema,
  PrivacyRequestSchema,
  ReportRangeQuerySchema,
  VouchersReportQuerySchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { bookingsCsv, subscribersCsv, vouchersCsv, type CsvFile } from "../services/exports.js";
import { ForbiddenError } from "../errors.js";
import { exportPersonalData, PRIVACY_OWNER_ONLY } from "../privacy/services/privacy.js";
import { accountingFile, coversFile, noShowsFile, takingsFile, vouchersFile } from "../reports/services/report-files.js";
import { staffOnly } from "./helpers.js";
import { documentOnly, errors, ok, STAFF } from "./openapi.js";

/**
 * The staff operations that are files to download (the CSV exports, R39's personal-data export):
 * REST only, as the admin app saves them from here, so they are written here once. Every other
 * staff operation is a procedure (routers/) served at its REST path by procedure-routes.ts.
 */

/** The route `schema` of a staff download: cookie security, and 401 among its answers. */
function staffOp(
  operationId: string,
  tag: string,
  summary: string,
  parts: Record<string, unknown>,
  success: Record<number, unknown>,
  statuses: number[] = [],
): FastifySchema {
  return { operationId, summary, tags: [tag], security: STAFF, ...parts, response: { ...success, ...errors(401, ...statuses) } };
}

const csv = (description: string) => ({ 200: ok(z.string(), description, "text/csv") });

/** A CSV answer: a download named for what it holds. */
function sendCsv(reply: FastifyReply, file: CsvFile) {
  return (
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file.filename}"`)
      // Personal data: never kept by a shared cache or the browser's back-forward cache.
      .header("cache-control", "no-store")
      .send(file.body)
  );
}

export async function staffDownloadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = staffOnly(ctx);
  // A query string is parsed once, by the handler (the same 400); the schema documents it.
  const op = (schema: FastifySchema) => ({ ...staff, validatorCompiler: documentOnly, schema });

  const formulas = "Cells a spreadsheet would run as a formula (starting = + - @, tab or CR) begin with '.";
  app.get(
    "/api/bookings.csv",
    op(
      staffOp(
        "exportBookings",
        "bookings",
        `Bookings visiting from ?from= to ?to= (inclusive, at most a year) as CSV. ${formulas}`,
        { querystring: BookingsExportQuerySchema },
        csv("The bookings, by date and time"),
        [400],
      ),
    ),
    async (req, reply) => sendCsv(reply, await bookingsCsv(ctx, BookingsExportQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/newsletters.csv",
    op(staffOp("exportSubscribers", "newsletter", `Active subscribers as CSV. ${formulas}`, {}, csv("The active subscribers"))),
    async (_req, reply) => sendCsv(reply, await subscribersCsv(ctx)),
  );
  app.get("/api/vouchers.csv", op(staffOp("exportVouchers", "staff", `Gift vouchers as CSV. ${formulas}`, {}, csv("Every voucher"))), async (_req, reply) =>
    sendCsv(reply, await vouchersCsv(ctx)),
  );
  // R54: each report as CSV, with the query its JSON operation takes (routes/reports.ts).
  const reportCsv = (operationId: string, summary: string, querystring: FastifySchema["querystring"], description: string) =>
    op(staffOp(operationId, "reports", summary, { querystring }, csv(description), [400]));
  app.get(
    "/api/reports/covers.csv",
    reportCsv(
      "exportCoversReport",
      "The covers report (GET /api/reports/covers) as CSV, with a total line.",
      CoversQuerySchema,
      "Covers and bookings per day, slot or type",
    ),
    async (req, reply) => sendCsv(reply, await coversFile(ctx, CoversQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/reports/takings.csv",
    reportCsv(
      "exportTakingsReport",
      "The takings report (GET /api/reports/takings) as CSV, in pounds, with a total line.",
      ReportRangeQuerySchema,
      "Takings per London day",
    ),
    async (req, reply) => sendCsv(reply, await takingsFile(ctx, ReportRangeQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/reports/takings-accounting.csv",
    reportCsv(
      "exportTakingsForAccounts",
      "The daily takings for an accounting package's bank-statement import (Date dd/mm/yyyy, Description, Reference, Amount, then the split: Card, Voucher sales, Fees, Refunds, Vouchers redeemed): one row per London day and kind of money; a day's amounts add up to its net.",
      ReportRangeQuerySchema,
      "One row per day and kind of money",
    ),
    async (req, reply) => sendCsv(reply, await accountingFile(ctx, ReportRangeQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/reports/no-shows.csv",
    reportCsv("exportNoShowsReport", "The no-shows report (GET /api/reports/no-shows) as CSV.", ReportRangeQuerySchema, "One line of counts and rates"),
    async (req, reply) => sendCsv(reply, await noShowsFile(ctx, ReportRangeQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/reports/vouchers.csv",
    reportCsv(
      "exportVouchersReport",
      "The vouchers report (GET /api/reports/vouchers) as CSV, one measure a line.",
      VouchersReportQuerySchema,
      "Vouchers sold, redeemed, expired and outstanding",
    ),
    async (req, reply) => sendCsv(reply, await vouchersFile(ctx, VouchersReportQuerySchema.parse(req.query))),
  );
  app.get(
    "/api/privacy/export",
    op(
      staffOp(
        "exportPersonalData",
        "privacy",
        "Everything held about an e-mail address, as one JSON document (R39; owner only, staff get 403)",
        { querystring: PrivacyRequestSchema },
        { 200: PersonalDataExportSchema },
        [400, 403],
      ),
    ),
    async (req, reply) => {
      // A bad query is a 400 before the owner check, as when the route's schema validated it.
      const { email } = PrivacyRequestSchema.parse(req.query);
      // R40: the owner's, as ownerProcedure decides for the procedures.
      if (req.staff?.role !== "owner") throw new ForbiddenError(PRIVACY_OWNER_ONLY);
      // Saved as a file by a browser; never kept by a cache.
      reply.header("content-disposition", 'attachment; filename="personal-data.json"').header("cache-control", "no-store");
      return exportPersonalData(ctx, req.staff!, email);
    },
  );
}
