// R50: a voucher's e-mail may wait for a day the buyer chose, and after each redemption its holder
// hears what is left. These rules are pure so the checkout, the sweep and the tests share them.
import { addMonths, formatLongDate, londonNow } from "../opening-hours/london-time.js";

/** The London time a scheduled voucher is e-mailed on its day, in minutes after midnight (08:00). */
export const VOUCHER_DELIVERY_MINUTES = 8 * 60;

/** How far ahead a buyer may schedule a voucher, in months from today (London): a year. */
export const VOUCHER_DELIVERY_MAX_MONTHS = 12;

/** Why `deliverOn` cannot be chosen at `now` (before today or more than a year ahead, London), or null. */
export function deliveryDateProblem(deliverOn: string, now: Date): string | null {
  const today = londonNow(now).date;
  if (deliverOn < today) return "deliverOn: the delivery date cannot be in the past";
  const last = addMonths(today, VOUCHER_DELIVERY_MAX_MONTHS);
  if (deliverOn > last) return `deliverOn: the delivery date must be no later than ${formatLongDate(last)}`;
  return null;
}

/** Whether a voucher's e-mail is due at `now`: at once without a date, else from 08:00 London on that date. */
export function voucherDeliveryDue(deliverOn: string | null, now: Date): boolean {
  if (deliverOn === null) return true;
  const { date, minutes } = londonNow(now);
  return date > deliverOn || (date === deliverOn && minutes >= VOUCHER_DELIVERY_MINUTES);
}

/** Who holds a voucher and hears its balance (R50): the recipient's address, else the buyer's, else nobody. */
export function voucherHolderEmail(v: { recipientEmail: string; senderEmail: string }): string | null {
  return v.recipientEmail || v.senderEmail || null;
}
