import type { PricingItem, PricingItemType } from "../entities/pricing-item.js";
import type { TeaType } from "../entities/booking.js";
import type { VoucherType } from "../entities/gift-voucher.js";
import type { SitePrices } from "../entities/site-info.js";
import { GUEST_LIMITS, VOUCHER_PEOPLE } from "../constants.js";
import { MONETARY_VOUCHER_ITEM_TYPE, monetaryAmounts } from "./active-items.js";
import { formatPenceShort, poundsToPence } from "./money.js";
import { teaPrice } from "./tea-price.js";
import { voucherPrice, type VoucherAsk } from "./voucher-price.js";
import { winePrice } from "./wine-price.js";

export class PricingError extends Error {}

/** The active price (pence) of an item type; R33 keeps one active item per type (monetary vouchers aside). */
export function unitPrice(items: readonly PricingItem[], itemType: PricingItemType): number {
  return onSale(unitPriceOrNull(items, itemType), itemType);
}

/** Unit price if active, else null (for display). */
export function unitPriceOrNull(items: readonly PricingItem[], itemType: PricingItemType): number | null {
  return items.find((i) => i.itemType === itemType && i.isActive)?.price ?? null;
}

export const TEA_ITEM_TYPE: Record<TeaType, PricingItemType> = {
  traditional: "traditional-afternoon-tea",
  champagne: "champagne-afternoon-tea",
};

/** Afternoon tea total in pence (`teaPrice`), strictly: guests 1–6 and the tea on sale, or a PricingError. */
export function quoteAfternoonTea(items: readonly PricingItem[], teaType: TeaType, guests: number): number {
  const { min, max } = GUEST_LIMITS.afternoonTea;
  if (!Number.isInteger(guests) || guests < min || guests > max) throw new PricingError(`Guests must be ${min} to ${max}`);
  return onSale(teaPrice(sitePrices(items), teaType, guests), TEA_ITEM_TYPE[teaType]);
}

export const VOUCHER_ITEM_TYPE: Record<VoucherType, PricingItemType> = {
  afternoonTea: "gift-voucher-afternoon-tea",
  picnicHamper: "gift-voucher-picnic-hamper",
  monetary: "gift-voucher-monetary",
};

/**
 * A voucher's price in pence (`voucherPrice`), strictly: per-person vouchers for 1–6 people, a
 * monetary voucher only at one of the active monetary items' amounts (R3, R10, R33); otherwise a
 * PricingError.
 */
export function quoteVoucher(items: readonly PricingItem[], voucherType: VoucherType, opts: VoucherAsk): number {
  if (voucherType === "monetary") {
    const amounts = monetaryAmounts(items);
    if (amounts.length === 0) throw new PricingError(`${MONETARY_VOUCHER_ITEM_TYPE} is not currently available`);
    const amount = opts.amountPounds;
    if (amount === undefined || !amounts.includes(amount))
      throw new PricingError(`Monetary vouchers are ${amounts.map((a) => formatPenceShort(poundsToPence(a))).join(", ")}`);
    return onSale(voucherPrice(voucherType, null, { amountPounds: amount }), MONETARY_VOUCHER_ITEM_TYPE);
  }
  const people = opts.people ?? VOUCHER_PEOPLE.default;
  if (!Number.isInteger(people) || people < VOUCHER_PEOPLE.min || people > VOUCHER_PEOPLE.max) {
    throw new PricingError(`People must be ${VOUCHER_PEOPLE.min} to ${VOUCHER_PEOPLE.max}`);
  }
  const itemType = VOUCHER_ITEM_TYPE[voucherType];
  return onSale(voucherPrice(voucherType, unitPriceOrNull(items, itemType), { people }), itemType);
}

/** The wine add-on in pence (`winePrice`), strictly: wine on sale and guests 1–20 (staff bookings may be that large), or a PricingError. */
export function quoteWineAddOn(items: readonly PricingItem[], guests: number, includeWine: boolean): number {
  if (!includeWine) return 0;
  const { min, max } = GUEST_LIMITS.admin;
  if (!Number.isInteger(guests) || guests < min || guests > max) throw new PricingError(`Guests must be ${min} to ${max}`);
  return onSale(winePrice(sitePrices(items), guests, includeWine), "secret-garden-wine");
}

/**
 * Each product's price per person in pence from the pricing items, null while off sale: what
 * GET /api/site sends as `prices` (R6), so the browser prices with the table the server quotes from.
 * `voucherMonetary` is the first active amount, null when no amount is on sale.
 */
export function sitePrices(items: readonly PricingItem[]): SitePrices {
  return {
    traditional: unitPriceOrNull(items, TEA_ITEM_TYPE.traditional),
    champagne: unitPriceOrNull(items, TEA_ITEM_TYPE.champagne),
    voucherAfternoonTea: unitPriceOrNull(items, VOUCHER_ITEM_TYPE.afternoonTea),
    voucherPicnicHamper: unitPriceOrNull(items, VOUCHER_ITEM_TYPE.picnicHamper),
    voucherMonetary: unitPriceOrNull(items, VOUCHER_ITEM_TYPE.monetary),
    wine: unitPriceOrNull(items, "secret-garden-wine"),
  };
}

/** A price, or a PricingError naming the item type when it is off sale (null). */
function onSale(pence: number | null, itemType: PricingItemType): number {
  if (pence === null) throw new PricingError(`${itemType} is not currently available`);
  return pence;
}

/** Whether the amount (pounds) the client sent matches the server's quote in pence (R3). */
export function amountMatches(clientPounds: number | undefined, quotedPence: number): boolean {
  return clientPounds === undefined || poundsToPence(clientPounds) === quotedPence;
}
