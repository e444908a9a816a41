import { describe, expect, it } from "vitest";
import { parseSetting } from "../entities/setting-values.js";
import { checkSettingValue } from "../entities/setting-values.js";
import { PrivacyRequestSchema, retentionCutoff } from "./privacy.js";

describe("retention (R39)", () => {
  it("keeps personal details retention_months after the visit, 24 by default", () => {
    expect(parseSetting({}, "retention_months")).toBe(24);
    expect(retentionCutoff("2027-06-02", 24)).toBe("2025-06-02");
    expect(retentionCutoff("2027-03-31", 1)).toBe("2027-02-28");
  });

  it("refuses a period under six months or over ten years", () => {
    expect(checkSettingValue("retention_months", "5")).toBe("How long personal details are kept: Use a whole number of months of at least 6");
    expect(checkSettingValue("retention_months", "121")).toBe("How long personal details are kept: Use a whole number of months of at most 120 (ten years)");
    expect(checkSettingValue("retention_months", "36")).toBeNull();
  });

  it("an export or erasure names one valid address", () => {
    expect(PrivacyRequestSchema.safeParse({ email: "not-an-address" }).success).toBe(false);
    expect(PrivacyRequestSchema.parse({ email: "ada@example.com" })).toEqual({ email: "ada@example.com" });
  });
});
