import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { AdminLoginSchema } from "./staff.js";

describe("admin login form (spec section 5)", () => {
  it("needs a username and a password, with the spec's messages", () => {
    expect(errorsOf(AdminLoginSchema, {})).toEqual({ username: "Username is required", password: "Password is required" });
    expect(errorsOf(AdminLoginSchema, { username: "", password: "" })).toEqual({ username: "Username is required", password: "Password is required" });
    expect(errorsOf(AdminLoginSchema, { username: "   ", password: "x" })).toEqual({ username: "Username is required" });
  });

  it("trims the username but keeps the password exactly as typed", () => {
    expect(AdminLoginSchema.parse({ username: " admin ", password: " pass word " })).toEqual({ username: "admin", password: " pass word " });
  });
});
