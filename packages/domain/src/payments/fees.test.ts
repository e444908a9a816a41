import { describe, expect, it } from "vitest";
import { cancelledLate, feeAmount, feeConflict, FeeRequestSchema, type FeeBooking } from "./fees.js";
import { feeCapPence } from "./booking-policy.js";

const policy = { noShowFeePencePerGuest: 1500, lateCancelFeePencePerGuest: 1000 };
const noShow: FeeBooking = {
  reference: "TR-ABC",
  status: "confirmed",
  arrival: "no-show",
  date: "2027-06-12",
  time: "12:00",
  guests: 3,
  cardOnFile: true,
  cancelledAt: null,
};
const ok = { cancellationHours: 48, alreadyCharged: false, capPence: 4500 };

describe("feeCapPence and feeAmount (R48)", () => {
  it("caps a fee at the policy's amount per guest times the party", () => {
    expect(feeCapPence(policy, "no-show", 3)).toBe(4500);
    expect(feeCapPence(policy, "late-cancel", 3)).toBe(3000);
  });

  it("takes the cap when no amount is given, and any amount up to it", () => {
    expect(feeAmount("no-show", undefined, policy, 3)).toEqual({ amountPence: 4500 });
    expect(feeAmount("no-show", 4500, policy, 3)).toEqual({ amountPence: 4500 });
    expect(feeAmount("late-cancel", 500, policy, 3)).toEqual({ amountPence: 500 });
  });

  it("refuses more than the cap, naming amountPence and the cap", () => {
    expect(feeAmount("no-show", 4501, policy, 3)).toEqual({
      refusal: "amountPence: at most £45.00 (4500p), the policy's £15.00 per guest for 3 guests",
    });
    expect(feeAmount("late-cancel", 1001, policy, 1)).toEqual({
      refusal: "amountPence: at most £10.00 (1000p), the policy's £10.00 per guest for 1 guest",
    });
  });
});

describe("feeConflict (R48)", () => {
  it("allows a no-show fee on a confirmed booking marked no-show with a saved card", () => {
    expect(feeConflict("no-show", noShow, ok)).toBeNull();
  });

  it("refuses a no-show fee without the no-show mark, without a card, twice, or with no fee in the policy", () => {
    expect(feeConflict("no-show", { ...noShow, arrival: "arrived" }, ok)).toMatch(/not marked as a no-show/);
    expect(feeConflict("no-show", { ...noShow, arrival: null }, ok)).toMatch(/not marked as a no-show/);
    expect(feeConflict("no-show", { ...noShow, cardOnFile: false }, ok)).toMatch(/has no saved card/);
    expect(feeConflict("no-show", noShow, { ...ok, alreadyCharged: true })).toBe("Booking TR-ABC has already been charged its no-show fee.");
    expect(feeConflict("no-show", noShow, { ...ok, capPence: 0 })).toMatch(/policy has no no-show fee/);
  });

  it("allows a late-cancel fee only for a cancel at or after the cut-off", () => {
    // 12:00 London in June is 11:00 UTC; 48 hours before is 2027-06-10T11:00Z.
    const cancelled = { ...noShow, status: "cancelled" as const, arrival: null };
    expect(feeConflict("late-cancel", { ...cancelled, cancelledAt: "2027-06-10T11:00:00.000Z" }, ok)).toBeNull();
    expect(feeConflict("late-cancel", { ...cancelled, cancelledAt: "2027-06-10T10:59:59.000Z" }, ok)).toMatch(/not cancelled after the cut-off \(48 hours/);
    expect(feeConflict("late-cancel", { ...cancelled, cancelledAt: null }, ok)).toMatch(/not cancelled after the cut-off/);
    expect(feeConflict("late-cancel", { ...noShow, cancelledAt: "2027-06-12T10:00:00.000Z" }, ok)).toMatch(/not cancelled/);
  });

  it("reads the cut-off in London time", () => {
    expect(cancelledLate({ date: "2027-01-12", time: "12:00", cancelledAt: "2027-01-10T12:00:00.000Z" }, 48)).toBe(true);
    expect(cancelledLate({ date: "2027-01-12", time: "12:00", cancelledAt: "2027-01-10T11:59:00.000Z" }, 48)).toBe(false);
  });
});

describe("FeeRequestSchema", () => {
  it("needs a reason and whole pence of at least 30p", () => {
    expect(FeeRequestSchema.safeParse({ kind: "no-show", reason: "  " }).error?.issues[0]).toMatchObject({
      path: ["reason"],
      message: "Please say why the fee is charged",
    });
    expect(FeeRequestSchema.safeParse({ kind: "no-show", reason: "x", amountPence: 10.5 }).success).toBe(false);
    expect(FeeRequestSchema.safeParse({ kind: "no-show", reason: "x", amountPence: 29 }).success).toBe(false);
    expect(FeeRequestSchema.safeParse({ kind: "lost", reason: "x" }).success).toBe(false);
    expect(FeeRequestSchema.parse({ kind: "late-cancel", reason: " Phoned on the day " })).toEqual({ kind: "late-cancel", reason: "Phoned on the day" });
  });
});
