import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { BookingSettingCreateSchema, BookingSettingUpdateSchema, SETTING_KEY_MESSAGE, SettingKeySchema } from "./booking-setting.js";
import { checkSettingValue, KNOWN_SETTINGS } from "./setting-values.js";

describe("booking setting keys (spec section 3: snake_case words)", () => {
  it("accepts lower-case words joined by single underscores", () => {
    for (const key of ["max_guests", "open_days", "slot2_interval", "x"]) expect(SettingKeySchema.parse(key)).toBe(key);
    expect(SettingKeySchema.parse("  max_guests ")).toBe("max_guests");
  });

  it("refuses anything else with one clear message", () => {
    for (const key of ["MaxGuests", "max-guests", "max guests", "_max", "max_", "max__guests", "1max", "", "max.guests", "Max_guests"]) {
      expect(errorsOf(SettingKeySchema, key)).toEqual({ _: SETTING_KEY_MESSAGE });
    }
    expect(errorsOf(SettingKeySchema, `a${"_b".repeat(30)}`)).toEqual({ _: "Setting keys are at most 60 characters" });
  });

  it("gives every known setting a snake_case key and a seed value that passes its own check", () => {
    for (const [key, def] of Object.entries(KNOWN_SETTINGS)) {
      expect(SettingKeySchema.safeParse(key).success, key).toBe(true);
      expect(checkSettingValue(key, def.value), key).toBeNull();
    }
  });
});

describe("creating and editing a booking setting (spec section 5)", () => {
  it("needs a key and a non-blank value; the description is optional", () => {
    expect(BookingSettingCreateSchema.parse({ settingKey: "max_guests", settingValue: " 8 " })).toEqual({ settingKey: "max_guests", settingValue: "8" });
    expect(BookingSettingCreateSchema.parse({ settingKey: "max_guests", settingValue: "8", description: " Most guests " }).description).toBe("Most guests");
    expect(errorsOf(BookingSettingCreateSchema, {})).toEqual({ settingKey: SETTING_KEY_MESSAGE, settingValue: "Value is required" });
    expect(errorsOf(BookingSettingCreateSchema, { settingKey: "Max Guests", settingValue: "   " })).toEqual({
      settingKey: SETTING_KEY_MESSAGE,
      settingValue: "Value is required",
    });
  });

  it("saves an edit only when the value is non-blank after trimming", () => {
    expect(BookingSettingUpdateSchema.parse({ value: " 12:30 " })).toEqual({ value: "12:30" });
    expect(errorsOf(BookingSettingUpdateSchema, { value: "   " })).toEqual({ value: "Value is required" });
    expect(errorsOf(BookingSettingUpdateSchema, {})).toEqual({ value: "Value is required" });
  });
});
