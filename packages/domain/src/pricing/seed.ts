import type { PricingItemType } from "../entities/pricing-item.js";

/** R6 seed pricing items (pence); each monetary voucher item is an amount offered at checkout (R33), £50 the default. */
export const SEED_PRICING_ITEMS: { name: string; itemType: PricingItemType; price: number; isActive: boolean }[] = [
  { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 2995, isActive: true },
  { name: "Champagne Afternoon Tea", itemType: "champagne-afternoon-tea", price: 3995, isActive: true },
  { name: "Afternoon Tea Gift Voucher", itemType: "gift-voucher-afternoon-tea", price: 2995, isActive: true },
  { name: "Picnic Hamper Gift Voucher", itemType: "gift-voucher-picnic-hamper", price: 3495, isActive: true },
  { name: "Monetary Gift Voucher £25", itemType: "gift-voucher-monetary", price: 2500, isActive: true },
  { name: "Monetary Gift Voucher £50", itemType: "gift-voucher-monetary", price: 5000, isActive: true },
  { name: "Monetary Gift Voucher £75", itemType: "gift-voucher-monetary", price: 7500, isActive: true },
  { name: "Monetary Gift Voucher £100", itemType: "gift-voucher-monetary", price: 10000, isActive: true },
  { name: "Secret Garden Sparkling Wine", itemType: "secret-garden-wine", price: 1500, isActive: true },
];
