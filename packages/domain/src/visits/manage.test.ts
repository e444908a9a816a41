import { describe, expect, it } from "vitest";
import { changeMoneyLines, GuestChangeSchema, guestManageRules, ManageTokenSchema } from "./manage.js";

describe("guestManageRules (R37)", () => {
  const confirmed = { status: "confirmed" as const, date: "2027-06-10", time: "14:00", arrival: null };
  const at = (iso: string) => new Date(iso);

  it("cancel and change until the cut-off before the visit, in London time", () => {
    // 14:00 in London on 10 June is 13:00 UTC; 48 hours before is 8 June 13:00 UTC.
    expect(guestManageRules(confirmed, 48, at("2027-06-08T12:59:59Z"))).toEqual({ canCancel: true, canChange: true, cutoffAt: "2027-06-08T13:00:00.000Z" });
    expect(guestManageRules(confirmed, 48, at("2027-06-08T13:00:00Z"))).toEqual({ canCancel: false, canChange: false, cutoffAt: "2027-06-08T13:00:00.000Z" });
  });

  it("the cut-off crosses the clock change by real hours", () => {
    // Monday 1 November 2027 12:00 GMT; 48 hours before is Saturday 30 October 12:00 UTC, 13:00 BST.
    expect(guestManageRules({ ...confirmed, date: "2027-11-01", time: "12:00" }, 48, at("2027-10-30T11:59:00Z")).canCancel).toBe(true);
    expect(guestManageRules({ ...confirmed, date: "2027-11-01", time: "12:00" }, 48, at("2027-10-30T12:00:00Z")).canCancel).toBe(false);
  });

  it("a request can be withdrawn at any time before the visit, but changed only before the cut-off", () => {
    const pending = { ...confirmed, status: "pending" as const };
    expect(guestManageRules(pending, 48, at("2027-06-10T12:00:00Z"))).toMatchObject({ canCancel: true, canChange: false });
    expect(guestManageRules(pending, 48, at("2027-06-10T13:00:00Z"))).toMatchObject({ canCancel: false, canChange: false, cutoffAt: null });
  });

  it("nothing for bookings that no longer stand or were marked on the day", () => {
    const early = at("2027-06-01T09:00:00Z");
    for (const status of ["held", "declined", "cancelled"] as const)
      expect(guestManageRules({ ...confirmed, status }, 48, early)).toEqual({ canCancel: false, canChange: false, cutoffAt: null });
    expect(guestManageRules({ ...confirmed, arrival: "no-show" }, 48, early).canCancel).toBe(false);
  });
});

describe("the manage link's inputs", () => {
  it("a token is 43 base64url characters", () => {
    expect(ManageTokenSchema.safeParse("a".repeat(43)).success).toBe(true);
    expect(ManageTokenSchema.safeParse("a".repeat(42)).success).toBe(false);
    expect(ManageTokenSchema.safeParse(`${"a".repeat(42)}/`).success).toBe(false);
  });

  it("a change names at least one of date, time and guests, and nothing else", () => {
    expect(GuestChangeSchema.safeParse({}).error?.issues[0]?.message).toBe("Nothing to change: send a new date, time or number of guests.");
    expect(GuestChangeSchema.safeParse({ guests: 3, name: "Eve" }).success).toBe(false);
    expect(GuestChangeSchema.safeParse({ date: "2027-02-30" }).success).toBe(false);
    expect(GuestChangeSchema.parse({ guests: 3 })).toEqual({ guests: 3 });
  });
});

describe("changeMoneyLines (R51)", () => {
  const none = { cardBackPence: 0, voucherBack: null, toPayPence: 0, testPayment: false };
  it("says what goes back to the card and on the voucher, one line a part", () => {
    expect(changeMoneyLines({ ...none, cardBackPence: 2995 })).toEqual(["£29.95 goes back to your card (3–5 working days)."]);
    expect(changeMoneyLines({ ...none, cardBackPence: 995, voucherBack: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 2000 } })).toEqual([
      "£9.95 goes back to your card (3–5 working days).",
      "£20.00 goes back on gift voucher TEA-ABCD-EFGH-JKMN.",
    ]);
    expect(changeMoneyLines({ ...none, voucherBack: { code: "TEA-ABCD-EFGH-JKMN", people: 1 } })).toEqual([
      "Afternoon tea for 1 goes back on gift voucher TEA-ABCD-EFGH-JKMN.",
    ]);
  });
  it("says what is to pay first, that a demo payment reaches no card, and nothing when no money moves", () => {
    expect(changeMoneyLines({ ...none, toPayPence: 2995 })).toEqual(["£29.95 to pay by card before the change is made."]);
    expect(changeMoneyLines({ ...none, cardBackPence: 2995, testPayment: true })).toEqual([
      "£29.95 is refunded in test mode: nothing was charged, so nothing reaches your card.",
    ]);
    expect(changeMoneyLines(none)).toEqual([]);
  });
});
