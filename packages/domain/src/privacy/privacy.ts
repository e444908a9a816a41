import { z } from "zod";
import { BookingSchema } from "../entities/booking.js";
import { email } from "../entities/common.js";
import { GiftVoucherSchema } from "../entities/gift-voucher.js";
import { GuestSummarySchema } from "../entities/guest.js";
import { InquirySchema } from "../entities/inquiry.js";
import { NewsletterSubscriptionSchema } from "../entities/newsletter.js";
import { WaitlistEntrySchema } from "../entities/waitlist.js";
import { addMonths } from "../opening-hours/london-time.js";

/**
 * R39: what stands in for a person's details once they are erased or their retention period is
 * over. Amounts, dates, references and counts stay, for the accounts; nothing that names someone.
 */
export const ERASED = {
  name: "Erased",
  /** `.invalid` can never be delivered to (RFC 2606). */
  email: "erased@erased.invalid",
  phone: "",
  message: "[erased]",
} as const;

/** The e-mail address an owner exports or erases (R39), checked as every form checks one. */
export const PrivacyRequestSchema = z.object({ email: email("Please enter a valid email.") });
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

/** R39 export: everything held about one address, as staff see each record. */
export const PersonalDataExportSchema = z.object({
  email: z.string(),
  exportedAt: z.string(),
  bookings: z.array(BookingSchema),
  vouchers: z.array(GiftVoucherSchema),
  enquiries: z.array(InquirySchema),
  subscriptions: z.array(NewsletterSubscriptionSchema),
  /** R55: the guest records of those bookings, staff's notes and tags included. */
  guests: z.array(GuestSummarySchema),
  /** R52: the address's waiting-list entries, every day and status. */
  waitlist: z.array(WaitlistEntrySchema),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

/** How much was erased for one address, per kind of record. */
export const ErasureSchema = z.object({
  bookings: z.number().int(),
  vouchers: z.number().int(),
  enquiries: z.number().int(),
  subscriptions: z.number().int(),
  /** Waiting-list entries removed (R52): an entry is only its person, so it goes whole. */
  waitlist: z.number().int(),
});
export type Erasure = z.infer<typeof ErasureSchema>;

/**
 * R39 retention: a booking is anonymised `months` after its visit, a resolved enquiry `months` after
 * it was resolved, a waiting-list entry no longer open removed `months` after its day. The London date before which that time has passed.
 */
export function retentionCutoff(today: string, months: number): string {
  return addMonths(today, -months);
}
