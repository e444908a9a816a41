import { GuestListQuerySchema, GuestSchema, GuestSummarySchema, GuestUpdateSchema, id } from "@tearoom/domain";
import { z } from "zod";
import { getGuest, listGuestsForStaff, updateGuestNotes } from "../services/guests.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { PAGED } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** The list without a search: the query's defaults (first page, its size), parsed once. */
const NO_FILTERS = GuestListQuerySchema.parse({});

/** R55: guest records, for staff. */
export const guestsRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/guests",
        operationId: "listGuests",
        tag: "guests",
        summary: `Guests, the most recently seen first, with visits, no-shows, late cancels, spend and tags; ?search= finds them by the words of their bookings' names, e-mails and phones (or a TR- reference); ?ids=4,17 answers those guests. ${PAGED}`,
        response: z.array(GuestSummarySchema),
        errors: [400],
        paged: true,
      },
    })
    .input(GuestListQuerySchema.optional())
    .query(({ ctx, input }) => listGuestsForStaff(ctx.app, input ?? NO_FILTERS)),
  get: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/guests/:id",
        params: IdParamsSchema,
        operationId: "getGuest",
        tag: "guests",
        summary: "A guest with their counts, notes, tags and bookings (newest first)",
        response: GuestSchema,
        errors: [400, 404],
      },
    })
    .input(z.object({ id }))
    .query(({ ctx, input }) => getGuest(ctx.app, input.id)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/guests/:id",
        params: IdParamsSchema,
        operationId: "updateGuest",
        tag: "guests",
        summary: `Staff's notes and tags of a guest (either may be left out). Tags are trimmed and kept once each, in any case; at most 20 of at most 30 characters. Audited`,
        response: GuestSchema,
        errors: [400, 404],
      },
    })
    .input(GuestUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id: guestId, ...changes } }) => updateGuestNotes(ctx.app, guestId, changes, ctx.session.username)),
});
