import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { PRICING_ITEM_TYPES, PricingItemInputSchema } from "./pricing-item.js";

const valid = { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 29.95, isActive: true };

describe("admin pricing form (spec section 5, R6)", () => {
  it("accepts a price in pounds, typed or as a number", () => {
    expect(PricingItemInputSchema.parse(valid)).toEqual(valid);
    expect(PricingItemInputSchema.parse({ ...valid, price: "39.95" }).price).toBe(39.95);
    expect(PricingItemInputSchema.parse({ ...valid, price: 0 }).price).toBe(0);
    expect(PricingItemInputSchema.parse({ ...valid, price: "15" }).price).toBe(15);
  });

  it("defaults isActive to true and refuses a non-boolean", () => {
    const { isActive: _a, ...noActive } = valid;
    expect(PricingItemInputSchema.parse(noActive).isActive).toBe(true);
    expect(PricingItemInputSchema.parse({ ...valid, isActive: false }).isActive).toBe(false);
    expect(PricingItemInputSchema.safeParse({ ...valid, isActive: "yes" }).success).toBe(false);
  });

  it("gives the spec's messages for an empty form", () => {
    expect(errorsOf(PricingItemInputSchema, {})).toEqual({
      name: "Name is required",
      itemType: "Item type is required",
      price: "Price must be a positive number",
    });
    expect(errorsOf(PricingItemInputSchema, { ...valid, name: "   " }).name).toBe("Name is required");
    expect(errorsOf(PricingItemInputSchema, { ...valid, itemType: "cream-tea" }).itemType).toBe("Item type is required");
  });

  it("accepts the spec's item types and R6's additions", () => {
    expect([...PRICING_ITEM_TYPES].sort()).toEqual(
      [
        "champagne-afternoon-tea",
        "gift-voucher-afternoon-tea",
        "gift-voucher-monetary",
        "gift-voucher-picnic-hamper",
        "secret-garden-wine",
        "traditional-afternoon-tea",
      ].sort(),
    );
    for (const itemType of PRICING_ITEM_TYPES) expect(PricingItemInputSchema.safeParse({ ...valid, itemType }).success).toBe(true);
  });

  it("refuses negative, non-numeric and blank prices rather than storing £0.00", () => {
    for (const price of [-0.01, -5, "abc", "", "   ", null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(errorsOf(PricingItemInputSchema, { ...valid, price }).price).toBe("Price must be a positive number");
    }
  });

  it("refuses fractions of a penny and absurd prices", () => {
    expect(errorsOf(PricingItemInputSchema, { ...valid, price: 29.999 }).price).toBe("Price must be in pounds and pence, e.g. 29.95");
    expect(PricingItemInputSchema.parse({ ...valid, price: 0.1 + 0.2 }).price).toBeCloseTo(0.3);
    expect(PricingItemInputSchema.parse({ ...valid, price: 19.99 }).price).toBe(19.99);
    expect(errorsOf(PricingItemInputSchema, { ...valid, price: 100_000.01 }).price).toBe("Price must be at most £100,000");
  });
});
