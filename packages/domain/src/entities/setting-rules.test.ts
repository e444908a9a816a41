import { describe, expect, it } from "vitest";
import { openingHoursText, siteFacts, slotTimes } from "../opening-hours/rules.js";
import { settingConflicts } from "./setting-rules.js";
import { checkSettingChange, KNOWN_SETTINGS, settingDefinition, withDefaults } from "./setting-values.js";

const seed = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, def]) => [k, def.value]));

describe("settings checked together (R33)", () => {
  it("finds no contradiction in the seed values", () => {
    expect(settingConflicts(seed)).toEqual([]);
  });

  it("wants opening before closing, naming both settings", () => {
    expect(checkSettingChange(seed, "opening_time", "18:00")).toBe("opening_time (18:00) must be before closing_time (17:00)");
    expect(checkSettingChange(seed, "closing_time", "11:00")).toBe("opening_time (11:00) must be before closing_time (11:00)");
    expect(checkSettingChange(seed, "closing_time", "18:00")).toBeNull();
  });

  it("wants each booking type's slots inside opening hours, the first not after the last", () => {
    expect(checkSettingChange(seed, "afternoon_tea_first_slot", "16:30")).toBe(
      "afternoon_tea_first_slot (16:30) must not be after afternoon_tea_last_slot (16:00)",
    );
    expect(checkSettingChange(seed, "table_first_slot", "10:30")).toBe("table_first_slot (10:30) must not be before opening_time (11:00)");
    expect(checkSettingChange(seed, "picnic_hamper_last_slot", "17:00")).toBe("picnic_hamper_last_slot (17:00) must be before closing_time (17:00)");
    expect(settingConflicts({ ...seed, closing_time: "15:00" }).map((c) => c.message)).toEqual([
      "food_served_until (16:30) must not be after closing_time (15:00)",
      "afternoon_tea_last_slot (16:00) must be before closing_time (15:00)",
      "table_last_slot (16:00) must be before closing_time (15:00)",
      "picnic_hamper_last_slot (16:00) must be before closing_time (15:00)",
    ]);
    expect(checkSettingChange(seed, "opening_time", "12:30")).toBe("afternoon_tea_first_slot (12:00) must not be before opening_time (12:30)");
    expect(checkSettingChange(seed, "afternoon_tea_first_slot", "16:00")).toBeNull();
  });

  it("reads a 00:00 closing as midnight, the end of the day", () => {
    const noon = { ...seed, opening_time: "12:00", table_first_slot: "12:00", picnic_hamper_first_slot: "12:00" };
    expect(checkSettingChange(noon, "closing_time", "00:00")).toBeNull();
    expect(openingHoursText({ ...noon, closing_time: "00:00" })).toBe("Wednesday to Sunday 12pm-12am");
  });

  it("keeps food service inside opening hours", () => {
    expect(checkSettingChange(seed, "food_served_until", "17:30")).toBe("food_served_until (17:30) must not be after closing_time (17:00)");
    expect(checkSettingChange(seed, "food_served_until", "10:00")).toBe("food_served_until (10:00) must be after opening_time (11:00)");
  });

  it("keeps private-only Secret Garden times among the Secret Garden times, which may lie outside opening hours", () => {
    expect(checkSettingChange(seed, "secret_garden_private_only_times", "19:00")).toBe(
      "secret_garden_private_only_times (19:00) must be among secret_garden_times (12:00, 14:00, 16:00, 18:00)",
    );
    expect(checkSettingChange(seed, "secret_garden_times", "12:00,14:00")).toMatch(
      /^secret_garden_private_only_times \(18:00\) must be among secret_garden_times/,
    );
    expect(checkSettingChange(seed, "secret_garden_private_only_times", "none")).toBeNull();
    expect(checkSettingChange(seed, "secret_garden_times", "12:00,20:00,18:00")).toBeNull();
  });

  it("refuses unknown keys and bad values before looking at other settings", () => {
    expect(checkSettingChange(seed, "max_guests", "8")).toBe("key: max_guests is not a setting the site knows; use one of the listed settings");
    expect(checkSettingChange(seed, "max_guests", "8", "settingKey")).toMatch(/^settingKey: max_guests is not/);
    expect(checkSettingChange(seed, "opening_time", "noon")).toBe("opening_time: Use a 24-hour time such as 12:00");
  });

  it("checks a reset to the default too (deleting a setting)", () => {
    const early = {
      ...seed,
      opening_time: "08:00",
      closing_time: "10:00",
      afternoon_tea_first_slot: "08:30",
      afternoon_tea_last_slot: "09:30",
      table_first_slot: "08:00",
      table_last_slot: "09:30",
      picnic_hamper_first_slot: "08:00",
      picnic_hamper_last_slot: "09:30",
      food_served_until: "09:45",
    };
    expect(settingConflicts(early)).toEqual([]);
    expect(checkSettingChange(early, "opening_time", null)).toBe("opening_time (11:00) must be before closing_time (10:00)");
    expect(checkSettingChange(seed, "opening_time", null)).toBeNull();
  });

  it("gives every known setting an editor that fits its seed value", () => {
    expect(settingDefinition("open_days")?.editor).toEqual({ kind: "days" });
    expect(settingDefinition("closed_dates")?.editor).toEqual({ kind: "dates" });
    expect(settingDefinition("hold_minutes")?.editor).toEqual({ kind: "number", min: 5, max: 240, unit: "minutes" });
    expect(settingDefinition("contact_email")?.editor).toEqual({ kind: "email" });
    expect(settingDefinition("contact_phone")?.editor).toEqual({ kind: "phone" });
    expect(settingDefinition("max_guests")).toBeUndefined();
  });
});

describe("pages never show contradictory settings (R33)", () => {
  it("reads a stored contradiction as the seed values of both settings", () => {
    const stored = { opening_time: "18:00", closing_time: "17:00" };
    expect(openingHoursText(stored)).toBe("Wednesday to Sunday 11am-5pm");
    expect(siteFacts(stored)).toMatchObject({ openingTime: "11:00", closingTime: "17:00" });
  });

  it("keeps stored values that agree, and undoes contradictions one after another", () => {
    expect(openingHoursText({ opening_time: "10:00", closing_time: "18:00" })).toBe("Wednesday to Sunday 10am-6pm");
    // A table slot before a later opening: both settings of that rule go back, the rest stays.
    const s = withDefaults({ opening_time: "12:00", table_first_slot: "11:00", table_last_slot: "11:30", afternoon_tea_first_slot: "12:30" });
    expect([s.opening_time, s.table_first_slot, s.table_last_slot, s.afternoon_tea_first_slot]).toEqual(["11:00", "11:00", "11:30", "12:30"]);
    expect(settingConflicts(s)).toEqual([]);
    expect(slotTimes({ afternoon_tea_first_slot: "15:00", afternoon_tea_last_slot: "13:00" }, "afternoonTea")[0]).toBe("12:00");
  });
});
