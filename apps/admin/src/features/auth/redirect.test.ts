import { describe, expect, it } from "vitest";
import { loginPathFor, safeNext } from "./redirect";

describe("sign-in redirect", () => {
  it("remembers the screen, its filters and hash", () => {
    expect(loginPathFor({ pathname: "/reservations", search: "?page=2", hash: "" })).toBe("/login?next=%2Freservations%3Fpage%3D2");
    expect(safeNext(decodeURIComponent("%2Freservations%3Fpage%3D2"))).toBe("/reservations?page=2");
  });

  it("sends everything else to the dashboard", () => {
    for (const bad of [null, "", "https://evil.example", "//evil.example/x", "/\\evil", "/login", "/login?next=/x", "pricing"]) {
      expect(safeNext(bad)).toBe("/dashboard");
    }
  });

  it("does not nest the login page in itself", () => {
    expect(loginPathFor({ pathname: "/login", search: "", hash: "" })).toBe("/login");
  });
});
