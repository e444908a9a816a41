import type { FastifyInstance, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { documentOnly, ok, PUBLIC } from "../../rest/openapi.js";
import { calendarFeedIcs } from "../services/calendar-feeds.js";

const NOT_FOUND = "This calendar feed does not exist or was revoked.";

/**
 * Issue 34: the private calendar feed a phone calendar subscribes to. No session: the token in
 * the path is the key. The request log names the route pattern only (http/request-log.ts), so the
 * token is never logged; the answer is private to the one caller and not kept by shared caches.
 */
export async function calendarFeedRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const op: FastifySchema = {
    operationId: "getCalendarFeed",
    summary: "A staff account's private iCal feed of confirmed bookings (the last month and the coming year); 404 once revoked",
    tags: ["staff"],
    security: PUBLIC,
    params: z.object({ token: z.string() }),
    response: {
      200: ok(z.string(), "The calendar (RFC 5545)", "text/calendar"),
      404: ok(z.object({ message: z.string() }), "No such feed, or revoked"),
    },
  };
  app.get("/calendar/:token.ics", { validatorCompiler: documentOnly, schema: op }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const ics = await calendarFeedIcs(ctx, token);
    if (ics === null) return reply.code(404).header("cache-control", "no-store").send({ message: NOT_FOUND });
    return reply
      .header("cache-control", "private, max-age=300")
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex")
      .type("text/calendar; charset=utf-8")
      .send(ics);
  });
}
