// R35: a voucher is a ledger. What is left is the voucher's face value less what its entries
// took; these rules are zod-free so the public check form and the API share them.
import { formatLongDate } from "../opening-hours/london-time.js";
import { formatPence } from "../pricing/money.js";

/** The voucher kinds (gift-voucher-constants.ts' VOUCHER_TYPES), without importing the zod schema. */
type Kind = "afternoonTea" | "picnicHamper" | "monetary";

/**
 * A ledger entry's effect on what is left:
 * - `redemption` takes its amount or people for good;
 * - `reservation` (R36) takes them only until `expiresAt`, as a seat hold holds seats, and becomes
 *   a redemption when the payment succeeds;
 * - `restore` gives an amount or people back (a cancelled or refunded booking, R36);
 * - `note` records an action (a resend, a new expiry) and moves nothing;
 * - `issue` records that staff issued the voucher (R50: its source and note) and moves nothing.
 */
export const LEDGER_KINDS = ["redemption", "reservation", "restore", "note", "issue"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type VoucherStatus = "active" | "redeemed" | "expired";

/** What a voucher was sold as: pence for a monetary one, people for the per-person kinds. */
export interface VoucherFace {
  voucherType: Kind;
  pricePence: number;
  people: number | null;
}

/** A ledger entry as the rules read it. */
export interface LedgerMovement {
  kind: LedgerKind;
  amountPence: number | null;
  people: number | null;
  /** ISO instant; a reservation counts only before it. */
  expiresAt: string | null;
}

/** Whether a voucher is spent in pence (monetary) or in people (afternoon tea, picnic hamper). */
export function voucherUnit(voucherType: Kind): "pence" | "people" {
  return voucherType === "monetary" ? "pence" : "people";
}

/** What the voucher was worth in its own unit: its price in pence, or its number of people. */
export function faceValue(v: VoucherFace): number {
  return voucherUnit(v.voucherType) === "pence" ? v.pricePence : (v.people ?? 1);
}

function size(m: LedgerMovement, unit: "pence" | "people"): number {
  return (unit === "pence" ? m.amountPence : m.people) ?? 0;
}

/**
 * What is left for good: the face value less redemptions plus restores. Reservations are left
 * out (they lapse on their own); never below zero.
 */
export function settledRemaining(v: VoucherFace, ledger: readonly LedgerMovement[]): number {
  const unit = voucherUnit(v.voucherType);
  let left = faceValue(v);
  for (const m of ledger) {
    if (m.kind === "redemption") left -= size(m, unit);
    else if (m.kind === "restore") left += size(m, unit);
  }
  return Math.max(0, Math.min(left, faceValue(v)));
}

/** What can be spent at `nowIso`: what is left less the reservations still alive then (R36). */
export function spendableRemaining(v: VoucherFace, ledger: readonly LedgerMovement[], nowIso: string): number {
  const unit = voucherUnit(v.voucherType);
  const reserved = ledger.reduce((sum, m) => (m.kind === "reservation" && m.expiresAt !== null && m.expiresAt > nowIso ? sum + size(m, unit) : sum), 0);
  return Math.max(0, settledRemaining(v, ledger) - reserved);
}

/** The spec's isRedeemed means "nothing left" (R35); otherwise expired after its expiry date, else active. */
export function voucherStatusOf(remaining: number, expiryDate: string, today: string): VoucherStatus {
  if (remaining <= 0) return "redeemed";
  return expiryDate.slice(0, 10) < today ? "expired" : "active";
}

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = { active: "Active", redeemed: "Used up", expired: "Expired" };

/** What is left, as a visitor reads it: "£12.50" or "2 people". */
export function describeRemaining(voucherType: Kind, remaining: number): string {
  if (voucherUnit(voucherType) === "pence") return formatPence(remaining);
  return `${remaining} ${remaining === 1 ? "person" : "people"}`;
}

/** A redemption asked for: an amount (monetary) or a number of people, and staff's reason to use an expired voucher. */
export interface RedemptionAsk {
  amountPence?: number | undefined;
  people?: number | undefined;
  override?: { reason: string } | undefined;
}

export interface RedemptionProblem {
  /** 400: the wrong unit for this voucher; 409: the voucher cannot give it now. */
  status: 400 | 409;
  message: string;
}

/**
 * Why a redemption cannot be made, or null: the unit must match the voucher's kind, an expired
 * voucher needs an override reason, and nothing may take more than is spendable (R35: a balance
 * never goes below zero).
 */
export function redemptionProblem(
  v: { voucherType: Kind; expiryDate: string },
  spendable: number,
  ask: RedemptionAsk,
  today: string,
): RedemptionProblem | null {
  const unit = voucherUnit(v.voucherType);
  if (unit === "pence" && ask.amountPence === undefined) return { status: 400, message: "amountPence: a monetary voucher is redeemed by an amount in pence" };
  if (unit === "people" && ask.people === undefined) return { status: 400, message: "people: this voucher is redeemed by a number of people" };
  if (spendable <= 0) return { status: 409, message: "This voucher has nothing left." };
  if (v.expiryDate.slice(0, 10) < today && !ask.override) {
    return { status: 409, message: `This voucher expired on ${formatLongDate(v.expiryDate.slice(0, 10))}. It can only be redeemed with an override reason.` };
  }
  const wanted = unit === "pence" ? ask.amountPence! : ask.people!;
  const verb = unit === "people" && spendable !== 1 ? "are" : "is";
  if (wanted > spendable) return { status: 409, message: `Only ${describeRemaining(v.voucherType, spendable)} ${verb} left on this voucher.` };
  return null;
}
