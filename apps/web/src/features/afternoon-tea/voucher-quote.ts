import { normaliseVoucherCode, VOUCHER_CODE_PATTERN, type TeaType, type VoucherQuote } from "@tearoom/domain";
import { getJson, HttpError } from "../../lib/http";

// Part of the voucher field's own chunk: loaded when a visitor opens "Pay with a gift voucher".

/** A voucher applied to the tea (R36): its code and what it pays now. */
export interface AppliedVoucher {
  code: string;
  voucherAppliedPence: number;
  /** What is left to pay by card. */
  amountPence: number;
  summary: string;
}

export type VoucherQuoteAnswer = { ok: true; voucher: AppliedVoucher } | { ok: false; message: string };

export const VOUCHER_FORMAT_MESSAGE = "Please enter the code as it appears on your voucher, like TEA-ABCD-EFGH-JKMN.";

/** GET /api/voucher-quote (R36): what the code pays of this tea, or a message the visitor can act on. */
export async function quoteVoucher(typed: string, teaType: TeaType, guests: number): Promise<VoucherQuoteAnswer> {
  if (!typed.trim()) return { ok: false, message: "Please enter your voucher code." };
  const code = normaliseVoucherCode(typed);
  if (!VOUCHER_CODE_PATTERN.test(code)) return { ok: false, message: VOUCHER_FORMAT_MESSAGE };
  try {
    const q = await getJson<VoucherQuote>(`/api/voucher-quote?code=${encodeURIComponent(code)}&teaType=${teaType}&guests=${guests}`);
    return { ok: true, voucher: { code, voucherAppliedPence: q.voucherAppliedPence, amountPence: q.amountPence, summary: q.summary } };
  } catch (error) {
    if (error instanceof HttpError && error.serverMessage && error.status < 500) return { ok: false, message: error.serverMessage };
    if (error instanceof HttpError) return { ok: false, message: "Something went wrong on our side. Please try again in a moment." };
    return { ok: false, message: "We could not reach the tearoom's website. Please check your connection and try again." };
  }
}
