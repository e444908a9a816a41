import {
  id,
  WaitlistDayQuerySchema,
  WaitlistEntrySchema,
  WaitlistFitsNowSchema,
  WaitlistAnyJoinSchema,
  WaitlistJoinAnswerSchema,
  WaitlistTicketsLeftSchema,
  WaitlistOfferRequestSchema,
  WaitlistOfferSchema,
  WaitlistTableClaimAnswerSchema,
  WaitlistTeaClaimAnswerSchema,
} from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { clientKey } from "../../client-key.js";
import { publicWriteLimit } from "../../http/public-write-limit.js";
import { body, IdParamsSchema } from "../../rest/helpers.js";
import { documentOnly, errors, message, ok, PUBLIC } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";
import { onSeatsFreed } from "../../bookings/services/seats-freed.js";
import {
  claimOffer,
  FitsNowError,
  nudgeWaitlist,
  joinWaitlist,
  leaveWaitlist,
  listWaitlist,
  offerByStaff,
  removeEntry,
  viewOffer,
} from "../services/waitlist.js";
import { joinEventWaitlist, TicketsLeftError } from "../services/waitlist-events.js";

// R52: the waiting list. The guest's routes are here; staff's go through the one definition of
// each operation (decision 024) in `waitlistRouter`.

const TokenParams = z.object({ token: z.string() });
const token = (params: unknown) => TokenParams.parse(params).token;
/** The address holds a secret: not to be kept by a cache nor passed on in a Referer. */
const private_ = (reply: FastifyReply) => reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
const GONE = message("The offer lapsed (or was taken back, or already claimed); the seats are no longer held");

export async function waitlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = publicWriteLimit(ctx);
  // Seats freed by a cancel are offered at once, not at the next minute.
  onSeatsFreed(ctx, () => nudgeWaitlist(ctx));

  const joinOp: FastifySchema = {
    operationId: "joinWaitlist",
    summary:
      'Join a day\'s waiting list for afternoon tea or a table (R52): acceptable times, or null for any time that day. 409 with the free `times` when the party fits now (book instead); 400 for a closed or past day or bad input; 429 past three entries per e-mail address and day (R23). The guest is e-mailed the reference and a leave link. R53: `type: "event"` with `sittingId` waits for `guests` tickets of a sold-out sitting (`times` null): 409 with `ticketsLeft` when the order fits now, 400 past the per-order limit or the sales cut-off; freed tickets are offered held, and paid for as a tea offer is',
    tags: ["bookings"],
    security: PUBLIC,
    body: WaitlistAnyJoinSchema,
    response: {
      201: ok(WaitlistJoinAnswerSchema, "On the list, at `position` among the day's waiting entries of the type"),
      409: {
        description: "The party fits now at these times (or, for a sitting, this many tickets are left)",
        content: { "application/json": { schema: z.union([WaitlistFitsNowSchema, WaitlistTicketsLeftSchema]) } },
      },
      ...errors(400, 403, 413, 415, 429),
    },
  };
  app.post("/api/waitlist", { preValidation: limit, validatorCompiler: documentOnly, schema: joinOp }, async (req, reply) => {
    try {
      const input = WaitlistAnyJoinSchema.parse(body(req));
      const answer = input.type === "event" ? await joinEventWaitlist(ctx, input, clientKey(req.ip)) : await joinWaitlist(ctx, input, clientKey(req.ip));
      return reply.code(201).send(answer);
    } catch (err) {
      if (err instanceof FitsNowError) return reply.code(409).send({ message: err.message, times: err.times });
      if (err instanceof TicketsLeftError) return reply.code(409).send({ message: err.message, ticketsLeft: err.ticketsLeft });
      throw err;
    }
  });

  const common = { tags: ["bookings"], security: PUBLIC, params: TokenParams };
  const viewOp: FastifySchema = {
    ...common,
    operationId: "getWaitlistOffer",
    summary: "The seats held for a waiting-list guest, from the link in their offer e-mail: date, time, party, until when, and its status",
    response: { 200: WaitlistOfferSchema, ...errors(404) },
  };
  app.get("/api/waitlist/offers/:token", { validatorCompiler: documentOnly, schema: viewOp }, async (req, reply) => {
    private_(reply);
    return viewOffer(ctx, token(req.params));
  });

  const claimOp: FastifySchema = {
    ...common,
    operationId: "claimWaitlistOffer",
    summary:
      'Claim the held seats. Afternoon tea: 200 `{ clientSecret, amountPence }`, then the normal payment confirm makes the paid booking. Table: 201 `{ reference, status: "pending" }`, the request made. 410 once the offer lapsed',
    response: {
      200: WaitlistTeaClaimAnswerSchema,
      201: ok(WaitlistTableClaimAnswerSchema, "The table request is made"),
      410: GONE,
      ...errors(400, 403, 404, 415, 429),
    },
  };
  app.post("/api/waitlist/offers/:token/claim", { preValidation: limit, validatorCompiler: documentOnly, schema: claimOp }, async (req, reply) => {
    private_(reply);
    const answer = await claimOffer(ctx, token(req.params));
    if (answer.kind === "tea") return reply.code(200).send({ clientSecret: answer.clientSecret, amountPence: answer.amountPence });
    return reply.code(201).send({ reference: answer.reference, status: answer.status });
  });

  const leaveOp: FastifySchema = {
    ...common,
    operationId: "leaveWaitlist",
    summary: "Leave the waiting list from the link in the e-mail; seats held for the guest go to the next entry",
    response: { 204: z.null().describe("Left"), ...errors(403, 404, 415, 429) },
  };
  app.post("/api/waitlist/leave/:token", { preValidation: limit, validatorCompiler: documentOnly, schema: leaveOp }, async (req, reply) => {
    private_(reply);
    await leaveWaitlist(ctx, token(req.params));
    return reply.code(204).send();
  });
}

/** Staff: each day's waiting list on the day sheet, offering by hand, removing entries (R52). */
export const waitlistRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/waitlist",
        operationId: "listWaitlist",
        tag: "bookings",
        summary: "A day's waiting list (R52) in join order, with each entry's status, place in line and any held offer",
        response: z.array(WaitlistEntrySchema),
        errors: [400],
      },
    })
    .input(WaitlistDayQuerySchema)
    .query(({ ctx, input }) => listWaitlist(ctx.app, input.date)),
  offer: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/waitlist/:id/offer",
        params: IdParamsSchema,
        status: 201,
        operationId: "offerWaitlistSeats",
        tag: "bookings",
        summary: "Hold seats at `time` for a waiting entry now and e-mail them the offer; 409 when the party does not fit then or the entry cannot be offered",
        response: WaitlistEntrySchema,
        responses: { 201: ok(WaitlistEntrySchema, "Seats held and offered") },
        errors: [400, 404, 409],
      },
    })
    .input(WaitlistOfferRequestSchema.extend({ id }))
    .mutation(({ ctx, input }) => offerByStaff(ctx.app, input.id, input.time)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/waitlist/:id",
        params: IdParamsSchema,
        status: 204,
        operationId: "removeWaitlistEntry",
        tag: "bookings",
        summary: "Take an entry off the waiting list; seats held for it go to the next entry",
        response: z.null(),
        errors: [404],
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await removeEntry(ctx.app, input.id);
      return null;
    }),
});
