import { z } from "zod";

/** R56: a newsletter's subject, as the compose form and POST /api/newsletter/campaigns take it. */
export const CAMPAIGN_SUBJECT_MAX = 150;
/** R56: the body, Markdown (simple formatting); long enough for a seasonal letter, short enough for one e-mail. */
export const CAMPAIGN_BODY_MAX = 20_000;

export const CampaignDraftSchema = z.object({
  subject: z
    .string({ error: "subject is required" })
    .trim()
    .min(1, { error: "subject is required" })
    .max(CAMPAIGN_SUBJECT_MAX, { error: `subject: at most ${CAMPAIGN_SUBJECT_MAX} characters` }),
  body: z
    .string({ error: "body is required" })
    .trim()
    .min(1, { error: "body is required" })
    .max(CAMPAIGN_BODY_MAX, { error: `body: at most ${CAMPAIGN_BODY_MAX} characters` }),
});
export type CampaignDraft = z.infer<typeof CampaignDraftSchema>;

/** PATCH /api/newsletter/campaigns/{id}: a draft's subject or body, either or both. */
export const CampaignChangeSchema = CampaignDraftSchema.partial();
export type CampaignChange = z.infer<typeof CampaignChangeSchema>;

export const CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

/** A campaign as staff see it: `recipients` counted when the send started, `sent` those delivered since. */
export const CampaignSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  status: CampaignStatusSchema,
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sendStartedAt: z.string().nullable(),
  sentBy: z.string().nullable(),
  /** When the last message went out; null until every recipient's has. */
  sentAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** The campaign status from its counts: a draft until sent, then sending until every message went out. */
export function campaignStatus(c: { sendStartedAt: string | null; recipients: number; sent: number; skipped: number }): CampaignStatus {
  if (!c.sendStartedAt) return "draft";
  return c.sent + c.skipped >= c.recipients ? "sent" : "sending";
}

/** The preview of a draft: what the e-mail's two parts say. */
export const CampaignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

export const CampaignSendResultSchema = z.object({ recipients: z.number().int() });
export const CampaignTestResultSchema = z.object({ to: z.string() });

/** Issue 34: a staff account's private calendar feed. The URL is shown once, when it is made. */
export const CalendarFeedSchema = z.object({ id: z.number().int(), createdAt: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
export const CalendarFeedCreatedSchema = CalendarFeedSchema.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;
