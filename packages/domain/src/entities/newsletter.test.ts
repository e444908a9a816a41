import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { NewsletterListQuerySchema, NewsletterStatusSchema, NewsletterSubscribeSchema, NewsletterTokenSchema } from "./newsletter.js";

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

  it("pages the admin list: 50 by default, at most 200, with readable messages (decision 010)", () => {
    expect(NewsletterListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(NewsletterListQuerySchema.parse({ search: " ada ", page: "3", pageSize: "200" })).toEqual({ search: "ada", page: 3, pageSize: 200 });
    expect(errorsOf(NewsletterListQuerySchema, { page: "abc" })).toEqual({ page: "page must be a whole number of at least 1" });
    expect(errorsOf(NewsletterListQuerySchema, { page: "0" })).toEqual({ page: "page must be a whole number of at least 1" });
    expect(errorsOf(NewsletterListQuerySchema, { pageSize: "1000" })).toEqual({ pageSize: "pageSize must be a whole number from 1 to 200" });
  });
});
