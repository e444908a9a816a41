import { z } from "zod";
import { pageFields } from "./list-query.js";

/**
 * R40: what staff changed, as the Activity screen names it. Services record more kinds later
 * (bookings, refunds, privacy) by adding their action here; the filter accepts any well-formed
 * action, so an older screen still lists a newer one.
 */
export const AUDIT_ACTIONS = {
  "pricing.create": "Pricing item added",
  "pricing.update": "Pricing item changed",
  "pricing.delete": "Pricing item deleted",
  "setting.create": "Setting added",
  "setting.update": "Setting changed",
  "setting.delete": "Setting deleted",
  "hours.update": "Opening hours changed",
  "policy.update": "Booking policy changed",
  "newsletter.status": "Subscription switched",
  "newsletter.delete": "Subscriber deleted",
  "inquiry.resolve": "Enquiry resolved",
  "account.create": "Account added",
  "account.delete": "Account removed",
  "account.password-reset": "Password reset",
  "account.password-change": "Own password changed",
  "booking.create": "Reservation added",
  "booking.update": "Reservation changed",
  "booking.confirm": "Request confirmed",
  "booking.decline": "Request declined",
  "booking.cancel": "Reservation cancelled",
  "booking.arrival": "Arrival marked",
  "booking.refund": "Refund made",
  "booking.fee": "Fee charged",
  "booking.fee-declined": "Fee declined",
  "guest.update": "Guest notes or tags changed",
  "area.create": "Seating area added",
  "area.update": "Seating area changed",
  "area.delete": "Seating area removed",
  "closure.close": "Date closed",
  "closure.reopen": "Date reopened",
  "voucher.issue": "Voucher issued",
  "voucher.redeem": "Voucher redeemed",
  "voucher.resend": "Voucher resent",
  "voucher.extend": "Voucher expiry extended",
  "privacy.export": "Personal data exported",
  "privacy.erase": "Person erased",
} as const satisfies Record<string, string>;
export type KnownAuditAction = keyof typeof AUDIT_ACTIONS;

const ACTION_MESSAGE = "action must look like area.verb (lower-case letters and dashes)";
export const auditAction = z.string({ error: ACTION_MESSAGE }).regex(/^[a-z-]{1,40}\.[a-z-]{1,40}$/, { error: ACTION_MESSAGE });

/** A JSON object of what the subject was or became; null when it did not exist before or after. */
export const AuditStateSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditState = z.infer<typeof AuditStateSchema>;

/** One audit event as the API answers it (GET /api/audit-events). */
export const AuditEventSchema = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: AuditStateSchema,
  after: AuditStateSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** `?page=&pageSize=&actor=&action=` of the Activity list, newest first. */
export const AuditListQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(100, { error: "actor must be at most 100 characters" })
    .optional()
    .transform((v) => v || undefined),
  action: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(auditAction.optional()),
  ...pageFields,
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** The fields that differ between before and after, for a readable "before → after". */
export function changedFields(before: AuditState, after: AuditState): { field: string; before: unknown; after: unknown }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}
