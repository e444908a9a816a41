import { describe, expect, it } from "vitest";
import { teaCountText } from "./payment-answers.js";

describe("teaCountText (R51)", () => {
  it("names the tea and how many", () => {
    expect(teaCountText(3, "traditional")).toBe("3 × Traditional afternoon tea");
    expect(teaCountText(1, "champagne")).toBe("1 × Champagne afternoon tea");
  });
});
