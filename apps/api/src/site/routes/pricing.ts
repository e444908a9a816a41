import { id, PricingItemInputSchema, PricingItemSchema } from "@tearoom/domain";
import { z } from "zod";
import { createPricing, listPricing, removePricing, updatePricing } from "../services/pricing.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { OkSchema } from "../../rest/schemas.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** Prices go in as pounds (as typed) and come back as integer pence (spec section 5). */
export const pricingRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/pricing",
        operationId: "listPricing",
        tag: "staff",
        summary: "Pricing items (price in pence)",
        response: z.array(PricingItemSchema),
      },
    })
    .query(({ ctx }) => listPricing(ctx.app)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/pricing",
        status: 201,
        operationId: "createPricing",
        tag: "staff",
        summary:
          "Create a pricing item (price in pounds in, at least 0.01, two decimals at most; pence out). A second active item of a type is 409, naming the active one; monetary vouchers may have one active item per amount offered (R33)",
        response: PricingItemSchema,
        errors: [400, 409],
      },
    })
    .input(PricingItemInputSchema)
    .mutation(({ ctx, input }) => createPricing(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/pricing/:id",
        params: IdParamsSchema,
        operationId: "updatePricing",
        tag: "staff",
        summary: "Update a pricing item (price in pounds). Activating a second item of a type is 409, naming the active one (R33)",
        response: PricingItemSchema,
        errors: [400, 404, 409],
      },
    })
    .input(PricingItemInputSchema.extend({ id }))
    .mutation(({ ctx, input: { id: itemId, ...fields } }) => updatePricing(ctx.app, itemId, fields, ctx.session.username)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/pricing/:id",
        params: IdParamsSchema,
        operationId: "deletePricing",
        tag: "staff",
        summary: "Delete a pricing item",
        response: OkSchema,
        errors: [400, 404],
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await removePricing(ctx.app, input.id, ctx.session.username);
      return { ok: true as const };
    }),
});
