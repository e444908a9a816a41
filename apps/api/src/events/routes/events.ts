import {
  EventCreateSchema,
  EventSchema,
  EventSlugSchema,
  EventUpdateSchema,
  PublicEventSchema,
  SittingCreateSchema,
  SittingUpdateSchema,
  id,
} from "@tearoom/domain";
import { z } from "zod";
import { IdParamsSchema } from "../../rest/helpers.js";
import { message, ok } from "../../rest/openapi.js";
import { publicProcedure, router, staffProcedure } from "../../trpc/init.js";
import { addSitting, changeEvent, changeSitting, createEvent, getPublicEvent, listPublicEvents, listStaffEvents, removeSitting } from "../services/events.js";

const positive = (field: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: `${field} must be a positive whole number` })
    .transform(Number);
const EventSlugParamsSchema = z.object({ id: EventSlugSchema.describe("The event's slug, e.g. christmas-afternoon-tea") });
const SittingParamsSchema = z.object({ id: positive("id"), sittingId: positive("sittingId") });

/** R53: events with ticketed sittings; the public list and one event, and staff's editing of them. */
export const eventsRouter = router({
  published: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events",
        operationId: "listEvents",
        tag: "site",
        summary: "The published events with sittings still to start (R53), each sitting with its tickets left (0: sold out) and whether sales have closed",
        response: z.array(PublicEventSchema),
      },
    })
    .query(({ ctx }) => listPublicEvents(ctx.app)),
  bySlug: publicProcedure
    .meta({
      rest: {
        method: "GET",
        // The contract's GET /api/events/{slug}: the segment is the one PATCH /api/events/{id} has, so
        // OpenAPI knows one path with one parameter name; here it carries the event's slug.
        path: "/api/events/:id",
        params: EventSlugParamsSchema,
        operationId: "getEvent",
        tag: "site",
        summary: "One published event by its address, its slug (R53: GET /api/events/{slug}), with its sittings still to start",
        response: PublicEventSchema,
        errors: [400, 404],
      },
    })
    .input(EventSlugParamsSchema)
    .query(({ ctx, input }) => getPublicEvent(ctx.app, input.id)),
  list: staffProcedure.query(({ ctx }) => listStaffEvents(ctx.app)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events",
        status: 201,
        operationId: "createEvent",
        tag: "bookings",
        summary:
          "Make an event (R53): name, text, picture URL, price per ticket in pence; unpublished unless `published`. The address (slug) is made from the name unless given",
        response: EventSchema,
        errors: [400],
        responses: { 201: ok(EventSchema, "Created"), 409: message("Another event has that slug") },
      },
    })
    .input(EventCreateSchema)
    .mutation(({ ctx, input }) => createEvent(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/events/:id",
        params: IdParamsSchema,
        operationId: "updateEvent",
        tag: "bookings",
        summary: "Change an event's name, text, picture, price or slug, or publish it (R53). A new price applies to tickets bought from now on",
        response: EventSchema,
        errors: [400, 404],
        responses: { 409: message("Another event has that slug") },
      },
    })
    .input(EventUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id, ...changes } }) => changeEvent(ctx.app, id, changes, ctx.session.username)),
  addSitting: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events/:id/sittings",
        params: IdParamsSchema,
        status: 201,
        operationId: "createSitting",
        tag: "bookings",
        summary:
          "Add a sitting (R53): date, time, minutes, tickets, the area whose seats it takes, per-order limit, sales cut-off in minutes before the start, an optional question, and whether it closes normal booking of the area for its time. Answers the event",
        response: EventSchema,
        errors: [400, 404],
        responses: { 201: ok(EventSchema, "Created"), 409: message("The area has too few seats free over the sitting's time") },
      },
    })
    .input(SittingCreateSchema.extend({ id }))
    .mutation(({ ctx, input: { id, ...sitting } }) => addSitting(ctx.app, id, sitting, ctx.session.username)),
  updateSitting: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/events/:id/sittings/:sittingId",
        params: SittingParamsSchema,
        operationId: "updateSitting",
        tag: "bookings",
        summary:
          "Change a sitting (R53). Once tickets are sold its date, time, length and area stay, and it never has fewer tickets than are sold (409). Answers the event",
        response: EventSchema,
        errors: [400, 404],
        responses: { 409: message("Tickets are sold, or the area has too few seats free") },
      },
    })
    .input(SittingUpdateSchema.extend({ id, sittingId: id }))
    .mutation(({ ctx, input: { id, sittingId, ...changes } }) => changeSitting(ctx.app, id, sittingId, changes, ctx.session.username)),
  removeSitting: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/events/:id/sittings/:sittingId",
        params: SittingParamsSchema,
        status: 204,
        operationId: "deleteSitting",
        tag: "bookings",
        summary: "Remove a sitting (R53); refused (409) while it holds tickets",
        response: z.null(),
        errors: [404],
        responses: { 409: message("Tickets are sold for the sitting") },
      },
    })
    .input(z.object({ id, sittingId: id }))
    .mutation(async ({ ctx, input }) => {
      await removeSitting(ctx.app, input.id, input.sittingId, ctx.session.username);
      return null;
    }),
});
