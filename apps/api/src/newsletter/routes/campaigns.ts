import {
  CampaignChangeSchema,
  CampaignDraftSchema,
  CampaignPreviewSchema,
  CampaignSchema,
  CampaignSendResultSchema,
  CampaignTestResultSchema,
  id,
} from "@tearoom/domain";
import { z } from "zod";
import { changeDraft, createCampaign, listAllCampaigns, previewCampaign, sendCampaign, sendCampaignTest } from "../services/campaigns.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { message } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** R56: newsletters staff write, preview, test on themselves and send once to the confirmed subscribers. */
export const campaignsRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/newsletter/campaigns",
        operationId: "listCampaigns",
        tag: "newsletter",
        summary: "Newsletters, newest first, with their status (draft, sending, sent), recipients and how many were sent",
        response: z.array(CampaignSchema),
      },
    })
    .query(({ ctx }) => listAllCampaigns(ctx.app)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/newsletter/campaigns",
        status: 201,
        operationId: "createCampaign",
        tag: "newsletter",
        summary: "Write a newsletter: a draft with its subject and body (Markdown: simple formatting; raw HTML is escaped)",
        response: CampaignSchema,
        errors: [400],
      },
    })
    .input(CampaignDraftSchema)
    .mutation(({ ctx, input }) => createCampaign(ctx.app, ctx.session, input)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/newsletter/campaigns/:id",
        params: IdParamsSchema,
        operationId: "updateCampaign",
        tag: "newsletter",
        summary: "Change a draft's subject or body",
        response: CampaignSchema,
        errors: [400, 404],
        responses: { 409: message("The newsletter has been sent and can no longer change") },
      },
    })
    .input(CampaignChangeSchema.extend({ id }))
    .mutation(({ ctx, input: { id: campaignId, ...change } }) => changeDraft(ctx.app, campaignId, change)),
  preview: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/newsletter/campaigns/preview",
        operationId: "previewCampaign",
        tag: "newsletter",
        summary: "The e-mail a subscriber would get for this subject and body: its HTML and plain-text parts (nothing is saved or sent)",
        response: CampaignPreviewSchema,
        errors: [400],
      },
    })
    .input(CampaignDraftSchema)
    .mutation(({ ctx, input }) => previewCampaign(ctx.app, input)),
  test: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/newsletter/campaigns/:id/test",
        params: IdParamsSchema,
        status: 202,
        operationId: "sendCampaignTest",
        tag: "newsletter",
        summary: "E-mail the newsletter, marked as a test, to the signed-in staff member's own address",
        response: CampaignTestResultSchema,
        errors: [400, 404],
        responses: { 409: message("Your staff account has no e-mail address") },
      },
    })
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => sendCampaignTest(ctx.app, ctx.session, input.id)),
  send: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/newsletter/campaigns/:id/send",
        params: IdParamsSchema,
        status: 202,
        operationId: "sendCampaign",
        tag: "newsletter",
        summary:
          "Send the newsletter once to every confirmed active subscriber, through the outbox at a bounded rate (60 a minute), each with RFC 8058 one-click unsubscribe",
        response: CampaignSendResultSchema,
        errors: [400, 404],
        responses: { 409: message("The newsletter has already been sent") },
      },
    })
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => sendCampaign(ctx.app, ctx.session, input.id)),
});
