import { BookingSchema, WalkInSchema } from "@tearoom/domain";
import { seatWalkIn } from "../services/walk-ins.js";
import { ok, WARNINGS_409 } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** R44: seating a party at the door. */
export const walkInsRouter = router({
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/walk-ins",
        status: 201,
        operationId: "seatWalkIn",
        tag: "bookings",
        summary:
          'Seat a walk-in (R44): a table booking for today, now or at `time`, for the table stay or `minutes`, in `areaId` or the first area with room, already arrived (arrival "arrived"), with no e-mail. 409 with the warning when the room has no seats for it, unless `force: true` (R29)',
        response: BookingSchema,
        errors: [400],
        responses: { 201: ok(BookingSchema, "Seated"), 409: WARNINGS_409 },
      },
    })
    .input(WalkInSchema)
    .mutation(({ ctx, input }) => seatWalkIn(ctx.app, input, ctx.session.username)),
});
