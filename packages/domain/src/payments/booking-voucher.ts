import { z } from "zod";
import { formatPence } from "../pricing/money.js";

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
