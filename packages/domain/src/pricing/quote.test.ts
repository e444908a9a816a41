import { describe, expect, it } from "vitest";
import type { PricingItem } from "../entities/pricing-item.js";
import { formatPence, penceToPounds } from "./money.js";
import { amountMatches, PricingError, quoteAfternoonTea, quoteVoucher, quoteWineAddOn, sitePrices, unitPrice, unitPriceOrNull } from "./quote.js";
import { teaPrice } from "./tea-price.js";
import { voucherPrice } from "./voucher-price.js";
import { winePrice } from "./wine-price.js";
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

// The browser prices with the same functions as the server, from the `prices` of GET /api/site.
const site = sitePrices(seed);

describe("sitePrices (R6: the prices GET /api/site sends)", () => {
  it("lists each product's price per person in pence", () => {
    expect(site).toEqual({
      traditional: 2995,
      champagne: 3995,
      voucherAfternoonTea: 2995,
      voucherPicnicHamper: 3495,
      voucherMonetary: 2500,
      wine: 1500,
    });
  });

  it("gives null for a product off sale, and follows a price changed in the admin", () => {
    expect(sitePrices(withItem("champagne-afternoon-tea", { isActive: false })).champagne).toBeNull();
    expect(sitePrices(withItem("secret-garden-wine", { isActive: false })).wine).toBeNull();
    expect(sitePrices(withItem("gift-voucher-monetary", { isActive: false })).voucherMonetary).toBeNull();
    expect(sitePrices(withItem("traditional-afternoon-tea", { price: 3250 })).traditional).toBe(3250);
  });
});

describe("teaPrice: the afternoon tea form's total (spec section 9)", () => {
  it("gives the amounts a guest sees on the form", () => {
    expect(formatPence(teaPrice(site, "traditional", 1)!)).toBe("£29.95");
    expect(formatPence(teaPrice(site, "traditional", 2)!)).toBe("£59.90");
    expect(formatPence(teaPrice(site, "champagne", 2)!)).toBe("£79.90");
    expect(formatPence(teaPrice(site, "champagne", 3)!)).toBe("£119.85");
    expect(formatPence(teaPrice(site, "traditional", 6)!)).toBe("£179.70");
    expect(formatPence(teaPrice(site, "champagne", 6)!)).toBe("£239.70");
  });

  it("is the price per person for one guest", () => {
    expect(teaPrice(site, "traditional", 1)).toBe(2995);
    expect(teaPrice(site, "champagne", 1)).toBe(3995);
  });

  it("is null while the tea is off sale", () => {
    const prices = sitePrices(withItem("champagne-afternoon-tea", { isActive: false }));
    expect(teaPrice(prices, "champagne", 2)).toBeNull();
    expect(teaPrice(prices, "traditional", 2)).toBe(5990);
  });

  it("is what the server quotes, and the pounds the form sends match that quote (R3)", () => {
    for (const teaType of ["traditional", "champagne"] as const) {
      for (let guests = 1; guests <= 6; guests++) {
        const shown = teaPrice(site, teaType, guests)!;
        expect(quoteAfternoonTea(seed, teaType, guests)).toBe(shown);
        expect(amountMatches(penceToPounds(shown), quoteAfternoonTea(seed, teaType, guests))).toBe(true);
      }
    }
  });
});

describe("winePrice: the Secret Garden form's wine line (spec section 9)", () => {
  it("gives the amounts a guest sees on the form", () => {
    expect(formatPence(winePrice(site, 1, true)!)).toBe("£15.00");
    expect(formatPence(winePrice(site, 3, true)!)).toBe("£45.00");
    expect(formatPence(winePrice(site, 6, true)!)).toBe("£90.00");
  });

  it("is nothing without wine, null while the wine is off sale", () => {
    expect(winePrice(site, 4, false)).toBe(0);
    expect(winePrice({ wine: null }, 2, true)).toBeNull();
    expect(winePrice({ wine: null }, 2, false)).toBe(0);
  });

  it("is what the server quotes", () => {
    for (let guests = 1; guests <= 20; guests++) {
      expect(quoteWineAddOn(seed, guests, true)).toBe(winePrice(site, guests, true));
      expect(quoteWineAddOn(seed, guests, false)).toBe(winePrice(site, guests, false));
    }
  });
});

describe("voucherPrice: the checkout's total (R10)", () => {
  it("gives the amounts a buyer sees at checkout", () => {
    expect(formatPence(voucherPrice("afternoonTea", site.voucherAfternoonTea, {})!)).toBe("£29.95");
    expect(formatPence(voucherPrice("afternoonTea", site.voucherAfternoonTea, { people: 2 })!)).toBe("£59.90");
    expect(formatPence(voucherPrice("picnicHamper", site.voucherPicnicHamper, { people: 4 })!)).toBe("£139.80");
    expect(formatPence(voucherPrice("monetary", null, { amountPounds: 50 })!)).toBe("£50.00");
    expect(formatPence(voucherPrice("monetary", null, { amountPounds: 19.99 })!)).toBe("£19.99");
  });

  it("gives a monetary voucher's amount in whole pence, whatever per-person price is passed", () => {
    expect(voucherPrice("monetary", null, { amountPounds: 19.99 })).toBe(1999);
    expect(voucherPrice("monetary", 2500, { amountPounds: 75 })).toBe(7500);
  });

  it("is null for a per-person voucher off sale, or a monetary voucher with no amount", () => {
    expect(voucherPrice("afternoonTea", null, { people: 2 })).toBeNull();
    expect(voucherPrice("monetary", null, {})).toBeNull();
  });

  it("is what the server quotes", () => {
    for (let people = 1; people <= 6; people++) {
      expect(quoteVoucher(seed, "afternoonTea", { people })).toBe(voucherPrice("afternoonTea", site.voucherAfternoonTea, { people }));
      expect(quoteVoucher(seed, "picnicHamper", { people })).toBe(voucherPrice("picnicHamper", site.voucherPicnicHamper, { people }));
    }
    for (const amountPounds of [25, 50, 75, 100]) {
      expect(quoteVoucher(seed, "monetary", { amountPounds })).toBe(voucherPrice("monetary", null, { amountPounds }));
    }
  });
});
