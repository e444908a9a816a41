import { id, InquiryListQuerySchema, InquirySchema, InquiryStatsSchema } from "@tearoom/domain";
import { z } from "zod";
import { inquiryStats, listInquiriesForAdmin, resolveEnquiry } from "../services/inquiries.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { PAGED } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** The list without filters: the query's defaults (first page, its size), parsed once. */
const NO_FILTERS = InquiryListQuerySchema.parse({});

export const inquiriesRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/inquiries",
        operationId: "listEnquiries",
        tag: "enquiries",
        summary: `Enquiries, unresolved first, newest first; ?resolved= keeps one side. ${PAGED}`,
        response: z.array(InquirySchema),
        errors: [400],
        paged: true,
      },
    })
    .input(InquiryListQuerySchema.optional())
    .query(({ ctx, input }) => listInquiriesForAdmin(ctx.app, input ?? NO_FILTERS)),
  stats: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/inquiries/stats",
        operationId: "getEnquiryStats",
        tag: "enquiries",
        summary: "Enquiry counts (total, unresolved, resolved)",
        response: InquiryStatsSchema,
      },
    })
    .query(({ ctx }) => inquiryStats(ctx.app)),
  resolve: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/inquiries/resolve/:id",
        params: IdParamsSchema,
        operationId: "resolveEnquiry",
        tag: "enquiries",
        summary: "Mark an enquiry resolved (empty body)",
        response: InquirySchema,
        errors: [400, 404],
      },
    })
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => resolveEnquiry(ctx.app, input.id, ctx.session.username)),
});
