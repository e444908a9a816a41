import { describe, expect, it } from "vitest";
import {
  fewerGuestsReturn,
  HAMPER_VOUCHER_MESSAGE,
  isTeaCoverProblem,
  paysForTea,
  teaVoucherCover,
  UNKNOWN_VOUCHER_MESSAGE,
  type TeaCover,
  type TeaVoucher,
} from "./tea-cover.js";

const TODAY = "2026-11-24";
const TRAD = 2995;
const CHAMP = 3995;
const tea = (teaType: "traditional" | "champagne", guests: number) => ({ guests, unitPence: teaType === "traditional" ? TRAD : CHAMP, traditionalPence: TRAD });
const voucher = (voucherType: TeaVoucher["voucherType"], spendable: number, expiryDate = "2027-06-01"): TeaVoucher => ({ voucherType, spendable, expiryDate });

function cover(v: TeaVoucher | null, teaType: "traditional" | "champagne", guests: number): TeaCover {
  const c = teaVoucherCover(v, tea(teaType, guests), TODAY);
  if (isTeaCoverProblem(c)) throw new Error(c.message);
  return c;
}

describe("teaVoucherCover: an afternoon-tea voucher (R36)", () => {
  it.each([
    // [tea, guests, people left, covered, applied, to pay]
    ["traditional", 2, 2, 2, 2 * TRAD, 0],
    ["traditional", 2, 4, 2, 2 * TRAD, 0],
    ["traditional", 4, 2, 2, 2 * TRAD, 2 * TRAD],
    ["traditional", 1, 1, 1, TRAD, 0],
    ["champagne", 2, 2, 2, 2 * TRAD, 2 * (CHAMP - TRAD)],
    ["champagne", 3, 1, 1, TRAD, 3 * CHAMP - TRAD],
    ["champagne", 1, 5, 1, TRAD, CHAMP - TRAD],
  ] as const)("%s tea for %i with %i people left covers %i guests: %i off, %i to pay", (teaType, guests, left, covered, applied, toPay) => {
    const c = cover(voucher("afternoonTea", left), teaType, guests);
    expect(c).toMatchObject({
      coveredGuests: covered,
      people: covered,
      ledgerPence: null,
      voucherAppliedPence: applied,
      amountPence: toPay,
      totalPence: guests * (teaType === "traditional" ? TRAD : CHAMP),
    });
  });

  it("says what it covers and what is left to pay", () => {
    expect(cover(voucher("afternoonTea", 2), "traditional", 2).summary).toBe("Covers traditional tea for 2 guests; nothing left to pay.");
    expect(cover(voucher("afternoonTea", 1), "champagne", 2).summary).toBe(
      "Covers traditional tea for 1 guest (the champagne upgrade is paid); £49.95 left to pay.",
    );
  });
});

describe("teaVoucherCover: a monetary voucher (R36)", () => {
  it.each([
    // [tea, guests, balance, applied, to pay]
    ["traditional", 2, 5000, 5000, 2 * TRAD - 5000],
    ["traditional", 2, 7500, 2 * TRAD, 0],
    ["traditional", 2, 2 * TRAD, 2 * TRAD, 0],
    ["champagne", 2, 7500, 7500, 2 * CHAMP - 7500],
    ["champagne", 6, 100, 100, 6 * CHAMP - 100],
    ["champagne", 1, 10_000, CHAMP, 0],
  ] as const)("%s tea for %i with %ip left: %i off, %i to pay", (teaType, guests, balance, applied, toPay) => {
    expect(cover(voucher("monetary", balance), teaType, guests)).toMatchObject({
      voucherAppliedPence: applied,
      amountPence: toPay,
      ledgerPence: applied,
      people: null,
      coveredGuests: null,
    });
  });

  it("says what stays on the voucher", () => {
    expect(cover(voucher("monetary", 7500), "traditional", 2).summary).toBe("Covers £59.90; nothing left to pay (£15.10 stays on the voucher).");
    expect(cover(voucher("monetary", 5000), "traditional", 2).summary).toBe("Covers £50.00; £9.90 left to pay.");
  });
});

