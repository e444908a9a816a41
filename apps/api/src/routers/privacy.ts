import { PrivacyRequestSchema } from "@tearoom/domain";
import { erasePerson } from "../services/privacy.js";
import { staffProcedure, router } from "../trpc/init.js";

/** R39: erasing a person. The export is a file, so the admin downloads it from GET /api/privacy/export. */
export const privacyRouter = router({
  erase: staffProcedure.input(PrivacyRequestSchema).mutation(({ ctx, input }) => erasePerson(ctx.app, ctx.session, input.email)),
});
