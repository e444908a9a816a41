import { describe, expect, it } from "vitest";
import { openingHoursText, siteFacts, slotTimes } from "../opening-hours/rules.js";
import {
  checkSettingChange,
  checkSettingValue,
  KNOWN_SETTINGS,
  SETTING_GROUPS,
  settingConflicts,
  settingDefinition,
  settingGroups,
  settingLabel,
  withDefaults,
} from "./setting-values.js";

const seed = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, def]) => [k, def.value]));

describe("settings checked together (R33)", () => {
  it("finds no contradiction in the seed values", () => {
    expect(settingConflicts(seed)).toEqual([]);
  });

  it("wants opening before closing, naming both settings", () => {
    expect(checkSettingChange(seed, "opening_time", "18:00")).toBe("Opening time (6:00 PM) must be before Closing time (5:00 PM).");
    expect(checkSettingChange(seed, "closing_time", "11:00")).toBe("Opening time (11:00 AM) must be before Closing time (11:00 AM).");
    expect(checkSettingChange(seed, "closing_time", "18:00")).toBeNull();
  });

  it("wants each booking type's slots inside opening hours, the first not after the last", () => {
    expect(checkSettingChange(seed, "afternoon_tea_first_slot", "16:30")).toBe(
      "First afternoon tea time (4:30 PM) must not be after Last afternoon tea time (4:00 PM).",
    );
    expect(checkSettingChange(seed, "table_first_slot", "10:30")).toBe("First table booking time (10:30 AM) must not be before Opening time (11:00 AM).");
    expect(checkSettingChange(seed, "picnic_hamper_last_slot", "17:00")).toBe("Last picnic hamper time (5:00 PM) must be before Closing time (5:00 PM).");
    expect(settingConflicts({ ...seed, closing_time: "15:00" }).map((c) => c.message)).toEqual([
      "Food served until (4:30 PM) must not be after Closing time (3:00 PM).",
      "Last afternoon tea time (4:00 PM) must be before Closing time (3:00 PM).",
      "Last table booking time (4:00 PM) must be before Closing time (3:00 PM).",
      "Last picnic hamper time (4:00 PM) must be before Closing time (3:00 PM).",
    ]);
    expect(checkSettingChange(seed, "opening_time", "12:30")).toBe("First afternoon tea time (12:00 PM) must not be before Opening time (12:30 PM).");
    expect(checkSettingChange(seed, "afternoon_tea_first_slot", "16:00")).toBeNull();
  });

  it("reads a 00:00 closing as midnight, the end of the day", () => {
    const noon = { ...seed, opening_time: "12:00", table_first_slot: "12:00", picnic_hamper_first_slot: "12:00" };
    expect(checkSettingChange(noon, "closing_time", "00:00")).toBeNull();
    expect(openingHoursText({ ...noon, closing_time: "00:00" })).toBe("Wednesday to Sunday 12pm-12am");
  });

  it("keeps food service inside opening hours", () => {
    expect(checkSettingChange(seed, "food_served_until", "17:30")).toBe("Food served until (5:30 PM) must not be after Closing time (5:00 PM).");
    expect(checkSettingChange(seed, "food_served_until", "10:00")).toBe("Food served until (10:00 AM) must be after Opening time (11:00 AM).");
  });

  it("keeps private-only Secret Garden times among the Secret Garden times, which may lie outside opening hours", () => {
    expect(checkSettingChange(seed, "secret_garden_private_only_times", "19:00")).toBe(
      "Private-only Secret Garden times (7:00 PM) must be among Secret Garden times (12:00 PM, 2:00 PM, 4:00 PM, 6:00 PM).",
    );
    expect(checkSettingChange(seed, "secret_garden_times", "12:00,14:00")).toMatch(
      /^Private-only Secret Garden times \(6:00 PM\) must be among Secret Garden times/,
    );
    expect(checkSettingChange(seed, "secret_garden_private_only_times", "none")).toBeNull();
    expect(checkSettingChange(seed, "secret_garden_times", "12:00,20:00,18:00")).toBeNull();
  });

  it("refuses unknown keys and bad values before looking at other settings", () => {
    expect(checkSettingChange(seed, "max_guests", "8")).toBe("key: max_guests is not a setting the site knows; use one of the listed settings");
    expect(checkSettingChange(seed, "max_guests", "8", "settingKey")).toMatch(/^settingKey: max_guests is not/);
    expect(checkSettingChange(seed, "opening_time", "noon")).toBe("Opening time: Use a 24-hour time such as 12:00");
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
    expect(checkSettingChange(early, "opening_time", null)).toBe("Opening time (11:00 AM) must be before Closing time (10:00 AM).");
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

describe("settings in words (R46)", () => {
  const keys = Object.keys(KNOWN_SETTINGS) as (keyof typeof KNOWN_SETTINGS)[];

  it("gives every known setting a plain label, one of the six groups and a line of help", () => {
    for (const key of keys) {
      const { label, group, help } = KNOWN_SETTINGS[key];
      expect(label, key).toMatch(/^[A-Z][^_]*[^.]$/);
      expect(SETTING_GROUPS, key).toContain(group);
      expect(help, key).toMatch(/^[A-Z][^\n_]+\.$/);
      expect(help.length, key).toBeLessThanOrEqual(140);
      expect(settingDefinition(key)).toMatchObject({ label, group, help });
    }
    expect(new Set(keys.map((k) => KNOWN_SETTINGS[k].label)).size).toBe(keys.length);
  });

  it("lists the groups in the ruling's order, each setting once, leaving out a group with no settings", () => {
    const groups = settingGroups();
    expect(groups.map((g) => g.group)).toEqual(SETTING_GROUPS.filter((g) => keys.some((k) => KNOWN_SETTINGS[k].group === g)));
    expect(groups.flatMap((g) => g.keys).sort()).toEqual([...keys].sort());
    expect(groups[0]).toEqual({
      group: "Opening hours",
      keys: ["open_days", "opening_time", "closing_time", "weekly_hours", "opening_seasons", "bank_holidays_open", "food_served_until", "closed_dates"],
    });
    expect(groups.find((g) => g.group === "Privacy")?.keys).toEqual(["retention_months", "backup_keep_days"]);
  });

  it("names a setting by its label, and an unknown key by itself", () => {
    expect(settingLabel("food_served_until")).toBe("Food served until");
    expect(settingLabel("max_guests")).toBe("max_guests");
  });

  it("never quotes a key in a message about a known setting", () => {
    for (const key of keys) {
      const message = checkSettingValue(key, "@@");
      expect(message, key).toMatch(new RegExp(`^${KNOWN_SETTINGS[key].label}: `));
      expect(message, key).not.toContain(key);
    }
    const everything = settingConflicts({ ...seed, opening_time: "16:00", closing_time: "15:00", secret_garden_private_only_times: "19:00" });
    expect(everything.length).toBeGreaterThan(5);
    for (const { message } of everything) expect(message).not.toMatch(/[a-z]_[a-z]/);
  });

  it("shows times as the site does", () => {
    const early = { ...seed, closing_time: "16:00", afternoon_tea_last_slot: "15:30", table_last_slot: "15:30", picnic_hamper_last_slot: "15:30" };
    expect(checkSettingChange({ ...early, food_served_until: "15:00" }, "food_served_until", "16:30")).toBe(
      "Food served until (4:30 PM) must not be after Closing time (4:00 PM).",
    );
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
