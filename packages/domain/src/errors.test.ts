import { z } from "zod";
import { describe, expect, it } from "vitest";
import { describeZodError, fieldErrors } from "./errors.js";

const schema = z.object({
  email: z.email({ error: "Please enter a valid email" }),
  guests: z.number({ error: "Guests?" }),
  tags: z.array(z.string({ error: "Tag?" })),
});

describe("readable validation errors (R4)", () => {
  it("names the first failing field", () => {
    const result = schema.safeParse({ email: "x", guests: 2, tags: [] });
    expect(result.success || describeZodError(result.error)).toBe("email: Please enter a valid email");
  });

  it("maps each field to its first message, nested paths joined by dots", () => {
    const result = schema.safeParse({ email: "x", tags: ["a", 1] });
    expect(result.success || fieldErrors(result.error)).toEqual({ email: "Please enter a valid email", guests: "Guests?", "tags.1": "Tag?" });
  });

  it("gives the bare message for a top-level problem", () => {
    const result = z.string({ error: "Text please" }).safeParse(3);
    expect(result.success || describeZodError(result.error)).toBe("Text please");
    expect(result.success || fieldErrors(result.error)).toEqual({ _: "Text please" });
  });
});
