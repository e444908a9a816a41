import { describe, expect, it } from "vitest";
import { moneyBackLines } from "./money-back.js";

describe("moneyBackLines (R51)", () => {
  it("says where each part of a cancelled tea's money goes, card then voucher", () => {
    expect(moneyBackLines({ cardPence: 2990, testPayment: false, voucher: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 5000, remaining: 6500 } })).toEqual([
      "£29.90 goes back to your card (3–5 working days).",
      "£50.00 goes back on gift voucher TEA-ABCD-EFGH-JKMN, now worth £65.00.",
    ]);
  });

  it("counts a per-person voucher in people, says a test payment reaches no card, and says nothing when nothing goes back", () => {
    expect(moneyBackLines({ cardPence: 0, testPayment: false, voucher: { code: "TEA-2222-3333", people: 2, remaining: 2 } })).toEqual([
      "Afternoon tea for 2 goes back on gift voucher TEA-2222-3333, now good for 2 people.",
    ]);
    expect(moneyBackLines({ cardPence: 990, testPayment: true, voucher: null })).toEqual([
      "£9.90 is refunded in test mode: nothing was charged, so nothing reaches your card.",
    ]);
    expect(moneyBackLines({ cardPence: 0, testPayment: false, voucher: null })).toEqual([]);
    expect(moneyBackLines(undefined)).toEqual([]);
  });
});
