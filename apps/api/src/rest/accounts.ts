import {
  AuditEventSchema,
  AuditListQuerySchema,
  BookingsExportQuerySchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  StaffUserCreateSchema,
  StaffUserSchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { listAudit } from "../services/audit.js";
import { bookingsCsv, subscribersCsv, vouchersCsv, type CsvFile } from "../services/exports.js";
import { changeOwnPassword, createStaffAccount, listStaffAccounts, removeStaffAccount, resetStaffPassword } from "../services/staff-accounts.js";
import { body, IdParamsSchema, staffOnly, sendPage } from "./helpers.js";
import { errors, message, ok, STAFF } from "./openapi.js";
import { OkSchema } from "./schemas.js";

/** R40 on REST: staff accounts, one's own password, the audit record and the CSV exports. Same services and schemas as tRPC. */

const OWNER_ONLY = { 403: message("Signed in with a staff account: only the owner manages accounts (R40)") };
const ACCOUNT_CONFLICT = { 409: message("A username already taken, your own account, or the last owner") };

function staffOp(
  operationId: string,
  tag: string,
  summary: string,
  parts: Record<string, unknown>,
  success: Record<number, unknown>,
  statuses: number[] = [],
  extra: Record<number, unknown> = {},
): FastifySchema {
  return { operationId, summary, tags: [tag], security: STAFF, ...parts, response: { ...success, ...errors(401, ...statuses), ...extra } };
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

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = staffOnly(ctx);
  const op = (schema: FastifySchema) => ({ ...staff, schema });
  const id = { params: IdParamsSchema };

  app.get(
    "/api/staff-users",
    op(staffOp("listStaffUsers", "staff", "Staff accounts (owner only)", {}, { 200: z.array(StaffUserSchema) }, [], OWNER_ONLY)),
    async (req) => listStaffAccounts(ctx, req.staff!),
  );
  app.post(
    "/api/staff-users",
    op(
      staffOp(
        "createStaffUser",
        "staff",
        "Add a staff account (owner only); role is owner or staff, staff by default",
        { body: StaffUserCreateSchema },
        { 201: ok(StaffUserSchema, "Created") },
        [400],
        { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      ),
    ),
    async (req, reply) => reply.code(201).send(await createStaffAccount(ctx, req.staff!, StaffUserCreateSchema.parse(body(req)))),
  );
  app.delete(
    "/api/staff-users/:id",
    op(
      staffOp(
        "deleteStaffUser",
        "staff",
        "Remove a staff account and end its sessions (owner only; not your own, not the last owner)",
        id,
        { 200: OkSchema },
        [400, 404],
        { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      ),
    ),
    async (req) => {
      await removeStaffAccount(ctx, req.staff!, IdParamsSchema.parse(req.params).id);
      return { ok: true };
    },
  );
  app.post(
    "/api/staff-users/:id/password",
    op(
      staffOp(
        "resetStaffPassword",
        "staff",
        "Set another account's password and end its sessions (owner only)",
        { ...id, body: PasswordResetSchema },
        { 200: StaffUserSchema },
        [400, 404],
        { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      ),
    ),
    async (req) => resetStaffPassword(ctx, req.staff!, IdParamsSchema.parse(req.params).id, PasswordResetSchema.parse(body(req))),
  );
  app.post(
    "/api/admin/password",
    op(
      staffOp(
        "changeOwnPassword",
        "staff",
        "Change your own password (the current one required); your other sessions end",
        { body: PasswordChangeSchema },
        { 200: OkSchema },
        [400, 429],
      ),
    ),
    async (req) => {
      await changeOwnPassword(ctx, req.staff!, PasswordChangeSchema.parse(body(req)), req.ip);
      return { ok: true };
    },
  );

  app.get(
    "/api/audit-events",
    op(
      staffOp(
        "listAuditEvents",
        "staff",
        "What staff changed (R40), newest first; ?actor= and ?action= filter. One page; the full count in the X-Total-Count header.",
        { querystring: AuditListQuerySchema },
        { 200: z.array(AuditEventSchema) },
        [400],
      ),
    ),
    async (req, reply) => sendPage(reply, await listAudit(ctx, AuditListQuerySchema.parse(req.query))),
  );

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
}
