import { z } from "zod";
import { email, honeypot, optionalText } from "./common.js";
import { listSearch, pageFields } from "./list-query.js";

export const NEWSLETTER_SOURCES = ["popup", "footer", "admin", "api"] as const;
export const NewsletterSourceSchema = z.enum(NEWSLETTER_SOURCES);

/** Visitor newsletter form: email only; the API also takes names and a source (R16). Double opt-in: nothing is active until confirmed. */
export const NewsletterSubscribeSchema = z.object({
  email: email("Please enter a valid email"),
  firstName: optionalText(60),
  lastName: optionalText(60),
  source: NewsletterSourceSchema.default("api"),
  website: honeypot,
});
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;

/** The token of a confirmation or unsubscribe link, as the page's button sends it (R16, R26). */
export const NewsletterTokenSchema = z.object({
  token: z.string({ error: "token is required" }).min(1, { error: "token is required" }).max(200, { error: "token is not valid" }),
});
export type NewsletterToken = z.infer<typeof NewsletterTokenSchema>;

export const NewsletterStatusSchema = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }) });

export const NewsletterSubscriptionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  source: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;

/** Admin newsletters list (GET /api/newsletters query, newsletters.list input): newest first, paged. */
export const NewsletterListQuerySchema = z.object({ search: listSearch, ...pageFields });
export type NewsletterListQuery = z.infer<typeof NewsletterListQuerySchema>;

/** The newsletters screen's stats, over every subscription whatever the search. */
export const NewsletterStatsSchema = z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() });
export type NewsletterStats = z.infer<typeof NewsletterStatsSchema>;
