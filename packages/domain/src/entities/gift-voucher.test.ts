import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { VoucherPurchaseSchema } from "./gift-voucher.js";
import {
  defaultMonetaryAmount,
  formatVoucherCode,
  isMonetaryAmount,
  parseCheckoutQuery,
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_PATTERN,
} from "./gift-voucher-constants.js";

const valid = {
  voucherType: "monetary",
  amount: 50,
  recipientName: "Grace Hopper",
  recipientEmail: "grace@example.com",
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.com",
  message: "Happy birthday!",
};

describe("voucher purchase (spec section 3, R10)", () => {
  it("accepts a monetary voucher and a per-person voucher for 1–6 people", () => {
    expect(VoucherPurchaseSchema.parse(valid)).toEqual(valid);
    expect(VoucherPurchaseSchema.parse({ ...valid, voucherType: "afternoonTea", amount: undefined, people: 6 })).toMatchObject({ people: 6 });
    expect(VoucherPurchaseSchema.parse({ ...valid, voucherType: "picnicHamper", people: "1" })).toMatchObject({ people: 1 });
    expect(VoucherPurchaseSchema.parse({ ...valid, amount: "75" }).amount).toBe(75);
  });

  it("defaults the message to empty and caps it at 500 characters", () => {
    const { message: _m, ...noMessage } = valid;
    expect(VoucherPurchaseSchema.parse(noMessage).message).toBe("");
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, message: "x".repeat(501) }).message).toBe("Message must be at most 500 characters");
  });

  it("names every missing field", () => {
    expect(errorsOf(VoucherPurchaseSchema, {})).toEqual({
      voucherType: "voucherType must be afternoonTea, picnicHamper or monetary",
      recipientName: "Please enter the recipient's name",
      recipientEmail: "Please enter the recipient's email",
      senderName: "Please enter your name",
      senderEmail: "Please enter a valid email",
    });
  });

  it("refuses bad amounts, people and e-mails", () => {
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, amount: -5 }).amount).toBeDefined();
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, amount: "fifty" }).amount).toBe("amount must be a number of pounds");
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, people: 0 }).people).toBe("At least 1 person");
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, people: 7 }).people).toBe("At most 6 people");
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, recipientEmail: "grace" }).recipientEmail).toBe("Please enter the recipient's email");
    expect(errorsOf(VoucherPurchaseSchema, { ...valid, voucherType: "spa" }).voucherType).toBe("voucherType must be afternoonTea, picnicHamper or monetary");
  });
});

describe("checkout query (spec: type defaults to monetary, amount to 50 when missing or invalid)", () => {
  it("defaults to a £50 monetary voucher", () => {
    expect(parseCheckoutQuery({})).toEqual({ type: "monetary", amount: 50 });
    expect(parseCheckoutQuery({ type: null, amount: null })).toEqual({ type: "monetary", amount: 50 });
    expect(parseCheckoutQuery({ type: "spa-day", amount: "75" })).toEqual({ type: "monetary", amount: 75 });
  });

  it("pre-selects each monetary option", () => {
    for (const amount of [25, 50, 75, 100]) expect(parseCheckoutQuery({ type: "monetary", amount: String(amount) })).toEqual({ type: "monetary", amount });
    expect(parseCheckoutQuery({ type: "monetary", amount: " 25 " }).amount).toBe(25);
    expect(parseCheckoutQuery({ type: "monetary", amount: "100.00" }).amount).toBe(100);
  });

  it("falls back to 50 for an invalid amount", () => {
    for (const amount of ["", "abc", "0", "-25", "30", "Infinity", "NaN", "1e2", "0x19", "50abc", "25.001"]) {
      expect(parseCheckoutQuery({ type: "monetary", amount }), amount).toEqual({ type: "monetary", amount: 50 });
    }
  });

  it("keeps the shown price for per-person vouchers, else 50", () => {
    expect(parseCheckoutQuery({ type: "afternoonTea", amount: "29.95" })).toEqual({ type: "afternoonTea", amount: 29.95 });
    expect(parseCheckoutQuery({ type: "picnicHamper", amount: "34.95" })).toEqual({ type: "picnicHamper", amount: 34.95 });
    expect(parseCheckoutQuery({ type: "afternoonTea" })).toEqual({ type: "afternoonTea", amount: 50 });
    expect(parseCheckoutQuery({ type: "picnicHamper", amount: "-1" })).toEqual({ type: "picnicHamper", amount: 50 });
  });

  it("offers the amounts on sale (R33): £50 by default when offered, else the smallest", () => {
    const onSale = [20, 40, 200];
    expect(parseCheckoutQuery({ type: "monetary", amount: "200" }, onSale)).toEqual({ type: "monetary", amount: 200 });
    expect(parseCheckoutQuery({ type: "monetary", amount: "75" }, onSale)).toEqual({ type: "monetary", amount: 20 });
    expect(parseCheckoutQuery({}, [25, 50])).toEqual({ type: "monetary", amount: 50 });
    expect(defaultMonetaryAmount([10, 30])).toBe(10);
    expect(isMonetaryAmount(40, onSale)).toBe(true);
    expect(isMonetaryAmount(50, onSale)).toBe(false);
  });

  it("knows the monetary options", () => {
    expect([25, 50, 75, 100].every((a) => isMonetaryAmount(a))).toBe(true);
    expect([0, 10, 30, 49.99, 150].some((a) => isMonetaryAmount(a))).toBe(false);
  });
});

describe("voucher codes (R10: unguessable, easy to read)", () => {
  it("uses 31 characters with no 0/O or 1/I/L", () => {
    expect(VOUCHER_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(VOUCHER_CODE_ALPHABET).size).toBe(31);
    for (const confusable of ["0", "O", "1", "I", "L"]) expect(VOUCHER_CODE_ALPHABET).not.toContain(confusable);
  });

  it("formats 12 random bytes as TEA-XXXX-XXXX-XXXX", () => {
    expect(formatVoucherCode(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toBe("TEA-ABCD-EFGH-JKMN");
    expect(formatVoucherCode(Uint8Array.from([30, 31, 255, 23, 24, 25, 26, 27, 28, 29, 30, 62, 99]))).toBe("TEA-9AH2-3456-789A");
    expect(() => formatVoucherCode(new Uint8Array(11))).toThrow();
  });

  it("matches its pattern for random input, and the pattern refuses lookalikes", () => {
    for (let i = 0; i < 500; i++) {
      expect(formatVoucherCode(webcrypto.getRandomValues(new Uint8Array(12)))).toMatch(VOUCHER_CODE_PATTERN);
    }
    for (const bad of ["TEA-ABCD-EFGH-JKM0", "TEA-ABCD-EFGH-JKMI", "TEA-ABCD-EFGH-JKML", "TEA-ABCD-EFGH-JKMO", "tea-abcd-efgh-jkmn", "TEA-ABCD-EFGH"]) {
      expect(bad).not.toMatch(VOUCHER_CODE_PATTERN);
    }
  });
});
