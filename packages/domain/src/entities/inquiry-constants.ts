// The contact form's choices and messages without its schema (inquiry.ts).
import type { EnquiryType } from "./inquiry.js";

export const ENQUIRY_TYPES = ["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"] as const;
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
