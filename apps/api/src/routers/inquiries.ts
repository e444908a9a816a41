import { id, InquiryListQuerySchema } from "@tearoom/domain";
import { z } from "zod";
import { inquiryStats, listInquiriesForAdmin, resolveEnquiry } from "../services/inquiries.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const inquiriesRouter = router({
  list: protectedProcedure.input(InquiryListQuerySchema.optional()).query(({ ctx, input }) => listInquiriesForAdmin(ctx.app, input ?? {})),
  stats: protectedProcedure.query(({ ctx }) => inquiryStats(ctx.app)),
  resolve: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => resolveEnquiry(ctx.app, input.id, ctx.session.username)),
});
