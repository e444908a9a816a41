import { describe, expect, it } from "vitest";
import { formatPence, formatPenceShort, penceToPounds, poundsToPence, sumPriceTexts } from "./money.js";

describe("formatPence (spec section 9: £ with two decimals)", () => {
  it("formats pence as pounds", () => {
    expect(formatPence(2995)).toBe("£29.95");
    expect(formatPence(3995)).toBe("£39.95");
    expect(formatPence(1500)).toBe("£15.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
  });

  it("groups thousands", () => {
    expect(formatPence(100_000)).toBe("£1,000.00");
    expect(formatPence(24_900)).toBe("£249.00");
    expect(formatPence(99_999_999)).toBe("£999,999.99");
    expect(formatPence(123_456_789)).toBe("£1,234,567.89");
  });

  it("shows negative amounts with a leading minus", () => {
    expect(formatPence(-150)).toBe("-£1.50");
    expect(formatPence(-123_456)).toBe("-£1,234.56");
  });

  it("rounds stray fractions of a penny, without a minus on zero", () => {
    expect(formatPence(2994.6)).toBe("£29.95");
    expect(formatPence(-0.4)).toBe("£0.00");
  });
});

describe("poundsToPence", () => {
  it("avoids float drift", () => {
    expect(poundsToPence(29.95)).toBe(2995);
    expect(poundsToPence(39.95)).toBe(3995);
    expect(poundsToPence(34.95)).toBe(3495);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1.15)).toBe(115);
    expect(poundsToPence(4.35)).toBe(435);
    expect(poundsToPence(29.95 * 3)).toBe(8985);
  });

  it("handles whole pounds, zero and large amounts", () => {
    expect(poundsToPence(0)).toBe(0);
    expect(poundsToPence(50)).toBe(5000);
    expect(poundsToPence(100_000)).toBe(10_000_000);
  });

  it("round-trips with penceToPounds", () => {
    expect(penceToPounds(2995)).toBe(29.95);
    for (const pence of [0, 1, 99, 2995, 3495, 123_456]) expect(poundsToPence(penceToPounds(pence))).toBe(pence);
  });
});

describe("sumPriceTexts (spec: voucher total is the sum of the numbers in the price texts)", () => {
  it("adds the numbers of the price texts in pounds", () => {
    expect(sumPriceTexts(["£50.00", "£29.95", "£34.95"])).toBe(114.9);
    expect(sumPriceTexts(["£0.10", "£0.20"])).toBe(0.3);
    expect(sumPriceTexts(["£1,234.50", "£25"])).toBe(1259.5);
  });

  it("is zero for no vouchers and skips texts without a number", () => {
    expect(sumPriceTexts([])).toBe(0);
    expect(sumPriceTexts(["free", "£10.00"])).toBe(10);
  });
});

describe("formatPenceShort (headline amounts: £249, £25)", () => {
  it("drops .00 from whole pounds and keeps real pence", () => {
    expect(formatPenceShort(24900)).toBe("£249");
    expect(formatPenceShort(2500)).toBe("£25");
    expect(formatPenceShort(2995)).toBe("£29.95");
    expect(formatPenceShort(1050)).toBe("£10.50");
    expect(formatPenceShort(123400)).toBe("£1,234");
  });
});
