import { describe, expect, it } from "vitest";
import { GREETING_NAME_MAX_LENGTH, greetingLine, greetingName } from "./greeting.js";

describe("greetingName (R26)", () => {
  it("takes the first word of the name only", () => {
    expect(greetingName("Ada Lovelace")).toBe("Ada");
    expect(greetingName("  Ada   King, Countess of Lovelace ")).toBe("Ada");
    expect(greetingName("Jean-Luc Picard")).toBe("Jean-Luc");
    expect(greetingName("O'Brien")).toBe("O'Brien");
    expect(greetingName("J.R.R. Tolkien")).toBe("J.R.R.");
    expect(greetingName("Zoë")).toBe("Zoë");
    expect(greetingName("Søren\tKierkegaard")).toBe("Søren");
    expect(greetingName("張 偉")).toBe("張");
  });

  it(`keeps at most ${GREETING_NAME_MAX_LENGTH} characters, counted as characters`, () => {
    expect(greetingName("A".repeat(500))).toBe("A".repeat(GREETING_NAME_MAX_LENGTH));
    expect(Array.from(greetingName("é".repeat(60))!)).toHaveLength(GREETING_NAME_MAX_LENGTH);
  });

  it("gives nothing for a word that could carry a link, an address or a number", () => {
    for (const name of [
      "https://evil.example/reset Smith",
      "www.evil.example",
      "evil.example",
      "ada@example.com",
      "Call-0800-123456",
      "<b>Ada</b>",
      "Ada\u200bLovelace", // a zero-width space is not a space
      "---",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(greetingName(name), String(name)).toBeNull();
    }
  });
});

describe("greetingLine", () => {
  it("greets by first name, or says Hello", () => {
    expect(greetingLine("Ada Lovelace")).toBe("Dear Ada,");
    expect(greetingLine("Please reset your password at evil.example now")).toBe("Dear Please,");
    expect(greetingLine("www.evil.example")).toBe("Hello,");
    expect(greetingLine(null)).toBe("Hello,");
  });
});
