import { z } from "zod";
import { email, honeypot, optionalText, text } from "./common.js";

export const ENQUIRY_TYPES = ["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"] as const;
export const EnquiryTypeSchema = z.enum(ENQUIRY_TYPES, { error: "Please select an enquiry type" });
export type EnquiryType = z.infer<typeof EnquiryTypeSchema>;
export const ENQUIRY_TYPE_LABELS: Record<EnquiryType, string> = {
  "group-booking": "Group Booking",
  "special-requirements": "Special Requirements",
  "gift-vouchers": "Gift Vouchers",
  "general-enquiry": "General Enquiry",
};

export const CONTACT_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter a valid email",
  enquiryType: "Please select an enquiry type",
  message: "Message must be at least 10 characters",
} as const;

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
