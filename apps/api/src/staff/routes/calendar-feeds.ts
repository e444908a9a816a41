import { CalendarFeedCreatedSchema, CalendarFeedSchema, id } from "@tearoom/domain";
import { z } from "zod";
import { createCalendarFeed, listOwnCalendarFeeds, revokeCalendarFeed } from "../services/calendar-feeds.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** Issue 34: the signed-in account's private calendar feeds (GET /calendar/{token}.ics serves them). */
export const calendarFeedsRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/calendar-feeds",
        operationId: "listCalendarFeeds",
        tag: "staff",
        summary: "The signed-in account's calendar feeds (their URLs are shown only when made)",
        response: z.array(CalendarFeedSchema),
      },
    })
    .query(({ ctx }) => listOwnCalendarFeeds(ctx.app, ctx.session)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/calendar-feeds",
        status: 201,
        operationId: "createCalendarFeed",
        tag: "staff",
        summary: "Make a private iCal feed of confirmed bookings for the signed-in account; its URL, with a secret token, is shown only now",
        response: CalendarFeedCreatedSchema,
      },
    })
    .mutation(({ ctx }) => createCalendarFeed(ctx.app, ctx.session)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/calendar-feeds/:id",
        params: IdParamsSchema,
        status: 204,
        operationId: "revokeCalendarFeed",
        tag: "staff",
        summary: "Revoke one of the signed-in account's calendar feeds: its URL answers 404 from now on",
        response: z.null(),
        errors: [400, 404],
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await revokeCalendarFeed(ctx.app, ctx.session, input.id);
      return null;
    }),
});
