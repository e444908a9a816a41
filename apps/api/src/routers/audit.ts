import { AuditListQuerySchema } from "@tearoom/domain";
import { listAudit } from "../services/audit.js";
import { staffProcedure, router } from "../trpc/init.js";

/** R40: the Activity screen's list. */
export const auditRouter = router({
  list: staffProcedure.input(AuditListQuerySchema.optional()).query(({ ctx, input }) => listAudit(ctx.app, input ?? {})),
});
