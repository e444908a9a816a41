import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("./form-schemas");
  vi.resetModules();
});

describe("checking a form with its domain schema, loaded on first use", () => {
  it("gives the parsed values, or the spec's message per field", async () => {
    const { checkForm } = await import("./check-form");
    expect(
      await checkForm("contact", { name: " Ada ", email: "ada@example.com", enquiryType: "general-enquiry", message: "A table for the garden, please." }),
    ).toEqual({
      ok: true,
      data: expect.objectContaining({ name: "Ada", email: "ada@example.com" }),
    });
    const refused = await checkForm("contact", { name: "", email: "nope", message: "short" });
    expect(refused).toEqual({
      ok: false,
      errors: expect.objectContaining({
        name: "Please enter your name",
        email: "Please enter a valid email",
        message: "Message must be at least 10 characters",
      }),
    });
  });

  it("rejects while the schemas cannot be loaded, and tries again on the next submit", async () => {
    vi.doMock("./form-schemas", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { checkForm } = await import("./check-form");
    await expect(checkForm("contact", {})).rejects.toThrow();
    vi.doUnmock("./form-schemas");
    const again = await checkForm("contact", {});
    expect(again.ok).toBe(false);
  });
});
