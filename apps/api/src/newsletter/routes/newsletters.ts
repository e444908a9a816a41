import { id, NewsletterListQuerySchema, NewsletterStatsSchema, NewsletterStatusSchema, NewsletterSubscriptionSchema } from "@tearoom/domain";
import { z } from "zod";
import { listNewsletterSubscriptions, newsletterStats, removeSubscription, setSubscriptionStatus } from "../services/newsletter.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { PAGED } from "../../rest/openapi.js";
import { OkSchema } from "../../rest/schemas.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** The list without a search: the query's defaults (first page, its size), parsed once. */
const NO_FILTERS = NewsletterListQuerySchema.parse({});

export const newslettersRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/newsletters",
        operationId: "listSubscribers",
        tag: "newsletter",
        summary: `Subscribers, newest first; ?search= finds words starting a word of the e-mail, first or last name. ${PAGED}`,
        response: z.array(NewsletterSubscriptionSchema),
        errors: [400],
        paged: true,
      },
    })
    .input(NewsletterListQuerySchema.optional())
    .query(({ ctx, input }) => listNewsletterSubscriptions(ctx.app, input ?? NO_FILTERS)),
  /** Over every subscription, whatever the search. */
  stats: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/newsletters/stats",
        operationId: "getSubscriberStats",
        tag: "newsletter",
        summary: "Subscriber counts (total, active, inactive)",
        response: NewsletterStatsSchema,
      },
    })
    .query(({ ctx }) => newsletterStats(ctx.app)),
  setStatus: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/newsletters/:id/status",
        params: IdParamsSchema,
        operationId: "setSubscriberStatus",
        tag: "newsletter",
        summary: "Activate or deactivate a subscription (one never confirmed cannot be activated: 409)",
        response: NewsletterSubscriptionSchema,
        errors: [400, 404, 409],
      },
    })
    .input(NewsletterStatusSchema.extend({ id }))
    .mutation(({ ctx, input }) => setSubscriptionStatus(ctx.app, input.id, input.isActive, ctx.session.username)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/newsletters/:id",
        params: IdParamsSchema,
        operationId: "deleteSubscriber",
        tag: "newsletter",
        summary: "Delete a subscription",
        response: OkSchema,
        errors: [400, 404],
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await removeSubscription(ctx.app, input.id, ctx.session.username);
      return { ok: true as const };
    }),
});
