import { formatPence, parsePoundsStrict, PAYMENT_LINK_MAX_PENCE } from "@tearoom/domain";

/** The amount field's problem in words, or null: pounds and pence, at least 30p (the card networks' minimum). */
export function linkAmountError(value: string): string | null {
  const pence = parsePoundsStrict(value);
  if (pence === null) return "Please enter an amount in pounds, e.g. 10 or 12.50";
  if (pence < 30) return "Please ask for at least £0.30";
  if (pence > PAYMENT_LINK_MAX_PENCE) return `Please ask for at most ${formatPence(PAYMENT_LINK_MAX_PENCE)}`;
  return null;
}
