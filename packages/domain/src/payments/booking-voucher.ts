import { z } from "zod";
import type { TeaType } from "../entities/booking.js";
import type { PricingItem } from "../entities/pricing-item.js";
import { formatPence } from "../pricing/money.js";
import { TEA_ITEM_TYPE, unitPriceOrNull } from "../pricing/quote.js";

/**
 * R36: the part of a booking a gift voucher paid, as staff see it beside the card payment. A
 * monetary voucher paid `amountPence`; a per-person voucher paid for `people`. `givenBack` once
 * that part has gone back to the voucher (the booking was cancelled or refunded in full).
 */
export const BookingVoucherSchema = z.object({
  code: z.string(),
  amountPence: z.number().int().optional(),
  people: z.number().int().optional(),
  givenBack: z.boolean(),
});
export type BookingVoucher = z.infer<typeof BookingVoucherSchema>;

/** "£59.90" or "2 people": what a voucher paid of a booking, in words. */
export function voucherPartText(v: Pick<BookingVoucher, "amountPence" | "people">): string {
  if (v.people !== undefined) return `${v.people} ${v.people === 1 ? "person" : "people"}`;
  return formatPence(v.amountPence ?? 0);
}

/**
 * R51: what went back of a cancelled booking, one line a part: "Refunded £29.90 to your card",
 * "£50.00 back on gift voucher TEA-…" (or "2 people back on …"). Empty when nothing went back.
 * `card` names whose card: "your card" for the guest, "the guest's card" for staff.
 */
export function refundedLines(
  refundedPence: number,
  voucher: Pick<BookingVoucher, "code" | "amountPence" | "people" | "givenBack"> | null | undefined,
  card = "your card",
): string[] {
  const lines: string[] = [];
  if (refundedPence > 0) lines.push(`Refunded ${formatPence(refundedPence)} to ${card}`);
  if (voucher?.givenBack) lines.push(`${voucherPartText(voucher)} back on gift voucher ${voucher.code}`);
  return lines;
}

/**
 * What a gift voucher's part of a tea is worth in pence (R36), for a balance: its amount, or its
 * people at the price a per-person voucher covers (traditional tea, or the booking's tea if
 * cheaper). Nothing once it has gone back to the voucher.
 */
export function voucherPartPence(
  v: Pick<BookingVoucher, "amountPence" | "people" | "givenBack"> | null,
  items: readonly PricingItem[],
  teaType: TeaType | null,
): number {
  if (!v || v.givenBack) return 0;
  if (v.amountPence !== undefined) return v.amountPence;
  const traditional = unitPriceOrNull(items, "traditional-afternoon-tea") ?? 0;
  const unit = teaType ? (unitPriceOrNull(items, TEA_ITEM_TYPE[teaType]) ?? traditional) : traditional;
  return (v.people ?? 0) * Math.min(traditional, unit);
}
