import { describe, expect, it } from "vitest";
import { allocateRefund, parsePoundsStrict, paymentBalance, paymentStatus, refundablePence, RefundRequestSchema } from "./refunds.js";

describe("payment status (R34)", () => {
  it("is paid, partly refunded or refunded by what came back", () => {
    expect(paymentStatus(5990, 0)).toBe("paid");
    expect(paymentStatus(5990, 1)).toBe("partly-refunded");
    expect(paymentStatus(5990, 5989)).toBe("partly-refunded");
    expect(paymentStatus(5990, 5990)).toBe("refunded");
  });

  it("never leaves a negative amount to refund", () => {
    expect(refundablePence(5990, 2995)).toBe(2995);
    expect(refundablePence(5990, 5990)).toBe(0);
    expect(refundablePence(5990, 6000)).toBe(0);
  });
});

describe("balance after a guest change (R34)", () => {
  const paid = { paidPence: 5990, refundedPence: 0, paidForGuests: 2 };

  it("is due from the guest when guests were added", () => {
    // 2 → 5 traditional teas at £29.95: £149.75 now, £59.90 paid.
    expect(paymentBalance({ ...paid, guests: 5, currentPricePence: 14975 })).toBe(8985);
  });

  it("is overpaid when guests were removed, and settled once the difference is refunded", () => {
    expect(paymentBalance({ ...paid, guests: 1, currentPricePence: 2995 })).toBe(-2995);
    expect(paymentBalance({ ...paid, refundedPence: 2995, guests: 1, currentPricePence: 2995 })).toBe(0);
  });

  it("follows the current price, not the one paid", () => {
    expect(paymentBalance({ ...paid, guests: 3, currentPricePence: 3 * 3200 })).toBe(9600 - 5990);
  });

  it("says nothing while the guests are the ones paid for, even after a goodwill refund", () => {
    expect(paymentBalance({ ...paid, guests: 2, currentPricePence: 5990 })).toBeNull();
    expect(paymentBalance({ ...paid, refundedPence: 1000, guests: 2, currentPricePence: 5990 })).toBeNull();
  });

  it("says nothing when there is no current price to compare with", () => {
    expect(paymentBalance({ ...paid, guests: 4, currentPricePence: null })).toBeNull();
  });
});

describe("refund request", () => {
  it("needs a reason; the amount is optional whole pence", () => {
    expect(RefundRequestSchema.parse({ reason: " Cancelled by phone " })).toEqual({ reason: "Cancelled by phone" });
    expect(RefundRequestSchema.safeParse({ reason: "  " }).error?.issues[0]?.message).toBe("Please give a reason for the refund");
    expect(RefundRequestSchema.safeParse({ reason: "x", amountPence: 12.5 }).success).toBe(false);
    expect(RefundRequestSchema.safeParse({ reason: "x", amountPence: 0 }).success).toBe(false);
    expect(RefundRequestSchema.safeParse({ reason: "x", amountPence: -5 }).success).toBe(false);
  });
});

describe("strict pounds (R33)", () => {
  it("reads plain amounts", () => {
    expect(parsePoundsStrict("29.95")).toBe(2995);
    expect(parsePoundsStrict("£30")).toBe(3000);
    expect(parsePoundsStrict(" 0.5 ")).toBe(50);
  });

  it("refuses anything it would have to guess at", () => {
    for (const bad of ["1e9", "-5", "0.001", "12abc", "", "1,000", ".5", "Infinity", "0x10"]) expect(parsePoundsStrict(bad), bad).toBeNull();
  });
});

describe("allocateRefund", () => {
  it("takes a refund from the newest payment first, then the older ones", () => {
    expect(allocateRefund(1000, [5990, 2995])).toEqual([0, 1000]);
    expect(allocateRefund(4000, [5990, 2995])).toEqual([1005, 2995]);
    expect(allocateRefund(8985, [5990, 2995])).toEqual([5990, 2995]);
  });
  it("skips what was refunded already and never takes more than a payment has left", () => {
    expect(allocateRefund(3000, [5990, 0])).toEqual([3000, 0]);
    expect(allocateRefund(9999, [100, 200])).toEqual([100, 200]);
  });
});
