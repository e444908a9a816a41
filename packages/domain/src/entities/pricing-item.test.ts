import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { PRICING_ITEM_TYPES, PricingItemInputSchema } from "./pricing-item.js";

const valid = { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 29.95, isActive: true };

describe("admin pricing form (spec section 5, R6)", () => {
  it("accepts a price in pounds, typed or as a number", () => {
    expect(PricingItemInputSchema.parse(valid)).toEqual(valid);
    expect(PricingItemInputSchema.parse({ ...valid, price: "39.95" }).price).toBe(39.95);
    expect(PricingItemInputSchema.parse({ ...valid, price: "0.01" }).price).toBe(0.01);
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
    for (const price of [-0.01, -5, "-5", "abc", "", "   ", null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(errorsOf(PricingItemInputSchema, { ...valid, price }).price, String(price)).toBe("Price must be a positive number");
    }
  });

  it("sells nothing for less than £0.01 (R33)", () => {
    for (const price of [0, "0", "0.00", -0]) expect(errorsOf(PricingItemInputSchema, { ...valid, price }).price).toBe("Price must be at least £0.01");
    expect(PricingItemInputSchema.parse({ ...valid, price: 0.01 }).price).toBe(0.01);
  });

  it("reads typed amounts strictly, never changing them into another price (R33)", () => {
    for (const price of ["1e9", "1e2", "0.001", "29.999", 29.999, "£5", "1,000", "12.5.0", ".5", "5.", "0x10", 1e-7, 0.1 + 0.2]) {
      expect(errorsOf(PricingItemInputSchema, { ...valid, price }).price, String(price)).toBe("Price must be in pounds and pence, e.g. 29.95");
    }
    expect(PricingItemInputSchema.parse({ ...valid, price: 19.99 }).price).toBe(19.99);
    expect(PricingItemInputSchema.parse({ ...valid, price: " 12 " }).price).toBe(12);
    expect(PricingItemInputSchema.parse({ ...valid, price: "100000" }).price).toBe(100_000);
    for (const price of [1e9, 100_000.01, "100000.01"])
      expect(errorsOf(PricingItemInputSchema, { ...valid, price }).price).toBe("Price must be at most £100,000");
  });
});
