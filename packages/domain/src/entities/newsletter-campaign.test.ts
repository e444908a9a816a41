import { describe, expect, it } from "vitest";
import { CampaignDraftSchema, campaignStatus } from "./newsletter-campaign.js";
import { checkSettingValue, parseSetting, withDefaults } from "./setting-values.js";
import { StaffEmailSchema } from "./staff.js";

describe("newsletters (R56)", () => {
  it("a draft needs a subject and a body, each within its length, and names the field it lacks", () => {
    expect(CampaignDraftSchema.parse({ subject: "  Spring  ", body: "Hello" })).toEqual({ subject: "Spring", body: "Hello" });
    expect(CampaignDraftSchema.safeParse({ subject: " ", body: "Hello" }).error?.issues[0]?.message).toBe("subject is required");
    expect(CampaignDraftSchema.safeParse({ subject: "Hi" }).error?.issues[0]?.message).toBe("body is required");
    expect(CampaignDraftSchema.safeParse({ subject: "x".repeat(151), body: "b" }).error?.issues[0]?.message).toBe("subject: at most 150 characters");
  });

  it("is a draft until its send starts, then sending until every recipient's message is sent or skipped", () => {
    expect(campaignStatus({ sendStartedAt: null, recipients: 0, sent: 0, skipped: 0 })).toBe("draft");
    expect(campaignStatus({ sendStartedAt: "2027-06-02T08:00:00.000Z", recipients: 3, sent: 1, skipped: 1 })).toBe("sending");
    expect(campaignStatus({ sendStartedAt: "2027-06-02T08:00:00.000Z", recipients: 3, sent: 2, skipped: 1 })).toBe("sent");
    // Sent to nobody (no subscribers): nothing is left to send.
    expect(campaignStatus({ sendStartedAt: "2027-06-02T08:00:00.000Z", recipients: 0, sent: 0, skipped: 0 })).toBe("sent");
  });

  it("a staff account's e-mail is an address, or empty or null for none", () => {
    expect(StaffEmailSchema.parse({ email: " Owner@Example.COM " })).toEqual({ email: "owner@example.com" });
    expect(StaffEmailSchema.parse({ email: "" })).toEqual({ email: null });
    expect(StaffEmailSchema.parse({ email: null })).toEqual({ email: null });
    expect(StaffEmailSchema.safeParse({ email: "owner" }).success).toBe(false);
  });

  it("the thank-you is off by default; its review link is an https address or none", () => {
    expect(parseSetting(withDefaults({}), "thank_you_email")).toBe("false");
    expect(parseSetting(withDefaults({}), "review_link")).toBe("none");
    expect(checkSettingValue("review_link", "https://g.page/r/heritage-tearoom/review")).toBeNull();
    expect(checkSettingValue("review_link", "none")).toBeNull();
    for (const bad of ["http://example.com", "javascript:alert(1)", "example.com", ""]) {
      expect(checkSettingValue("review_link", bad)).toBe("Review link: Use an address starting https://, or none");
    }
  });
});
