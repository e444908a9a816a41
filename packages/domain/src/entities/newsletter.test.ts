import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { matchesSubscriberSearch, NewsletterStatusSchema, NewsletterSubscribeSchema, NewsletterTokenSchema } from "./newsletter.js";

describe("newsletter subscription (spec section 5, R16)", () => {
  it("takes an email only, with an optional name and a source", () => {
    expect(NewsletterSubscribeSchema.parse({ email: " ada@example.com " })).toEqual({ email: "ada@example.com", source: "api" });
    expect(NewsletterSubscribeSchema.parse({ email: "ada@example.com", source: "popup", firstName: " Ada ", lastName: "Lovelace" })).toEqual({
      email: "ada@example.com",
      source: "popup",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(NewsletterSubscribeSchema.parse({ email: "ada@example.com", source: "footer" }).source).toBe("footer");
  });

  it("refuses a missing or invalid email and an unknown source", () => {
    expect(errorsOf(NewsletterSubscribeSchema, {})).toEqual({ email: "Please enter a valid email" });
    expect(errorsOf(NewsletterSubscribeSchema, { email: "not-an-email" })).toEqual({ email: "Please enter a valid email" });
    expect(errorsOf(NewsletterSubscribeSchema, { email: `${"a".repeat(250)}@example.com` })).toEqual({ email: "Please enter a valid email" });
    expect(NewsletterSubscribeSchema.safeParse({ email: "ada@example.com", source: "sms" }).success).toBe(false);
  });

  it("takes a link's token as a bounded string", () => {
    expect(NewsletterTokenSchema.parse({ token: "abc" })).toEqual({ token: "abc" });
    expect(errorsOf(NewsletterTokenSchema, {})).toEqual({ token: "token is required" });
    expect(errorsOf(NewsletterTokenSchema, { token: "" })).toEqual({ token: "token is required" });
    expect(errorsOf(NewsletterTokenSchema, { token: "x".repeat(201) })).toEqual({ token: "token is not valid" });
  });

  it("switches a subscription only with a real boolean", () => {
    expect(NewsletterStatusSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(errorsOf(NewsletterStatusSchema, { isActive: "false" })).toEqual({ isActive: "isActive must be true or false" });
  });

  it("searches e-mail, first and last name, ignoring case", () => {
    const sub = { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" };
    expect(matchesSubscriberSearch(sub, "LOVE")).toBe(true);
    expect(matchesSubscriberSearch(sub, " example ")).toBe(true);
    expect(matchesSubscriberSearch(sub, "")).toBe(true);
    expect(matchesSubscriberSearch(sub, "babbage")).toBe(false);
    expect(matchesSubscriberSearch({ email: "x@example.com", firstName: null, lastName: null }, "ada")).toBe(false);
  });
});
