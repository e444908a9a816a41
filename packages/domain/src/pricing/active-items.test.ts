import { describe, expect, it } from "vitest";
import type { PricingItem } from "../entities/pricing-item.js";
import { activePricingConflict, monetaryAmounts } from "./active-items.js";
import { SEED_PRICING_ITEMS } from "./seed.js";

const seed: PricingItem[] = SEED_PRICING_ITEMS.map((item, i) => ({ id: i + 1, ...item }));
const tea = seed.find((i) => i.itemType === "traditional-afternoon-tea")!;

describe("one active pricing item per type (R33)", () => {
  it("refuses a second active item of a type, naming the active one", () => {
    const conflict = activePricingConflict(seed, { itemType: "traditional-afternoon-tea", price: 500, isActive: true });
    expect(conflict?.active.id).toBe(tea.id);
    expect(conflict?.message).toBe(
      '"Traditional Afternoon Tea" (£29.95) is the active Traditional Afternoon Tea. Deactivate it first, or save this item as inactive.',
    );
  });

  it("allows an inactive second item, and activating it once the first is inactive", () => {
    expect(activePricingConflict(seed, { itemType: "traditional-afternoon-tea", price: 500, isActive: false })).toBeNull();
    const withoutActive = seed.map((i) => (i.id === tea.id ? { ...i, isActive: false } : i));
    expect(activePricingConflict(withoutActive, { id: 50, itemType: "traditional-afternoon-tea", price: 500, isActive: true })).toBeNull();
  });

  it("lets the active item itself be edited", () => {
    expect(activePricingConflict(seed, { id: tea.id, itemType: "traditional-afternoon-tea", price: 3100, isActive: true })).toBeNull();
  });

  it("treats each active monetary voucher item as an amount on sale: another amount is fine, the same one is not", () => {
    expect(activePricingConflict(seed, { itemType: "gift-voucher-monetary", price: 20_000, isActive: true })).toBeNull();
    expect(activePricingConflict(seed, { itemType: "gift-voucher-monetary", price: 5000, isActive: true })?.message).toBe(
      '"Monetary Gift Voucher £50" already offers £50.00 as a monetary voucher amount. Choose another amount, or save this item as inactive.',
    );
  });
});

describe("monetary voucher amounts (R33)", () => {
  it("are the seeded £25, £50, £75 and £100", () => {
    expect(monetaryAmounts(seed)).toEqual([25, 50, 75, 100]);
  });

  it("follow what staff activate and deactivate, smallest first", () => {
    const items: PricingItem[] = [
      ...seed.map((i) => (i.itemType === "gift-voucher-monetary" && i.price === 7500 ? { ...i, isActive: false } : i)),
      { id: 80, name: "Ten", itemType: "gift-voucher-monetary", price: 1000, isActive: true },
      { id: 81, name: "Tea", itemType: "traditional-afternoon-tea", price: 1250, isActive: false },
    ];
    expect(monetaryAmounts(items)).toEqual([10, 25, 50, 100]);
  });
});
