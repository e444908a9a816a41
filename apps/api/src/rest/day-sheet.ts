import {
  ArrivalInputSchema,
  BookingSchema,
  ClosedDatesSchema,
  ClosurePreviewSchema,
  ClosureResultSchema,
  CloseDateInputSchema,
  DaySheetQuerySchema,
  DaySheetSchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifySchema } from "fastify";
import type { AppContext } from "../context.js";
import { closeDate, listClosedDates, previewClosure, reopenDate } from "../services/closures.js";
import { getDaySheet, markArrival } from "../services/day-sheet.js";
import { staffOp } from "./admin.js";
import { body, IdParamsSchema, staffOnly } from "./helpers.js";
import { ok } from "./openapi.js";
import { MessageSchema } from "./schemas.js";

/** A 409 answer described for this route (the shared text names other conflicts). */
const conflict = (description: string) => ({ description, content: { "application/json": { schema: MessageSchema } } });

/** Staff running the day (R28 arrival, R31 day sheet, R32 closures): the same services and schemas as tRPC. */
export async function daySheetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = staffOnly(ctx);
  const op = (schema: FastifySchema) => ({ ...staff, schema });
  const dateParams = { params: DaySheetQuerySchema };

  app.get(
    "/api/bookings/day",
    op(
      staffOp(
        "getDaySheet",
        "bookings",
        "The day sheet (R31): covers per slot against capacity for each booking type, and the bookings that stand that day in time order, with their notes and arrival",
        { querystring: DaySheetQuerySchema },
        { 200: DaySheetSchema },
        [400],
      ),
    ),
    async (req) => getDaySheet(ctx, DaySheetQuerySchema.parse(req.query).date),
  );
  app.post(
    "/api/bookings/:id/arrival",
    op(
      staffOp(
        "markArrival",
        "bookings",
        'Mark a confirmed booking "arrived" or "no-show" on or after its day; null takes the mark back (R28). 409 for any other status or a visit still to come',
        { params: IdParamsSchema, body: ArrivalInputSchema },
        { 200: BookingSchema, 409: conflict("The booking is not confirmed, or its day has not come") },
        [400, 404],
      ),
    ),
    async (req) => markArrival(ctx, IdParamsSchema.parse(req.params).id, ArrivalInputSchema.parse(body(req)).status, req.staff!.username),
  );

  app.get("/api/closures", op(staffOp("listClosures", "bookings", "Closed dates from today on (R32)", {}, { 200: ClosedDatesSchema })), async () =>
    listClosedDates(ctx),
  );
  app.get(
    "/api/closures/:date",
    op(
      staffOp(
        "previewClosure",
        "bookings",
        "Before closing or reopening a date: whether it is closed, and the bookings that stand on it (R32)",
        dateParams,
        { 200: ClosurePreviewSchema },
        [400],
      ),
    ),
    async (req) => previewClosure(ctx, DaySheetQuerySchema.parse(req.params).date),
  );
  app.post(
    "/api/closures",
    op(
      staffOp(
        "closeDate",
        "bookings",
        'Close a date (R32): keep its bookings, or cancel them and e-mail each guest (notifyGuests, default true). Paid bookings are refunded in full through the provider first (refund: "full", the default) or not ("none") (R34); one the provider refuses is left standing and listed in `notRefunded`, the date still closes. A gift voucher\'s part goes back unless restoreVoucher is false (R36). 409 when already closed; nothing is written on any refusal',
        { body: CloseDateInputSchema },
        { 201: ok(ClosureResultSchema, "Closed"), 409: conflict("The date is already closed") },
        [400],
      ),
    ),
    async (req, reply) => reply.code(201).send(await closeDate(ctx, CloseDateInputSchema.parse(body(req)), req.staff!.username)),
  );
  app.delete(
    "/api/closures/:date",
    op(
      staffOp(
        "reopenDate",
        "bookings",
        "Reopen a closed date (R32); bookings cancelled when it closed stay cancelled. 404 when the date is not closed",
        dateParams,
        { 200: ClosurePreviewSchema },
        [400, 404],
      ),
    ),
    async (req) => reopenDate(ctx, DaySheetQuerySchema.parse(req.params).date, req.staff!.username),
  );
}
