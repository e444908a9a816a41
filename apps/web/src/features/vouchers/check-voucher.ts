import {
  describeRemaining,
  formatLongDate,
  normaliseVoucherCode,
  paysForTea,
  VOUCHER_CODE_PATTERN,
  VOUCHER_STATUS_LABELS,
  VOUCHER_TYPE_LABELS,
  type VoucherBalance,
} from "@tearoom/domain";
import { getJson, HttpError } from "../../lib/http";

// Loaded when a visitor first sends the check form, so the page's first view carries none of it.

/** A voucher's balance as the check form shows it. */
export interface VoucherCheckResult {
  code: string;
  type: string;
  left: string;
  expires: string;
  status: VoucherBalance["status"];
  statusLabel: string;
  /** R36: it can pay for afternoon tea online (not a picnic hamper voucher). */
  usableForTea: boolean;
}

export type VoucherCheck = { ok: true; result: VoucherCheckResult } | { ok: false; message: string };

export const CODE_FORMAT_MESSAGE = "Please enter the code as it appears on your voucher, like TEA-ABCD-EFGH-JKMN.";

/** GET /api/voucher-balance (R35): what a code has left, or a message a visitor can act on. */
export async function checkVoucher(typed: string): Promise<VoucherCheck> {
  if (!typed.trim()) return { ok: false, message: "Please enter your voucher code." };
  const code = normaliseVoucherCode(typed);
  if (!VOUCHER_CODE_PATTERN.test(code)) return { ok: false, message: CODE_FORMAT_MESSAGE };
  try {
    const b = await getJson<VoucherBalance>(`/api/voucher-balance?code=${encodeURIComponent(code)}`);
    const remaining = b.balancePence ?? b.peopleRemaining ?? 0;
    return {
      ok: true,
      result: {
        code,
        type: VOUCHER_TYPE_LABELS[b.voucherType],
        left: remaining > 0 ? `${describeRemaining(b.voucherType, remaining)} left` : "Nothing left",
        expires: formatLongDate(b.expiryDate.slice(0, 10)),
        status: b.status,
        statusLabel: VOUCHER_STATUS_LABELS[b.status],
        usableForTea: paysForTea(b.voucherType),
      },
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { ok: false, message: CODE_FORMAT_MESSAGE };
    if (error instanceof HttpError && error.serverMessage && error.status < 500) return { ok: false, message: error.serverMessage };
    if (error instanceof HttpError) return { ok: false, message: "Something went wrong on our side. Please try again in a moment." };
    return { ok: false, message: "We could not reach the tearoom's website. Please check your connection and try again." };
  }
}
