import { formatPence } from "@tearoom/domain";

/** R51: where the money of a cancelled booking goes, for its one cancel e-mail. */
export interface MoneyBack {
  /** Refunded to the card with the cancel, in pence (0: nothing). */
  cardPence: number;
  /** R22: a demo payment: nothing was charged, so nothing reaches a card. */
  testPayment: boolean;
  /** The gift voucher part given back, and what the voucher holds now (pence, or people). */
  voucher: { code: string; amountPence?: number; people?: number; remaining: number } | null;
}

/** R51: one line a part: "£29.90 goes back to your card (3–5 working days).", "£50.00 goes back on gift voucher …, now worth £50.00." */
export function moneyBackLines(m: MoneyBack | undefined): string[] {
  if (!m) return [];
  const lines: string[] = [];
  if (m.cardPence > 0)
    lines.push(
      m.testPayment
        ? `${formatPence(m.cardPence)} is refunded in test mode: nothing was charged, so nothing reaches your card.`
        : `${formatPence(m.cardPence)} goes back to your card (3–5 working days).`,
    );
  const v = m.voucher;
  if (v?.people !== undefined)
    lines.push(`Afternoon tea for ${v.people} goes back on gift voucher ${v.code}, now good for ${v.remaining} ${v.remaining === 1 ? "person" : "people"}.`);
  else if (v) lines.push(`${formatPence(v.amountPence ?? 0)} goes back on gift voucher ${v.code}, now worth ${formatPence(v.remaining)}.`);
  return lines;
}
