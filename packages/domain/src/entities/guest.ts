import { z } from "zod";
import { listSearch, pageFields } from "./list-query.js";
import { BookingSchema, type Booking } from "./booking.js";
import { cancelledLate } from "../payments/fees.js";
import { voucherPartPence } from "../payments/booking-voucher.js";
import type { PricingItem } from "./pricing-item.js";

/**
 * R55: a guest who comes back. One record per e-mail address (trimmed, lower-case), or per phone
 * number when a booking has none; the database links every booking to it (decision 035). The
 * counts are read from the guest's bookings, never stored.
 */

export const GUEST_TAG_MAX = 30;
export const GUEST_TAGS_MAX = 20;
export const GUEST_NOTES_MAX = 2000;

const TAGS_MESSAGE = `tags must be a list of at most ${GUEST_TAGS_MAX} tags of 1 to ${GUEST_TAG_MAX} characters`;

/** Tags as staff type them: trimmed, empty ones dropped, the same tag (in any case) kept once, first spelling first. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

export const GuestTagsSchema = z
  .array(z.string({ error: TAGS_MESSAGE }), { error: TAGS_MESSAGE })
  .transform(normaliseTags)
  .refine((tags) => tags.length <= GUEST_TAGS_MAX && tags.every((t) => t.length <= GUEST_TAG_MAX), { error: TAGS_MESSAGE });

/** PATCH /api/guests/{id}: staff's notes and tags; either may be left out, nothing else is taken. */
export const GuestUpdateSchema = z.strictObject(
  {
    notes: z
      .string({ error: "notes must be text" })
      .trim()
      .max(GUEST_NOTES_MAX, { error: `notes must be at most ${GUEST_NOTES_MAX} characters` })
      .optional(),
    tags: GuestTagsSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `${issue.keys.join(", ")} cannot be changed: only notes and tags` : "Expected an object of notes and tags",
  },
);
export type GuestUpdate = z.infer<typeof GuestUpdateSchema>;

/** GET /api/guests: search by name, e-mail or phone (words matched at their start, as the other lists), one page. */
const IDS_MESSAGE = "ids must be up to 200 guest ids separated by commas";
export const GuestListQuerySchema = z.object({
  search: listSearch,
  /** The guests of these ids only ("4,17,23"): the summaries staff see beside a page of bookings. */
  ids: z
    .string({ error: IDS_MESSAGE })
    .regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,199}$/, { error: IDS_MESSAGE })
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .optional(),
  ...pageFields,
});
export type GuestListQuery = z.infer<typeof GuestListQuerySchema>;

export const GuestCountsSchema = z.object({
  /** Confirmed bookings marked arrived, or confirmed and past without a no-show mark. */
  visits: z.number().int(),
  noShows: z.number().int(),
  /** Staff cancels at or after the cut-off (decision 033). */
  lateCancels: z.number().int(),
  /** Card paid (fees included) plus the voucher part, less refunds. */
  spendPence: z.number().int(),
});
export type GuestCounts = z.infer<typeof GuestCountsSchema>;

/** A guest in the Guests list. */
export const GuestSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  ...GuestCountsSchema.shape,
  notes: z.string(),
  tags: z.array(z.string()),
});
export type GuestSummary = z.infer<typeof GuestSummarySchema>;

/** A guest with their bookings, newest first. */
export const GuestSchema = GuestSummarySchema.extend({ bookings: z.array(BookingSchema) });
export type Guest = z.infer<typeof GuestSchema>;

/** What counting a guest's bookings needs beyond them. */
export interface GuestCountContext {
  /** Today in London (yyyy-MM-dd): a confirmed booking before it without a no-show mark was a visit. */
  today: string;
  /** R37's cut-off, in hours before the visit. */
  cancellationHours: number;
  /** When staff cancelled each booking, by id (ISO); a booking not in it was not cancelled by staff. */
  cancelledAt: ReadonlyMap<number, string>;
  items: readonly PricingItem[];
}

/** R55: a guest's visits, no-shows, late cancels and spend, from their bookings. */
export function guestCounts(bookings: readonly Booking[], ctx: GuestCountContext): GuestCounts {
  const counts: GuestCounts = { visits: 0, noShows: 0, lateCancels: 0, spendPence: 0 };
  for (const b of bookings) {
    if (b.status === "confirmed" && b.arrival === "no-show") counts.noShows++;
    else if (b.status === "confirmed" && (b.arrival === "arrived" || b.date < ctx.today)) counts.visits++;
    if (b.status === "cancelled" && cancelledLate({ ...b, cancelledAt: ctx.cancelledAt.get(b.id) ?? null }, ctx.cancellationHours)) counts.lateCancels++;
    counts.spendPence += (b.payment ? b.payment.paidPence - b.payment.refundedPence : 0) + voucherPartPence(b.voucher ?? null, ctx.items, b.teaType);
  }
  return counts;
}

/** "3 visits · 1 no-show": what staff see of a guest beside each of their bookings. */
export function guestSummaryText(c: Pick<GuestCounts, "visits" | "noShows" | "lateCancels">): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [c.visits === 0 ? "No visits yet" : plural(c.visits, "visit")];
  if (c.noShows > 0) parts.push(plural(c.noShows, "no-show"));
  if (c.lateCancels > 0) parts.push(plural(c.lateCancels, "late cancel"));
  return parts.join(" · ");
}
