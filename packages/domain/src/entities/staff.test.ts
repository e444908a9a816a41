import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { AdminLoginSchema } from "./staff.js";
import { checkAdminLogin } from "./staff-login.js";

describe("admin login form (spec section 5)", () => {
  it("needs a username and a password, with the spec's messages", () => {
    expect(errorsOf(AdminLoginSchema, {})).toEqual({ username: "Username is required", password: "Password is required" });
    expect(errorsOf(AdminLoginSchema, { username: "", password: "" })).toEqual({ username: "Username is required", password: "Password is required" });
    expect(errorsOf(AdminLoginSchema, { username: "   ", password: "x" })).toEqual({ username: "Username is required" });
  });

  it("trims the username but keeps the password exactly as typed", () => {
    expect(AdminLoginSchema.parse({ username: " admin ", password: " pass word " })).toEqual({ username: "admin", password: " pass word " });
  });

  it("is the same rule in the zod-free check the sign-in page uses", () => {
    const cases = [
      {},
      { username: "", password: "" },
      { username: "   ", password: "x" },
      { username: " admin ", password: " pass word " },
      { username: "a".repeat(100), password: "p".repeat(200) },
      { username: "a".repeat(101), password: "p".repeat(201) },
      { username: 7, password: null },
    ];
    for (const input of cases) {
      const parsed = AdminLoginSchema.safeParse(input);
      const checked = checkAdminLogin(input);
      if (parsed.success) expect(checked, JSON.stringify(input)).toEqual({ ok: true, value: parsed.data });
      else expect(checked, JSON.stringify(input)).toEqual({ ok: false, errors: errorsOf(AdminLoginSchema, input) });
    }
    expect(checkAdminLogin({ username: "a".repeat(101), password: "x" })).toEqual({ ok: false, errors: { username: "Username is at most 100 characters" } });
  });
});
