import type { PricingItem, PricingItemType } from "../entities/pricing-item.js";
import type { TeaType } from "../entities/booking.js";
import type { VoucherType } from "../entities/gift-voucher.js";
import { GUEST_LIMITS, VOUCHER_PEOPLE } from "../constants.js";
import { MONETARY_VOUCHER_ITEM_TYPE, monetaryAmounts } from "./active-items.js";
import { formatPenceShort, poundsToPence } from "./money.js";

export class PricingError extends Error {}

/** The active price (pence) of an item type; R33 keeps one active item per type (monetary vouchers aside). */
export function unitPrice(items: readonly PricingItem[], itemType: PricingItemType): number {
  const item = items.find((i) => i.itemType === itemType && i.isActive);
  if (!item) throw new PricingError(`${itemType} is not currently available`);
  return item.price;
}

/** Unit price if active, else null (for display). */
export function unitPriceOrNull(items: readonly PricingItem[], itemType: PricingItemType): number | null {
  return items.find((i) => i.itemType === itemType && i.isActive)?.price ?? null;
}

export const TEA_ITEM_TYPE: Record<TeaType, PricingItemType> = {
  traditional: "traditional-afternoon-tea",
  champagne: "champagne-afternoon-tea",
};

/** Afternoon tea total in pence: price per person times guests (spec section 9). */
export function quoteAfternoonTea(items: readonly PricingItem[], teaType: TeaType, guests: number): number {
  const { min, max } = GUEST_LIMITS.afternoonTea;
  if (!Number.isInteger(guests) || guests < min || guests > max) throw new PricingError(`Guests must be ${min} to ${max}`);
  return unitPrice(items, TEA_ITEM_TYPE[teaType]) * guests;
}

export const VOUCHER_ITEM_TYPE: Record<VoucherType, PricingItemType> = {
  afternoonTea: "gift-voucher-afternoon-tea",
  picnicHamper: "gift-voucher-picnic-hamper",
  monetary: "gift-voucher-monetary",
};

/**
 * A voucher's price in pence: per-person vouchers are unit price × people (1–6); a monetary
 * voucher is the chosen amount, one of the active monetary items' amounts (R3, R10, R33).
 */
export function quoteVoucher(
  items: readonly PricingItem[],
  voucherType: VoucherType,
  opts: { amountPounds?: number | undefined; people?: number | undefined },
): number {
  if (voucherType === "monetary") {
    const amounts = monetaryAmounts(items);
    if (amounts.length === 0) throw new PricingError(`${MONETARY_VOUCHER_ITEM_TYPE} is not currently available`);
    const amount = opts.amountPounds;
    if (amount === undefined || !amounts.includes(amount))
      throw new PricingError(`Monetary vouchers are ${amounts.map((a) => formatPenceShort(poundsToPence(a))).join(", ")}`);
    return poundsToPence(amount);
  }
  const people = opts.people ?? VOUCHER_PEOPLE.default;
  if (!Number.isInteger(people) || people < VOUCHER_PEOPLE.min || people > VOUCHER_PEOPLE.max) {
    throw new PricingError(`People must be ${VOUCHER_PEOPLE.min} to ${VOUCHER_PEOPLE.max}`);
  }
  return unitPrice(items, VOUCHER_ITEM_TYPE[voucherType]) * people;
}

/** Secret Garden sparkling wine add-on in pence (+£15 per person by default); staff bookings may have up to 20 guests. */
export function quoteWineAddOn(items: readonly PricingItem[], guests: number, includeWine: boolean): number {
  if (!includeWine) return 0;
  const { min, max } = GUEST_LIMITS.admin;
  if (!Number.isInteger(guests) || guests < min || guests > max) throw new PricingError(`Guests must be ${min} to ${max}`);
  return unitPrice(items, "secret-garden-wine") * guests;
}

/** Whether the amount (pounds) the client sent matches the server's quote in pence (R3). */
export function amountMatches(clientPounds: number | undefined, quotedPence: number): boolean {
  return clientPounds === undefined || poundsToPence(clientPounds) === quotedPence;
}
