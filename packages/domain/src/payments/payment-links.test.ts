import { describe, expect, it } from "vitest";
import { paymentLinkAmount, paymentLinkExpiresAt, PaymentLinkRequestSchema } from "./payment-links.js";
import { describeZodError } from "../errors.js";

describe("payment links (R49)", () => {
  it("takes a card link, and refuses an unknown kind or broken pence naming the field", () => {
    expect(PaymentLinkRequestSchema.parse({ kind: "card" })).toEqual({ kind: "card" });
    expect(describeZodError(PaymentLinkRequestSchema.safeParse({ kind: "all" }).error!)).toBe('kind: kind must be "deposit", "full" or "card"');
    expect(describeZodError(PaymentLinkRequestSchema.safeParse({ kind: "deposit", amountPence: 10.5 }).error!)).toBe(
      "amountPence: amountPence must be a whole number of pence",
    );
  });

  it("asks for the amount staff gave, or the full amount still to pay", () => {
    expect(paymentLinkAmount({ kind: "deposit", amountPence: 1000 }, { amountPence: 5980, paidPence: 0 })).toBe(1000);
    expect(paymentLinkAmount({ kind: "full" }, { amountPence: 5980, paidPence: 1000 })).toBe(4980);
    expect(paymentLinkAmount({ kind: "full" }, { amountPence: 5980, paidPence: 5980 })).toBeNull();
    expect(paymentLinkAmount({ kind: "full" }, { amountPence: null, paidPence: 0 })).toBeNull();
    expect(paymentLinkAmount({ kind: "deposit" }, { amountPence: 5980, paidPence: 0 })).toBeNull();
    // A card link saves a card and charges nothing.
    expect(paymentLinkAmount({ kind: "card" }, { amountPence: 5980, paidPence: 0 })).toBe(0);
  });

  it("expires the given number of days after it was sent", () => {
    expect(paymentLinkExpiresAt(new Date("2026-05-01T10:00:00Z"), 7).toISOString()).toBe("2026-05-08T10:00:00.000Z");
  });
});
