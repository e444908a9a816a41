// R36: what a gift voucher pays of an afternoon tea. Zod-free and pure, so the quote endpoint,
// the payment (inside the writer thread's transaction) and the web share one answer.
import { formatLongDate } from "../opening-hours/london-time.js";
import { formatPence } from "../pricing/money.js";
import { describeRemaining } from "./ledger.js";

type Kind = "afternoonTea" | "picnicHamper" | "monetary";

/** The voucher as the rule reads it; `spendable` is `spendableRemaining` now (live reservations held back). */
export interface TeaVoucher {
  voucherType: Kind;
  expiryDate: string;
  spendable: number;
}

/** The tea asked for: guests, and the prices per person of the chosen tea and of traditional tea. */
export interface TeaAsk {
  guests: number;
  unitPence: number;
  traditionalPence: number;
}

/**
 * What the voucher pays: `voucherAppliedPence` off the `totalPence`, `amountPence` left to pay by
 * card, and what the ledger takes (`people` for an afternoon-tea voucher, `ledgerPence` for a
 * monetary one). `coveredGuests`: guests an afternoon-tea voucher covers (null for money).
 */
export interface TeaCover {
  totalPence: number;
  voucherAppliedPence: number;
  amountPence: number;
  coveredGuests: number | null;
  people: number | null;
  ledgerPence: number | null;
  /** What a visitor reads, e.g. "Covers traditional tea for 2 guests; £18.00 left to pay". */
  summary: string;
}

export interface TeaCoverProblem {
  /** 400: not this kind of voucher or no such code; 409: the voucher cannot pay now. */
  status: 400 | 409;
  message: string;
}

export const UNKNOWN_VOUCHER_MESSAGE = "No voucher has that code. Please check it and try again.";
export const HAMPER_VOUCHER_MESSAGE = "This is a picnic hamper voucher, so it cannot pay for afternoon tea. Please call us to book your hamper.";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** R36: whether a voucher of this kind can pay for afternoon tea online (a picnic hamper voucher cannot). */
export function paysForTea(voucherType: Kind): boolean {
  return voucherType !== "picnicHamper";
}

/** Why `voucher` (null: no voucher has the code) cannot pay for tea on `today`, or null. */
export function teaVoucherProblem(voucher: Pick<TeaVoucher, "voucherType" | "expiryDate" | "spendable"> | null, today: string): TeaCoverProblem | null {
  if (!voucher) return { status: 400, message: UNKNOWN_VOUCHER_MESSAGE };
  if (!paysForTea(voucher.voucherType)) return { status: 400, message: HAMPER_VOUCHER_MESSAGE };
  if (voucher.expiryDate.slice(0, 10) < today)
    return { status: 409, message: `This voucher expired on ${formatLongDate(voucher.expiryDate.slice(0, 10))}, so it cannot be used online. Please call us.` };
  if (voucher.spendable <= 0) return { status: 409, message: "This voucher has nothing left to spend (or is being used for another booking right now)." };
  return null;
}

/**
 * R36: an afternoon-tea voucher covers traditional tea for up to its people left (champagne tea:
 * the traditional price per covered guest, the difference paid); a monetary voucher covers up
 * to its balance; the rest is paid by card.
 */
export function teaVoucherCover(voucher: TeaVoucher | null, tea: TeaAsk, today: string): TeaCover | TeaCoverProblem {
  const problem = teaVoucherProblem(voucher, today);
  if (problem) return problem;
  const v = voucher!;
  const totalPence = tea.unitPence * tea.guests;
  if (v.voucherType === "afternoonTea") {
    const covered = Math.min(tea.guests, v.spendable);
    const applied = covered * Math.min(tea.traditionalPence, tea.unitPence);
    const amountPence = totalPence - applied;
    const upgrade = tea.unitPence > tea.traditionalPence ? " (the champagne upgrade is paid)" : "";
    return {
      totalPence,
      voucherAppliedPence: applied,
      amountPence,
      coveredGuests: covered,
      people: covered,
      ledgerPence: null,
      summary: `Covers traditional tea for ${plural(covered, "guest")}${upgrade}; ${amountPence > 0 ? `${formatPence(amountPence)} left to pay` : "nothing left to pay"}.`,
    };
  }
  const applied = Math.min(v.spendable, totalPence);
  const amountPence = totalPence - applied;
  const after = v.spendable - applied;
  return {
    totalPence,
    voucherAppliedPence: applied,
    amountPence,
    coveredGuests: null,
    people: null,
    ledgerPence: applied,
    summary: `Covers ${formatPence(applied)}; ${amountPence > 0 ? `${formatPence(amountPence)} left to pay` : "nothing left to pay"}${after > 0 ? ` (${describeRemaining("monetary", after)} stays on the voucher)` : ""}.`,
  };
}

export function isTeaCoverProblem(x: TeaCover | TeaCoverProblem): x is TeaCoverProblem {
  return "status" in x;
}

/**
 * R37 with R34 and R36: a guest paid online for a tea and now brings fewer guests. The booking
 * ends up paid as if booked for `newGuests` in the first place: the voucher covers what it would
 * have covered (so it gets back the rest of what it gave, `voucherBack` in its own unit: people for
 * an afternoon-tea voucher, pence for money), and the card keeps only what was left to pay, so
 * `cardPence` of what it still holds goes back. `unitPence` is the booking's price per guest.
 */
export function fewerGuestsReturn(p: {
  unitPence: number;
  traditionalPence: number;
  newGuests: number;
  cardLeftPence: number;
  voucher: { voucherType: "afternoonTea" | "monetary"; used: number } | null;
}): { cardPence: number; voucherBack: number } {
  const tea = { guests: p.newGuests, unitPence: p.unitPence, traditionalPence: p.traditionalPence };
  if (!p.voucher || p.voucher.used <= 0) return { cardPence: Math.max(0, p.cardLeftPence - p.unitPence * p.newGuests), voucherBack: 0 };
  // The voucher as it stood for this booking: what the booking took of it is all it may cover.
  const cover = teaVoucherCover({ voucherType: p.voucher.voucherType, expiryDate: "9999-12-31", spendable: p.voucher.used }, tea, "0000-01-01");
  if (isTeaCoverProblem(cover)) return { cardPence: Math.max(0, p.cardLeftPence - p.unitPence * p.newGuests), voucherBack: 0 };
  const kept = p.voucher.voucherType === "afternoonTea" ? (cover.people ?? 0) : (cover.ledgerPence ?? 0);
  return { cardPence: Math.max(0, p.cardLeftPence - cover.amountPence), voucherBack: p.voucher.used - kept };
}
