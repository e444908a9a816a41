import { z } from "zod";
import { email, honeypot, optionalText, text } from "./common.js";
import { CONTACT_MESSAGES, ENQUIRY_TYPES } from "./inquiry-constants.js";
import { pageFields } from "./list-query.js";

export const EnquiryTypeSchema = z.enum(ENQUIRY_TYPES, { error: "Please select an enquiry type" });
export type EnquiryType = z.infer<typeof EnquiryTypeSchema>;
/** The contact form (POST /api/contact). */
export const ContactMessageSchema = z.object({
  name: text(1, 100, CONTACT_MESSAGES.name),
  email: email(CONTACT_MESSAGES.email),
  phone: optionalText(40).transform((v) => (v ? v : undefined)),
  enquiryType: EnquiryTypeSchema,
  message: text(10, 5000, CONTACT_MESSAGES.message),
  website: honeypot,
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const InquirySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  enquiryType: EnquiryTypeSchema,
  message: z.string(),
  isResolved: z.boolean(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/** Admin enquiries list (GET /api/inquiries query, inquiries.list input): unresolved first, newest first, paged. */
export const InquiryListQuerySchema = z.object({
  // A query string carries "true"/"false"; z.coerce.boolean would read "false" as true.
  resolved: z.union([z.boolean(), z.stringbool()], { error: "resolved must be true or false" }).optional(),
  ...pageFields,
});
export type InquiryListQuery = z.infer<typeof InquiryListQuerySchema>;

/** The enquiries screen's counts, over every enquiry. */
export const InquiryStatsSchema = z.object({ total: z.number().int(), unresolved: z.number().int(), resolved: z.number().int() });
export type InquiryStats = z.infer<typeof InquiryStatsSchema>;
