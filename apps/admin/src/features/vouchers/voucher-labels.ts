import { describeRemaining, formatPence, voucherUnit, type GiftVoucher } from "@tearoom/domain";
import { formatInstantDate, formatShortDate } from "../common/format";

/** A voucher's status as staff read it (the server's, from what is left, R35). */
export const STATUS_LABELS: Record<GiftVoucher["status"], string> = { active: "Active", redeemed: "Redeemed", expired: "Expired" };
export const STATUS_COLORS: Record<GiftVoucher["status"], string> = { active: "sage", redeemed: "rose", expired: "gray" };

/** What is left (R35): "£15.10" for a monetary voucher, "1 person" for a per-person one. */
export function leftText(v: Pick<GiftVoucher, "voucherType" | "balancePence" | "peopleRemaining">): string {
  return voucherUnit(v.voucherType) === "pence" ? formatPence(v.balancePence ?? 0) : describeRemaining(v.voucherType, v.peopleRemaining ?? 0);
}

/** What is left against the price for a monetary voucher: "£15.10 of £75.00"; "1 person" otherwise. */
export function remainingText(v: Pick<GiftVoucher, "voucherType" | "balancePence" | "peopleRemaining" | "price">): string {
  return voucherUnit(v.voucherType) === "pence" ? `${leftText(v)} of ${v.price}` : leftText(v);
}

/** R50: when the voucher e-mail goes: "Due Sat, 5 Jun 2027, 8 am" while a chosen day waits, "Sent …" after, "Not e-mailed" without an address. */
export function deliveryText(v: Pick<GiftVoucher, "deliverOn" | "deliveredAt">): string {
  if (v.deliveredAt) return `Sent ${formatInstantDate(v.deliveredAt)}`;
  if (v.deliverOn) return `Due ${formatShortDate(v.deliverOn)}, 8 am`;
  return "Not e-mailed";
}
