import { dashboardSummary } from "../services/dashboard.js";
import { staffProcedure, router } from "../../trpc/init.js";

export const dashboardRouter = router({
  summary: staffProcedure.query(({ ctx }) => dashboardSummary(ctx.app)),
});
