import { BookingsExportQuerySchema, PersonalDataExportSchema, PrivacyRequestSchema } from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { bookingsCsv, subscribersCsv, vouchersCsv, type CsvFile } from "../services/exports.js";
import { ForbiddenError } from "../errors.js";
import { exportPersonalData, PRIVACY_OWNER_ONLY } from "../privacy/services/privacy.js";
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
