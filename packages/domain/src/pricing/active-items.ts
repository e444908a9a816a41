import { PRICING_ITEM_TYPE_LABELS, type PricingItem, type PricingItemType } from "../entities/pricing-item.js";
import { formatPence } from "./money.js";

/**
 * The one item type that may have several active items at once: each active monetary voucher
 * item is an amount offered at checkout (R33).
 */
export const MONETARY_VOUCHER_ITEM_TYPE: PricingItemType = "gift-voucher-monetary";

/** A pricing item as it would be stored: price in pence; `id` absent while it is being created. */
export interface PricingCandidate {
  id?: number;
  itemType: PricingItemType;
  price: number;
  isActive: boolean;
}

/**
 * The active item a candidate would stand beside against R33, with a message naming it, or null.
 * At most one active item per type; for monetary vouchers, at most one active item per amount.
 */
export function activePricingConflict(items: readonly PricingItem[], candidate: PricingCandidate): { active: PricingItem; message: string } | null {
  if (!candidate.isActive) return null;
  const monetary = candidate.itemType === MONETARY_VOUCHER_ITEM_TYPE;
  const active = items.find((i) => i.isActive && i.id !== candidate.id && i.itemType === candidate.itemType && (!monetary || i.price === candidate.price));
  if (!active) return null;
  const message = monetary
    ? `"${active.name}" already offers ${formatPence(active.price)} as a monetary voucher amount. Choose another amount, or save this item as inactive.`
    : `"${active.name}" (${formatPence(active.price)}) is the active ${PRICING_ITEM_TYPE_LABELS[candidate.itemType]}. Deactivate it first, or save this item as inactive.`;
  return { active, message };
}

/** The monetary voucher amounts on sale, in pounds, smallest first: the active monetary items (R33). */
export function monetaryAmounts(items: readonly PricingItem[]): number[] {
  const pence = items.filter((i) => i.isActive && i.itemType === MONETARY_VOUCHER_ITEM_TYPE).map((i) => i.price);
  return [...new Set(pence)].sort((a, b) => a - b).map((p) => p / 100);
}
