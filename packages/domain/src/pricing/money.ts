/** Formats integer pence as pounds with two decimals: 2995 → "£29.95". */
export function formatPence(pence: number): string {
  const rounded = Math.round(pence);
  // The sign follows the rounded amount, so -0.4p shows as £0.00, not -£0.00.
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  // Thousands grouped by hand so browser and server print the same text whatever their locale data.
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** Like formatPence, but whole pounds without pence, as headline amounts are written: 24900 → £249, 2995 → £29.95. */
export function formatPenceShort(pence: number): string {
  return formatPence(pence).replace(/\.00$/, "");
}

/** Pounds (as typed, up to two decimals) to integer pence, avoiding float drift: 29.95 → 2995. */
export function poundsToPence(pounds: number): number {
  return Math.round(Number((pounds * 100).toFixed(4)));
}

/** Integer pence to pounds for display in an input: 2995 → 29.95. */
export function penceToPounds(pence: number): number {
  return pence / 100;
}

/** Spec: a voucher list's total value is the sum of the numbers in the price texts ("£50.00" → 50). */
export function sumPriceTexts(prices: readonly string[]): number {
  let totalPence = 0;
  for (const price of prices) {
    const match = price.replace(/,/g, "").match(/-?\d+(\.\d+)?/);
    if (match) totalPence += poundsToPence(Number(match[0]));
  }
  return totalPence / 100;
}
