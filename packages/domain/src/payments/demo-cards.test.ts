import { describe, expect, it } from "vitest";
import { checkDemoCard, demoCardOutcome, DEMO_CARD_MESSAGES, formatCardNumber, formatExpiry } from "./demo-cards.js";

const now = new Date("2026-05-10T12:00:00Z");

describe("demo test cards", () => {
  it("gives each documented card its outcome, spaces or not", () => {
    expect(demoCardOutcome("4242 4242 4242 4242")).toBe("succeeded");
    expect(demoCardOutcome("4000000000000002")).toBe("declined");
    expect(demoCardOutcome("4000-0027-6000-3184")).toBe("requires_action");
    expect(demoCardOutcome("5555 5555 5555 4444")).toBe("not_a_test_card");
  });

  it("accepts a complete card and explains each incomplete field", () => {
    expect(checkDemoCard({ number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123" }, now)).toEqual({});
    expect(checkDemoCard({ number: "4242 4242", expiry: "1", cvc: "1" }, now)).toEqual({
      number: DEMO_CARD_MESSAGES.numberIncomplete,
      expiry: DEMO_CARD_MESSAGES.expiryIncomplete,
      cvc: DEMO_CARD_MESSAGES.cvcIncomplete,
    });
  });

  it("refuses a mistyped number and an expired card", () => {
    expect(checkDemoCard({ number: "4242 4242 4242 4241", expiry: "12/30", cvc: "123" }, now).number).toBe(DEMO_CARD_MESSAGES.numberInvalid);
    expect(checkDemoCard({ number: "4242 4242 4242 4242", expiry: "04/26", cvc: "123" }, now).expiry).toBe(DEMO_CARD_MESSAGES.expiryPast);
    expect(checkDemoCard({ number: "4242 4242 4242 4242", expiry: "05/26", cvc: "123" }, now).expiry).toBeUndefined();
    expect(checkDemoCard({ number: "4242 4242 4242 4242", expiry: "13/30", cvc: "123" }, now).expiry).toBe(DEMO_CARD_MESSAGES.expiryIncomplete);
  });

  it("formats input as it is typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42a")).toBe("4242 42");
    expect(formatExpiry("1228")).toBe("12 / 28");
    expect(formatExpiry("1")).toBe("1");
  });
});
