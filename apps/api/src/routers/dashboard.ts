import { dashboardSummary } from "../services/dashboard.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const dashboardRouter = router({
  summary: protectedProcedure.query(({ ctx }) => dashboardSummary(ctx.app)),
});
