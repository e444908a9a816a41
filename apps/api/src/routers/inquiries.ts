import { id, InquiryListQuerySchema } from "@tearoom/domain";
import { z } from "zod";
import { inquiryStats, listInquiriesForAdmin, resolveEnquiry } from "../services/inquiries.js";
import { staffProcedure, router } from "../trpc/init.js";

export const inquiriesRouter = router({
  list: staffProcedure.input(InquiryListQuerySchema.optional()).query(({ ctx, input }) => listInquiriesForAdmin(ctx.app, input ?? {})),
  stats: staffProcedure.query(({ ctx }) => inquiryStats(ctx.app)),
  resolve: staffProcedure.input(z.object({ id })).mutation(({ ctx, input }) => resolveEnquiry(ctx.app, input.id, ctx.session.username)),
});
