import { describe, expect, it } from "vitest";
import type { PricingItem } from "../entities/pricing-item.js";
import { amountMatches, PricingError, quoteAfternoonTea, quoteVoucher, quoteWineAddOn, unitPrice, unitPriceOrNull } from "./quote.js";
import { SEED_PRICING_ITEMS } from "./seed.js";

const seed: PricingItem[] = SEED_PRICING_ITEMS.map((item, i) => ({ id: i + 1, ...item }));
const withItem = (itemType: PricingItem["itemType"], change: Partial<PricingItem>) =>
  seed.map((item) => (item.itemType === itemType ? { ...item, ...change } : item));

describe("seed prices (R6)", () => {
  it("match the spec's prices in pence", () => {
    expect(unitPrice(seed, "traditional-afternoon-tea")).toBe(2995);
    expect(unitPrice(seed, "champagne-afternoon-tea")).toBe(3995);
    expect(unitPrice(seed, "gift-voucher-afternoon-tea")).toBe(2995);
    expect(unitPrice(seed, "gift-voucher-picnic-hamper")).toBe(3495);
    expect(unitPrice(seed, "secret-garden-wine")).toBe(1500);
  });
});

describe("quoteAfternoonTea (spec section 9: price × guests)", () => {
  it("multiplies the per-person price by the guests", () => {
    expect(quoteAfternoonTea(seed, "traditional", 1)).toBe(2995);
    expect(quoteAfternoonTea(seed, "traditional", 2)).toBe(5990);
    expect(quoteAfternoonTea(seed, "champagne", 3)).toBe(11_985);
    expect(quoteAfternoonTea(seed, "champagne", 6)).toBe(23_970);
  });

  it("follows a price changed in the admin", () => {
    expect(quoteAfternoonTea(withItem("traditional-afternoon-tea", { price: 3250 }), "traditional", 2)).toBe(6500);
  });

  it("refuses a tea that is not on sale", () => {
    const items = withItem("champagne-afternoon-tea", { isActive: false });
    expect(() => quoteAfternoonTea(items, "champagne", 2)).toThrow(new PricingError("champagne-afternoon-tea is not currently available"));
    expect(quoteAfternoonTea(items, "traditional", 2)).toBe(5990);
    expect(unitPriceOrNull(items, "champagne-afternoon-tea")).toBeNull();
  });

  it("uses the active item when an inactive one of the same type comes first", () => {
    const items: PricingItem[] = [{ id: 99, name: "Old", itemType: "traditional-afternoon-tea", price: 1000, isActive: false }, ...seed];
    expect(quoteAfternoonTea(items, "traditional", 1)).toBe(2995);
  });

  it("refuses guests outside 1–6", () => {
    for (const guests of [0, 7, 2.5, -1, Number.NaN]) expect(() => quoteAfternoonTea(seed, "traditional", guests)).toThrow(PricingError);
  });
});

describe("quoteVoucher (R6, R10)", () => {
  it("prices a monetary voucher at the chosen £25, £50, £75 or £100", () => {
    expect(quoteVoucher(seed, "monetary", { amountPounds: 25 })).toBe(2500);
    expect(quoteVoucher(seed, "monetary", { amountPounds: 50 })).toBe(5000);
    expect(quoteVoucher(seed, "monetary", { amountPounds: 75 })).toBe(7500);
    expect(quoteVoucher(seed, "monetary", { amountPounds: 100 })).toBe(10_000);
  });

  it("refuses any other monetary amount, or none", () => {
    for (const amountPounds of [0, 30, 49.99, 150, -50, undefined]) {
      expect(() => quoteVoucher(seed, "monetary", { amountPounds })).toThrow("Monetary vouchers are £25, £50, £75, £100");
    }
  });

  it("refuses a monetary voucher that is not on sale", () => {
    expect(() => quoteVoucher(withItem("gift-voucher-monetary", { isActive: false }), "monetary", { amountPounds: 50 })).toThrow(PricingError);
  });

  it("sells exactly the amounts of the active monetary items (R33)", () => {
    const items = seed.map((item) => (item.itemType === "gift-voucher-monetary" && item.price === 2500 ? { ...item, isActive: false } : item));
    items.push({ id: 90, name: "Monetary Gift Voucher £200", itemType: "gift-voucher-monetary", price: 20_000, isActive: true });
    expect(quoteVoucher(items, "monetary", { amountPounds: 200 })).toBe(20_000);
    expect(() => quoteVoucher(items, "monetary", { amountPounds: 25 })).toThrow("Monetary vouchers are £50, £75, £100, £200");
  });

  it("prices per-person vouchers at unit price × people, 1 by default", () => {
    expect(quoteVoucher(seed, "afternoonTea", {})).toBe(2995);
    expect(quoteVoucher(seed, "afternoonTea", { people: 2 })).toBe(5990);
    expect(quoteVoucher(seed, "afternoonTea", { people: 6 })).toBe(17_970);
    expect(quoteVoucher(seed, "picnicHamper", { people: 1 })).toBe(3495);
    expect(quoteVoucher(seed, "picnicHamper", { people: 4 })).toBe(13_980);
  });

  it("refuses people outside 1–6 and per-person vouchers not on sale", () => {
    for (const people of [0, 7, 1.5]) expect(() => quoteVoucher(seed, "afternoonTea", { people })).toThrow("People must be 1 to 6");
    expect(() => quoteVoucher(withItem("gift-voucher-picnic-hamper", { isActive: false }), "picnicHamper", { people: 2 })).toThrow(PricingError);
  });
});

describe("quoteWineAddOn (spec section 9: +£15 per person)", () => {
  it("adds £15 per guest when wine is included, nothing otherwise", () => {
    expect(quoteWineAddOn(seed, 1, true)).toBe(1500);
    expect(quoteWineAddOn(seed, 2, true)).toBe(3000);
    expect(quoteWineAddOn(seed, 6, true)).toBe(9000);
    expect(quoteWineAddOn(seed, 4, false)).toBe(0);
  });

  it("follows the wine price and refuses wine that is not on sale", () => {
    expect(quoteWineAddOn(withItem("secret-garden-wine", { price: 1800 }), 2, true)).toBe(3600);
    const noWine = withItem("secret-garden-wine", { isActive: false });
    expect(() => quoteWineAddOn(noWine, 2, true)).toThrow(PricingError);
    expect(quoteWineAddOn(noWine, 2, false)).toBe(0);
  });

  it("refuses a guest count that is not a whole number of people", () => {
    for (const guests of [0, -2, 1.5, 21]) expect(() => quoteWineAddOn(seed, guests, true)).toThrow(PricingError);
  });
});

describe("amountMatches (R3: the client's amount is checked, never trusted)", () => {
  it("compares pounds sent with the quote in pence", () => {
    expect(amountMatches(59.9, 5990)).toBe(true);
    expect(amountMatches(29.95 * 2, 5990)).toBe(true);
    expect(amountMatches(0.1 + 0.2, 30)).toBe(true);
    expect(amountMatches(59.89, 5990)).toBe(false);
    expect(amountMatches(0, 5990)).toBe(false);
  });

  it("accepts a request that sent no amount", () => {
    expect(amountMatches(undefined, 5990)).toBe(true);
  });
});
