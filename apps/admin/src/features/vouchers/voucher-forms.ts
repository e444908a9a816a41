import { poundsToPence, VoucherRedemptionSchema, voucherUnit, type VoucherDetail, type VoucherRedemption } from "@tearoom/domain";

/** The redeem form as staff fill it: pounds for a monetary voucher, people for a per-person one. */
export interface RedeemValues {
  amount: string | number;
  people: string | number;
  note: string;
  overrideReason: string;
}

export const emptyRedeem: RedeemValues = { amount: "", people: "", note: "", overrideReason: "" };

/** The form's values as the API's redemption (VoucherRedemptionSchema), or a message per form field. */
export function toRedemption(
  voucher: Pick<VoucherDetail, "voucherType" | "status">,
  values: RedeemValues,
): { ok: true; data: VoucherRedemption } | { ok: false; errors: Record<string, string> } {
  const monetary = voucherUnit(voucher.voucherType) === "pence";
  const amount = values.amount === "" ? undefined : Number(values.amount);
  const people = values.people === "" ? undefined : Number(values.people);
  if (monetary && (amount === undefined || !Number.isFinite(amount) || amount <= 0))
    return { ok: false, errors: { amount: "Enter the amount to take, in pounds" } };
  if (!monetary && (people === undefined || !Number.isInteger(people) || people <= 0))
    return { ok: false, errors: { people: "Enter how many people to take" } };
  const expired = voucher.status === "expired";
  if (expired && values.overrideReason.trim().length < 3)
    return { ok: false, errors: { overrideReason: "This voucher has expired: give a reason to redeem it anyway" } };
  const parsed = VoucherRedemptionSchema.safeParse({
    ...(monetary ? { amountPence: poundsToPence(amount!) } : { people }),
    note: values.note,
    ...(expired ? { override: { reason: values.overrideReason } } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field =
      issue.path[0] === "amountPence" ? (monetary ? "amount" : "people") : issue.path[0] === "override" ? "overrideReason" : String(issue.path[0] ?? "amount");
    return { ok: false, errors: { [field]: issue.message } };
  }
  return { ok: true, data: parsed.data };
}