describe("teaVoucherCover: codes that cannot pay", () => {
  const problem = (v: TeaVoucher | null, teaType: "traditional" | "champagne" = "traditional") => teaVoucherCover(v, tea(teaType, 2), TODAY);

  it("an unknown code is a 400 with a plain message", () => {
    expect(problem(null)).toEqual({ status: 400, message: UNKNOWN_VOUCHER_MESSAGE });
  });

  it.each(["traditional", "champagne"] as const)("a picnic hamper voucher is not valid for %s tea, however much is left", (teaType) => {
    expect(problem(voucher("picnicHamper", 4), teaType)).toEqual({ status: 400, message: HAMPER_VOUCHER_MESSAGE });
  });

  it("paysForTea says the same, as the voucher check on /gift-vouchers reads it", () => {
    expect(paysForTea("picnicHamper")).toBe(false);
    expect(paysForTea("afternoonTea")).toBe(true);
    expect(paysForTea("monetary")).toBe(true);
  });

  it.each(["afternoonTea", "monetary"] as const)("an expired %s voucher is refused (the expiry day itself still counts)", (kind) => {
    expect(problem(voucher(kind, 5000, "2026-11-23"))).toEqual({ status: 409, message: expect.stringContaining("expired on Monday, 23 November 2026") });
    expect(isTeaCoverProblem(problem(voucher(kind, 5000, TODAY)))).toBe(false);
  });

  it.each(["afternoonTea", "monetary"] as const)("a used-up %s voucher is refused", (kind) => {
    expect(problem(voucher(kind, 0))).toEqual({ status: 409, message: expect.stringContaining("nothing left") });
  });
});

describe("fewerGuestsReturn: fewer guests on a tea paid online (R37)", () => {
  const trad = { unitPence: 2995, traditionalPence: 2995 };
  it("card only: the card keeps what the smaller party costs", () => {
    expect(fewerGuestsReturn({ ...trad, newGuests: 2, cardLeftPence: 8985, voucher: null })).toEqual({ cardPence: 2995, voucherBack: 0 });
    // A goodwill refund made earlier counts: the guest ends up having paid what two teas cost.
    expect(fewerGuestsReturn({ ...trad, newGuests: 2, cardLeftPence: 6985, voucher: null })).toEqual({ cardPence: 995, voucherBack: 0 });
    expect(fewerGuestsReturn({ ...trad, newGuests: 2, cardLeftPence: 5000, voucher: null })).toEqual({ cardPence: 0, voucherBack: 0 });
  });
  it("a £50 voucher and £9.90 by card for two: one guest fewer gives the card back first, then the voucher the rest", () => {
    expect(fewerGuestsReturn({ ...trad, newGuests: 1, cardLeftPence: 990, voucher: { voucherType: "monetary", used: 5000 } })).toEqual({
      cardPence: 990,
      voucherBack: 2005,
    });
    // Three guests, £50 voucher, £39.85 card: to two, the voucher still covers £50 and the card keeps £9.90.
    expect(fewerGuestsReturn({ ...trad, newGuests: 2, cardLeftPence: 3985, voucher: { voucherType: "monetary", used: 5000 } })).toEqual({
      cardPence: 2995,
      voucherBack: 0,
    });
  });
  it("an afternoon-tea voucher for two on a champagne tea: one guest fewer gives a person back and half the upgrade", () => {
    const champagne = { unitPence: 3995, traditionalPence: 2995 };
    expect(fewerGuestsReturn({ ...champagne, newGuests: 1, cardLeftPence: 2000, voucher: { voucherType: "afternoonTea", used: 2 } })).toEqual({
      cardPence: 1000,
      voucherBack: 1,
    });
    // Four guests, two covered: the two leaving are the ones the card paid for.
    expect(fewerGuestsReturn({ ...trad, newGuests: 2, cardLeftPence: 5990, voucher: { voucherType: "afternoonTea", used: 2 } })).toEqual({
      cardPence: 5990,
      voucherBack: 0,
    });
  });
});
