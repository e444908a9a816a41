import { OpeningHoursSchema } from "@tearoom/domain";
import { getOpeningHours, saveOpeningHours } from "../services/opening-hours.js";
import { router, staffProcedure } from "../../trpc/init.js";

/** R45: the week and its seasons, read and saved whole (the settings open_days, weekly_hours and opening_seasons). */
export const openingHoursRouter = router({
  get: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/opening-hours",
        operationId: "getOpeningHours",
        tag: "staff",
        summary: "Opening hours by weekday (null: closed) and the seasons with a week of their own (R45)",
        response: OpeningHoursSchema,
      },
    })
    .query(({ ctx }) => getOpeningHours(ctx.app)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/opening-hours",
        operationId: "updateOpeningHours",
        tag: "staff",
        summary:
          "Replace the weekly hours and the seasons (R45); open_days follows the days that open. 400, changing nothing, names each day or season that is wrong: closing not after opening, no afternoon tea or table time inside a day's hours (slots outside hours), seasons that overlap",
        response: OpeningHoursSchema,
        errors: [400],
      },
    })
    .input(OpeningHoursSchema)
    .mutation(({ ctx, input }) => saveOpeningHours(ctx.app, input, ctx.session.username)),
});
