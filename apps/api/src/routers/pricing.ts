import { id, PricingItemInputSchema } from "@tearoom/domain";
import { z } from "zod";
import { createPricing, listPricing, removePricing, updatePricing } from "../services/pricing.js";
import { protectedProcedure, router } from "../trpc/init.js";

/** Prices go in as pounds (as typed) and come back as integer pence (spec section 5). */
export const pricingRouter = router({
  list: protectedProcedure.query(({ ctx }) => listPricing(ctx.app)),
  create: protectedProcedure.input(PricingItemInputSchema).mutation(({ ctx, input }) => createPricing(ctx.app, input, ctx.session.username)),
  update: protectedProcedure
    .input(PricingItemInputSchema.extend({ id }))
    .mutation(({ ctx, input: { id: itemId, ...fields } }) => updatePricing(ctx.app, itemId, fields, ctx.session.username)),
  remove: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await removePricing(ctx.app, input.id, ctx.session.username);
    return { ok: true as const };
  }),
});
