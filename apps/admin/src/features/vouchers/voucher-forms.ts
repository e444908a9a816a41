import {
  poundsToPence,
  VOUCHER_PEOPLE,
  VoucherIssueSchema,
  VoucherRedemptionSchema,
  voucherUnit,
  type VoucherDetail,
  type VoucherIssue,
  type VoucherRedemption,
  type VoucherType,
} from "@tearoom/domain";

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

/** R50: the sources staff may choose, in the order the dialog lists them. */
export const STAFF_SOURCES = ["till-card", "till-cash", "phone", "complimentary"] as const;

/** The issue dialog as staff fill it: pounds for a monetary voucher, people for a per-person one. */
export interface IssueValues {
  voucherType: VoucherType;
  amount: string | number;
  people: string | number;
  recipientName: string;
  recipientEmail: string;
  source: (typeof STAFF_SOURCES)[number];
  note: string;
}

export const emptyIssue: IssueValues = {
  voucherType: "monetary",
  amount: "",
  people: VOUCHER_PEOPLE.default,
  recipientName: "",
  recipientEmail: "",
  source: "till-card",
  note: "",
};

const ISSUE_FIELD: Record<string, keyof IssueValues> = { amountPence: "amount" };

/** The dialog's values as the API's issue (VoucherIssueSchema), or a message per dialog field. */
export function toIssue(values: IssueValues): { ok: true; data: VoucherIssue } | { ok: false; errors: Record<string, string> } {
  const monetary = values.voucherType === "monetary";
  const amount = values.amount === "" ? undefined : Number(values.amount);
  const people = values.people === "" ? undefined : Number(values.people);
  if (monetary && (amount === undefined || !Number.isFinite(amount) || amount <= 0))
    return { ok: false, errors: { amount: "Enter the voucher's value in pounds" } };
  if (!monetary && (people === undefined || !Number.isInteger(people) || people <= 0))
    return { ok: false, errors: { people: "Enter how many people it is for" } };
  const parsed = VoucherIssueSchema.safeParse({
    voucherType: values.voucherType,
    ...(monetary ? { amountPence: poundsToPence(amount!) } : { people }),
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    source: values.source,
    note: values.note,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? "amount");
    // The schema names its fields as the API does; the dialog shows the message under its own field, in pounds.
    const message =
      key === "amountPence"
        ? issue.message
            .replace(/^amountPence must be at least 100 \(£1\)$/, "The value must be at least £1")
            .replace(/^amountPence must be at most 100000 \(£1,000\)$/, "The value must be at most £1,000")
        : issue.message;
    return { ok: false, errors: { [ISSUE_FIELD[key] ?? key]: message } };
  }
  return { ok: true, data: parsed.data };
}
