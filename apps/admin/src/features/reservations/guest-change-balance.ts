import { formatPence, paymentBalance, PricingError, quoteAfternoonTea, voucherPartPence, type Booking, type PricingItem } from "@tearoom/domain";

/** The tea price for `guests` now; null when no price applies (no active item, or outside the tea's guest range). */
function teaPrice(items: readonly PricingItem[], booking: Booking, guests: number): number | null {
  if (!booking.teaType) return null;
  try {
    return quoteAfternoonTea(items, booking.teaType, guests);
  } catch (err) {
    if (err instanceof PricingError) return null;
    throw err;
  }
}

/**
 * R34, live in the edit dialog: the balance if a paid afternoon tea's guests became `guests`,
 * from the current price and what the guest has paid and kept (card and gift voucher). Positive
 * is due from the guest, negative is overpaid; null when nothing changed or there is no balance to
 * speak of (not a paid tea, no price for that many guests).
 */
export function guestChangeBalance(booking: Booking, guests: number, items: readonly PricingItem[]): number | null {
  if (booking.type !== "afternoonTea" || (!booking.payment && !booking.voucher)) return null;
  if (!Number.isInteger(guests) || guests < 1) return null;
  return paymentBalance({
    paidPence: (booking.payment?.paidPence ?? 0) + voucherPartPence(booking.voucher ?? null, items, booking.teaType),
    refundedPence: booking.payment?.refundedPence ?? 0,
    paidForGuests: booking.guests,
    guests,
    currentPricePence: teaPrice(items, booking, guests),
  });
}

/** The balance as the dialog says it. */
export function guestChangeBalanceText(balancePence: number): string {
  if (balancePence > 0) return `Balance due from the guest: ${formatPence(balancePence)}`;
  if (balancePence < 0) return `Overpaid: ${formatPence(-balancePence)} — refund it from the booking`;
  return "Nothing due either way: the guest has paid the new price.";
}
