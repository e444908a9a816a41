import { ErasureSchema, PrivacyRequestSchema } from "@tearoom/domain";
import { erasePerson, PRIVACY_OWNER_ONLY } from "../services/privacy.js";
import { ownerProcedure, router } from "../../trpc/init.js";

/** R39: erasing a person. The export is a file, so the admin downloads it from GET /api/privacy/export (rest/staff-downloads.ts). */
export const privacyRouter = router({
  erase: ownerProcedure(PRIVACY_OWNER_ONLY)
    .meta({
      rest: {
        method: "POST",
        path: "/api/privacy/erase",
        operationId: "erasePerson",
        tag: "privacy",
        summary:
          "Erase a person: their details replaced in bookings, vouchers, enquiries and subscriptions, their waiting-list entries removed; amounts and dates kept (R39, R52; owner only, staff get 403)",
        response: ErasureSchema,
        errors: [400, 403],
      },
    })
    .input(PrivacyRequestSchema)
    .mutation(({ ctx, input }) => erasePerson(ctx.app, ctx.session, input.email)),
});
