import { GuestCancelAnswerSchema, GuestChangeAnswerSchema, GuestChangePreviewSchema, GuestChangeSchema, ManagedBookingSchema } from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { publicWriteLimit } from "../../http/public-write-limit.js";
import { cancelByGuest, changeByGuest, previewGuestChange, viewManagedBooking } from "../services/manage.js";
import { body } from "../../rest/helpers.js";
import { documentOnly, errors, PUBLIC } from "../../rest/openapi.js";

// Any string reaches the handler, which answers the same 404 for a malformed token as for an unknown one.
const TokenParams = z.object({ token: z.string() });
const token = (params: unknown) => TokenParams.parse(params).token;

/** The address holds a secret: not to be kept by a cache nor passed on in a Referer. */
const private_ = (reply: FastifyReply) => reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");

/** R37: the guest's own booking, from the link in their e-mails. */
export async function manageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = publicWriteLimit(ctx);
  const common = { tags: ["bookings"], security: PUBLIC, params: TokenParams };

  const viewOp: FastifySchema = {
    ...common,
    operationId: "getManagedBooking",
    summary: "A booking as its guest may see it (no internal ids), with what they may still do online and until when",
    response: { 200: ManagedBookingSchema, ...errors(404) },
  };
  app.get("/api/manage/:token", { validatorCompiler: documentOnly, schema: viewOp }, async (req, reply) => {
    private_(reply);
    return viewManagedBooking(ctx, token(req.params));
  });

  const cancelOp: FastifySchema = {
    ...common,
    operationId: "cancelManagedBooking",
    summary: "The guest cancels (or withdraws a request) until the cut-off; after it, 409 with the phone number",
    response: { 200: GuestCancelAnswerSchema, ...errors(403, 404, 409, 415, 429) },
  };
  app.post("/api/manage/:token/cancel", { preValidation: limit, validatorCompiler: documentOnly, schema: cancelOp }, async (req, reply) => {
    private_(reply);
    return cancelByGuest(ctx, token(req.params));
  });

  const changeOp: FastifySchema = {
    ...common,
    operationId: "changeManagedBooking",
    summary:
      "The guest moves their booking or changes the guests within every booking rule; a broken rule answers 409 with the reason. More guests on a tea paid online answer the payment for the difference ({ clientSecret, amountPence }); the change is made once it is paid",
    body: GuestChangeSchema,
    response: { 200: GuestChangeAnswerSchema, ...errors(400, 403, 404, 409, 415, 429) },
  };
  app.patch("/api/manage/:token", { preValidation: limit, validatorCompiler: documentOnly, schema: changeOp }, async (req, reply) => {
    private_(reply);
    return changeByGuest(ctx, token(req.params), GuestChangeSchema.parse(body(req)));
  });

  const previewOp: FastifySchema = {
    ...common,
    operationId: "previewManagedBookingChange",
    summary:
      "R51: what a change would do to the money before it is saved (back to the card, back on the voucher, or to pay), computed as the change computes it; nothing is written. A change that could not be made answers 409 with the reason",
    body: GuestChangeSchema,
    response: { 200: GuestChangePreviewSchema, ...errors(400, 403, 404, 409, 415) },
  };
  // It writes nothing and asks no provider, like the GET: outside the public write budget, so a
  // guest trying a few numbers of guests is not turned away.
  app.post("/api/manage/:token/preview", { validatorCompiler: documentOnly, schema: previewOp }, async (req, reply) => {
    private_(reply);
    return previewGuestChange(ctx, token(req.params), GuestChangeSchema.parse(body(req)));
  });
}
