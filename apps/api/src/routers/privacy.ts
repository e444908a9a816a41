import { PrivacyRequestSchema } from "@tearoom/domain";
import { erasePerson } from "../services/privacy.js";
import { protectedProcedure, router } from "../trpc/init.js";

/** R39: erasing a person. The export is a file, so the admin downloads it from GET /api/privacy/export. */
export const privacyRouter = router({
  erase: protectedProcedure.input(PrivacyRequestSchema).mutation(({ ctx, input }) => erasePerson(ctx.app, ctx.session, input.email)),
});
