import { id, NewsletterStatusSchema } from "@tearoom/domain";
import { z } from "zod";
import { listNewsletterSubscriptions, removeSubscription, setSubscriptionStatus } from "../services/newsletter.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const newslettersRouter = router({
  list: protectedProcedure
    .input(z.object({ search: z.string().trim().max(100).optional() }).optional())
    .query(({ ctx, input }) => listNewsletterSubscriptions(ctx.app, input?.search)),
  setStatus: protectedProcedure
    .input(NewsletterStatusSchema.extend({ id }))
    .mutation(({ ctx, input }) => setSubscriptionStatus(ctx.app, input.id, input.isActive)),
  remove: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await removeSubscription(ctx.app, input.id);
    return { ok: true as const };
  }),
});
