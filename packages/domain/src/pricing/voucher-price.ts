// The gift voucher formula shared by the server's quote (quote.ts) and the checkout; a module of
// its own for the same reason as tea-price.ts.
import { VOUCHER_PEOPLE } from "../constants.js";
import type { VoucherType } from "../entities/gift-voucher.js";
import { poundsToPence } from "./money.js";

/** What a voucher is priced with: a monetary voucher's amount in pounds, a per-person voucher's people. */
export interface VoucherAsk {
  amountPounds?: number | undefined;
  people?: number | undefined;
}

/**
 * A gift voucher's price in pence (R10): a per-person voucher is its price per person
 * (`unitPence`, null while off sale) times people, 1 unless said; a monetary voucher is its
 * amount. Null: not on sale, or a monetary voucher with no amount. The checkout's total and the
 * server's quote (`quoteVoucher`) both come from it.
 */
export function voucherPrice(voucherType: VoucherType, unitPence: number | null, opts: VoucherAsk): number | null {
  if (voucherType === "monetary") return opts.amountPounds === undefined ? null : poundsToPence(opts.amountPounds);
  return unitPence === null ? null : unitPence * (opts.people ?? VOUCHER_PEOPLE.default);
}
