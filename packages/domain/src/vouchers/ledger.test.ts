import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { VoucherBalanceQuerySchema, VoucherExpiryUpdateSchema, VoucherRedemptionSchema } from "../entities/gift-voucher.js";
import { normaliseVoucherCode } from "../entities/gift-voucher-constants.js";
import { describeRemaining, faceValue, redemptionProblem, settledRemaining, spendableRemaining, voucherStatusOf, type LedgerMovement } from "./ledger.js";

const monetary = { voucherType: "monetary" as const, pricePence: 7500, people: null };
const tea = { voucherType: "afternoonTea" as const, pricePence: 3 * 2995, people: 3 };
const move = (kind: LedgerMovement["kind"], amountPence: number | null, people: number | null = null, expiresAt: string | null = null): LedgerMovement => ({
  kind,
  amountPence,
  people,
  expiresAt,
});

describe("what is left on a voucher (R35)", () => {
  it("is the face value: pence for a monetary voucher, people for a per-person one", () => {
    expect(faceValue(monetary)).toBe(7500);
    expect(faceValue(tea)).toBe(3);
    expect(settledRemaining(monetary, [])).toBe(7500);
  });

  it("takes each redemption, gives back each restore and ignores notes", () => {
    const ledger = [move("redemption", 2000), move("note", null), move("redemption", 990), move("restore", 500)];
    expect(settledRemaining(monetary, ledger)).toBe(7500 - 2000 - 990 + 500);
    expect(settledRemaining(tea, [move("redemption", null, 2)])).toBe(1);
    // A monetary amount on a per-person voucher moves nothing: each voucher counts in its own unit.
    expect(settledRemaining(tea, [move("redemption", 5000, null)])).toBe(3);
  });

  it("never goes below zero nor above the face value", () => {
    expect(settledRemaining(monetary, [move("redemption", 9000)])).toBe(0);
    expect(settledRemaining(monetary, [move("restore", 100)])).toBe(7500);
  });

  it("holds back a reservation only while it is alive (R36), like a seat hold", () => {
    const ledger = [move("redemption", 1000), move("reservation", 5990, null, "2026-11-24T10:15:00.000Z")];
    expect(settledRemaining(monetary, ledger)).toBe(6500);
    expect(spendableRemaining(monetary, ledger, "2026-11-24T10:14:59.999Z")).toBe(510);
    expect(spendableRemaining(monetary, ledger, "2026-11-24T10:15:00.000Z")).toBe(6500);
  });
});

describe("a voucher's status", () => {
  it("is redeemed with nothing left (the spec's isRedeemed), else expired after its date, else active", () => {
    expect(voucherStatusOf(0, "2099-01-01", "2026-11-24")).toBe("redeemed");
    expect(voucherStatusOf(0, "2020-01-01", "2026-11-24")).toBe("redeemed");
    expect(voucherStatusOf(1, "2026-11-23", "2026-11-24")).toBe("expired");
    expect(voucherStatusOf(1, "2026-11-24", "2026-11-24")).toBe("active");
  });

  it("describes what is left in the voucher's unit", () => {
    expect(describeRemaining("monetary", 1510)).toBe("£15.10");
    expect(describeRemaining("picnicHamper", 1)).toBe("1 person");
    expect(describeRemaining("afternoonTea", 2)).toBe("2 people");
  });
});

describe("redemptionProblem", () => {
  const live = { voucherType: "monetary" as const, expiryDate: "2027-11-24" };
  const today = "2026-11-24";

  it("allows up to what is spendable, to the penny", () => {
    expect(redemptionProblem(live, 7500, { amountPence: 7500 }, today)).toBeNull();
    expect(redemptionProblem(live, 7500, { amountPence: 7501 }, today)).toEqual({ status: 409, message: "Only £75.00 is left on this voucher." });
    expect(redemptionProblem({ ...live, voucherType: "afternoonTea" }, 1, { people: 2 }, today)).toEqual({
      status: 409,
      message: "Only 1 person is left on this voucher.",
    });
    expect(redemptionProblem({ ...live, voucherType: "afternoonTea" }, 2, { people: 3 }, today)?.message).toBe("Only 2 people are left on this voucher.");
  });

  it("refuses the wrong unit for the voucher's kind", () => {
    expect(redemptionProblem(live, 7500, { people: 1 }, today)?.status).toBe(400);
    expect(redemptionProblem({ ...live, voucherType: "picnicHamper" }, 2, { amountPence: 100 }, today)?.status).toBe(400);
  });

  it("refuses a voucher with nothing left, even with an override", () => {
    expect(redemptionProblem(live, 0, { amountPence: 1, override: { reason: "goodwill" } }, today)).toEqual({
      status: 409,
      message: "This voucher has nothing left.",
    });
  });

  it("refuses an expired voucher unless staff give an override reason", () => {
    const expired = { ...live, expiryDate: "2026-11-23" };
    expect(redemptionProblem(expired, 7500, { amountPence: 100 }, today)).toEqual({
      status: 409,
      message: "This voucher expired on Monday, 23 November 2026. It can only be redeemed with an override reason.",
    });
    expect(redemptionProblem(expired, 7500, { amountPence: 100, override: { reason: "Guest was in hospital" } }, today)).toBeNull();
    // Still valid on its expiry day.
    expect(redemptionProblem({ ...live, expiryDate: today }, 7500, { amountPence: 100 }, today)).toBeNull();
  });
});

describe("voucher schemas of the ledger", () => {
  it("takes either an amount or people, never both or neither", () => {
    expect(VoucherRedemptionSchema.parse({ amountPence: 1990, note: " lunch " })).toEqual({ amountPence: 1990, note: "lunch" });
    expect(errorsOf(VoucherRedemptionSchema, { amountPence: 100, people: 1 }).amountPence).toBe("Give either amountPence or people");
    expect(errorsOf(VoucherRedemptionSchema, {}).amountPence).toBe("Give either amountPence or people");
    expect(errorsOf(VoucherRedemptionSchema, { amountPence: 0 }).amountPence).toBe("amountPence must be more than 0");
    expect(errorsOf(VoucherRedemptionSchema, { amountPence: 10.5 }).amountPence).toBe("amountPence must be a whole number of pence");
    expect(errorsOf(VoucherRedemptionSchema, { people: 1, override: { reason: "" } })["override.reason"]).toBe(
      "Please give a reason for redeeming an expired voucher",
    );
  });

  it("reads a code as typed, in any case, with or without dashes", () => {
    expect(normaliseVoucherCode(" tea abcd efgh jkmn ")).toBe("TEA-ABCD-EFGH-JKMN");
    expect(VoucherBalanceQuerySchema.parse({ code: "tea-abcd-efgh-jkmn" }).code).toBe("TEA-ABCD-EFGH-JKMN");
    expect(errorsOf(VoucherBalanceQuerySchema, { code: "TEA-0000-1111-IIII" }).code).toMatch(/like TEA-ABCD-EFGH-JKMN/);
    expect(errorsOf(VoucherBalanceQuerySchema, {}).code).toBe("Please enter a voucher code");
  });

  it("takes a real date for a new expiry", () => {
    expect(errorsOf(VoucherExpiryUpdateSchema, { expiryDate: "2027-02-30" }).expiryDate).toBe("expiryDate must be a date (yyyy-MM-dd)");
  });
});
