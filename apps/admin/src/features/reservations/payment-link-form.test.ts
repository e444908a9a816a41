import { describe, expect, it } from "vitest";
import { linkAmountError } from "./payment-link-form";

describe("payment link amount (R49)", () => {
  it("takes pounds and pence from 30p, and says what is wrong otherwise", () => {
    expect(linkAmountError("15")).toBeNull();
    expect(linkAmountError("£12.50")).toBeNull();
    expect(linkAmountError("")).toBe("Please enter an amount in pounds, e.g. 10 or 12.50");
    expect(linkAmountError("12.555")).toBe("Please enter an amount in pounds, e.g. 10 or 12.50");
    expect(linkAmountError("0.20")).toBe("Please ask for at least £0.30");
    expect(linkAmountError("10001")).toBe("Please ask for at most £10,000.00");
  });
});
