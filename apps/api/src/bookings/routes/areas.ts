import { AreaCreateSchema, AreaSchema, AreaUpdateSchema, OccupancyQuerySchema, OccupancySchema, id } from "@tearoom/domain";
import { z } from "zod";
import { changeArea, createArea, getOccupancy, listAreaViews, removeArea } from "../services/areas.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { message, ok } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** R44: the seating areas, and the day's room at a glance. */
export const areasRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/areas",
        operationId: "listAreas",
        tag: "bookings",
        summary: "The seating areas in the order they are filled (R44): seats, the booking types that sit there, and each Secret Garden spot's own area",
        response: z.array(AreaSchema),
      },
    })
    .query(({ ctx }) => listAreaViews(ctx.app)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/areas",
        status: 201,
        operationId: "createArea",
        tag: "bookings",
        summary:
          "Add a seating area (R44): a name, 1–500 seats and the booking types that sit there; filled after the others unless a position is given. 409 for a name already used",
        response: AreaSchema,
        errors: [400],
        responses: { 201: ok(AreaSchema, "Created"), 409: message("An area of that name exists") },
      },
    })
    .input(AreaCreateSchema)
    .mutation(({ ctx, input }) => createArea(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/areas/:id",
        params: IdParamsSchema,
        operationId: "updateArea",
        tag: "bookings",
        summary: "Change an area's name, seats, booking types or position (R44). Fewer seats never moves a booking already made",
        response: AreaSchema,
        errors: [400, 404],
        responses: { 409: message("An area of that name exists") },
      },
    })
    .input(AreaUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id, ...changes } }) => changeArea(ctx.app, id, changes, ctx.session.username)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/areas/:id",
        params: IdParamsSchema,
        status: 204,
        operationId: "deleteArea",
        tag: "bookings",
        summary: "Remove an area (R44). 409 naming the bookings ahead or the event sittings (R53) that sit in it, or for a Secret Garden spot's area",
        response: z.null(),
        errors: [404],
        responses: { 409: message("Bookings ahead or event sittings sit in the area, or it is a garden spot's") },
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await removeArea(ctx.app, input.id, ctx.session.username);
      return null;
    }),
  occupancy: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/occupancy",
        operationId: "getOccupancy",
        tag: "bookings",
        summary:
          "The day's room (R44): for each area, the seats taken at every 15-minute step of the opening hours (a garden spot's over the Secret Garden's times), counting every standing booking and live hold for its stay",
        response: OccupancySchema,
        errors: [400],
      },
    })
    .input(OccupancyQuerySchema)
    .query(({ ctx, input }) => getOccupancy(ctx.app, input.date)),
});
