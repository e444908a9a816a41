import { AuditEventSchema, AuditListQuerySchema } from "@tearoom/domain";
import { z } from "zod";
import { listAudit } from "../services/audit.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** The list without filters: the query's defaults (first page, its size), parsed once. */
const NO_FILTERS = AuditListQuerySchema.parse({});

/** R40: the Activity screen's list. */
export const auditRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/audit-events",
        operationId: "listAuditEvents",
        tag: "staff",
        summary: "What staff changed (R40), newest first; ?actor= and ?action= filter. One page; the full count in the X-Total-Count header.",
        response: z.array(AuditEventSchema),
        errors: [400],
        paged: true,
      },
    })
    .input(AuditListQuerySchema.optional())
    .query(({ ctx, input }) => listAudit(ctx.app, input ?? NO_FILTERS)),
});
