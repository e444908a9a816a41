import { id } from "@tearoom/domain";
import { z } from "zod";
import { listAllInquiries, resolveEnquiry } from "../services/inquiries.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const inquiriesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listAllInquiries(ctx.app)),
  resolve: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => resolveEnquiry(ctx.app, input.id)),
});
