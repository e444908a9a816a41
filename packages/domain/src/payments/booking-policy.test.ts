import { describe, expect, it } from "vitest";
import {
  BookingPolicyInputSchema,
  customTextFor,
  defaultPolicy,
  depositPence,
  feeCapPence,
  policyFor,
  policyRefusal,
  policyText,
  presentPolicy,
  withDefaultPolicies,
  type BookingPolicyInput,
  type StoredBookingPolicy,
} from "./booking-policy.js";
import { demoCardOutcome } from "./demo-cards.js";
import { describeZodError } from "../errors.js";

const deposit: StoredBookingPolicy = {
  bookingType: "table",
  kind: "deposit",
  depositPencePerGuest: 1000,
  minGuests: 6,
  weekdays: ["fri", "sat"],
  noShowFeePencePerGuest: 0,
  lateCancelFeePencePerGuest: 0,
  customText: null,
};
const input = (over: Partial<BookingPolicyInput> = {}): BookingPolicyInput => ({
  kind: "card",
  depositPencePerGuest: 0,
  minGuests: 1,
  weekdays: [],
  noShowFeePencePerGuest: 1500,
  lateCancelFeePencePerGuest: 500,
  text: "",
  ...over,
});

describe("default policies (R47)", () => {
  it("keep afternoon tea prepaid and ask nothing of the other types", () => {
    expect(withDefaultPolicies([]).map((p) => [p.bookingType, p.kind])).toEqual([
      ["afternoonTea", "prepay"],
      ["table", "none"],
      ["picnicHamper", "none"],
      ["secretGarden", "none"],
    ]);
    expect(withDefaultPolicies([deposit]).find((p) => p.bookingType === "table")).toBe(deposit);
  });
});

describe("policyFor (R47: from N guests, on chosen weekdays)", () => {
  const policies = withDefaultPolicies([deposit]);
  it("applies from the minimum party on the chosen weekdays only", () => {
    // 2026-12-04 is a Friday, 2026-12-03 a Thursday.
    expect(policyFor(policies, "table", "2026-12-04", 6)?.kind).toBe("deposit");
    expect(policyFor(policies, "table", "2026-12-04", 5)).toBeNull();
    expect(policyFor(policies, "table", "2026-12-03", 8)).toBeNull();
    expect(policyFor(policies, "table", "2026-12-05", 8)?.kind).toBe("deposit");
  });
  it("with no weekdays chosen applies every day; a policy of none never applies", () => {
    const everyDay = withDefaultPolicies([{ ...deposit, weekdays: [], minGuests: 1 }]);
    expect(policyFor(everyDay, "table", "2026-12-06", 1)?.kind).toBe("deposit");
    expect(policyFor(everyDay, "picnicHamper", "2026-12-06", 10)).toBeNull();
    expect(policyFor(everyDay, "afternoonTea", "2026-12-06", 1)?.kind).toBe("prepay");
  });
  it("reads the weekday of the London calendar date, whatever the machine's zone", () => {
    // A Sunday in British Summer Time and in winter.
    const sunday = withDefaultPolicies([{ ...deposit, weekdays: ["sun"], minGuests: 1 }]);
    expect(policyFor(sunday, "table", "2026-03-29", 2)?.kind).toBe("deposit");
    expect(policyFor(sunday, "table", "2026-10-25", 2)?.kind).toBe("deposit");
    expect(policyFor(sunday, "table", "2026-10-26", 2)).toBeNull();
  });
});

describe("amounts", () => {
  it("a deposit is the amount per guest times the party; other kinds take none", () => {
    expect(depositPence(deposit, 6)).toBe(6000);
    expect(depositPence({ kind: "card", depositPencePerGuest: 1000 }, 6)).toBe(0);
  });
  it("a fee is capped at the policy's amount per guest times the party (R48)", () => {
    const p = { noShowFeePencePerGuest: 1500, lateCancelFeePencePerGuest: 500 };
    expect(feeCapPence(p, "no-show", 4)).toBe(6000);
    expect(feeCapPence(p, "late-cancel", 4)).toBe(2000);
  });
});

describe("the policy in words (R47 with R37's cut-off)", () => {
  it("says what is charged, when, and until when a cancel is free", () => {
    expect(policyText(deposit, 48)).toBe(
      "For parties of 6 or more on Fridays and Saturdays: A deposit of £10.00 per guest is taken when you book and counted towards your bill. Cancel online until 48 hours before your visit and it is refunded in full; after that it is kept.",
    );
    const card = { ...input(), bookingType: "table" as const };
    expect(policyText(card, 24)).toBe(
      "We ask for a card to hold your booking; nothing is charged now. You can cancel free of charge until 24 hours before your visit. If you do not come, we may charge up to £15.00 per guest to this card. If you cancel after that, we may charge up to £5.00 per guest to this card.",
    );
    expect(policyText(defaultPolicy("afternoonTea"), 48)).toContain("paid in full when you book");
    expect(policyText(defaultPolicy("table"), 48)).toBe("Nothing is charged when you book.");
  });
  it("shows the staff's own words when they wrote some", () => {
    expect(presentPolicy({ ...deposit, customText: "Our own words." }, 48).text).toBe("Our own words.");
    expect(presentPolicy(deposit, 48).text).toBe(policyText(deposit, 48));
  });
  it("keeps generated words when an editor sends back what it was shown", () => {
    const before = { ...deposit };
    const shown = policyText(before, 48);
    expect(
      customTextFor(
        { ...input({ kind: "deposit", depositPencePerGuest: 1200, minGuests: 6, weekdays: ["fri", "sat"], text: shown }), bookingType: "table" },
        before,
        48,
      ),
    ).toBeNull();
    expect(customTextFor({ ...input({ text: "  " }), bookingType: "table" }, before, 48)).toBeNull();
    expect(customTextFor({ ...input({ text: "Cards only." }), bookingType: "table" }, before, 48)).toBe("Cards only.");
  });
});

describe("what staff may save", () => {
  it("names the field of a bad amount", () => {
    const bad = BookingPolicyInputSchema.safeParse(input({ noShowFeePencePerGuest: -1 }));
    expect(bad.success).toBe(false);
    expect(describeZodError(bad.error!)).toBe("noShowFeePencePerGuest: the amount cannot be negative");
    const fraction = BookingPolicyInputSchema.safeParse(input({ kind: "deposit", depositPencePerGuest: 10.5 }));
    expect(describeZodError(fraction.error!)).toBe("depositPencePerGuest: give a whole number of pence");
    const none = BookingPolicyInputSchema.safeParse(input({ kind: "deposit", depositPencePerGuest: 0 }));
    expect(describeZodError(none.error!)).toBe("depositPencePerGuest: a deposit needs an amount per guest");
    expect(describeZodError(BookingPolicyInputSchema.safeParse(input({ weekdays: ["fri", "fri"] })).error!)).toBe("weekdays: name each day once");
  });
  it("keeps afternoon tea at prepay and prepay to afternoon tea", () => {
    expect(policyRefusal("afternoonTea", input({ kind: "deposit", depositPencePerGuest: 500 }))).toMatch(/^kind: afternoon tea/);
    expect(policyRefusal("afternoonTea", input({ kind: "prepay" }))).toBeNull();
    expect(policyRefusal("table", input({ kind: "prepay" }))).toMatch(/^kind:/);
    expect(policyRefusal("table", input())).toBeNull();
  });
});

describe("the demo card that saves but declines later", () => {
  it("is one of the test cards", () => {
    expect(demoCardOutcome("4000 0000 0000 0341")).toBe("declines_later");
  });
});
