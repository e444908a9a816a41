import { describe, expect, it } from "vitest";
import { refundedLines } from "./booking-voucher.js";

describe("refundedLines (R51)", () => {
  it("says where each part of a cancelled booking went back", () => {
    const voucher = { code: "TEA-ABCD-EFGH", amountPence: 5000, givenBack: true };
    expect(refundedLines(2990, voucher)).toEqual(["Refunded £29.90 to your card", "£50.00 back on gift voucher TEA-ABCD-EFGH"]);
    expect(refundedLines(2990, voucher, "the guest's card")[0]).toBe("Refunded £29.90 to the guest's card");
    expect(refundedLines(0, { code: "TEA-2222-3333", people: 2, givenBack: true })).toEqual(["2 people back on gift voucher TEA-2222-3333"]);
  });

  it("leaves out a voucher part staff kept used, and says nothing when nothing went back", () => {
    expect(refundedLines(7990, { code: "TEA-ABCD-EFGH", amountPence: 5000, givenBack: false })).toEqual(["Refunded £79.90 to your card"]);
    expect(refundedLines(0, null)).toEqual([]);
  });
});
