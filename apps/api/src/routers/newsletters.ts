import { id, NewsletterListQuerySchema, NewsletterStatusSchema } from "@tearoom/domain";
import { z } from "zod";
import { listNewsletterSubscriptions, newsletterStats, removeSubscription, setSubscriptionStatus } from "../services/newsletter.js";
import { staffProcedure, router } from "../trpc/init.js";

export const newslettersRouter = router({
  list: staffProcedure.input(NewsletterListQuerySchema.optional()).query(({ ctx, input }) => listNewsletterSubscriptions(ctx.app, input ?? {})),
  /** Over every subscription, whatever the search. */
  stats: staffProcedure.query(({ ctx }) => newsletterStats(ctx.app)),
  setStatus: staffProcedure
    .input(NewsletterStatusSchema.extend({ id }))
    .mutation(({ ctx, input }) => setSubscriptionStatus(ctx.app, input.id, input.isActive, ctx.session.username)),
  remove: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await removeSubscription(ctx.app, input.id, ctx.session.username);
    return { ok: true as const };
  }),
});
