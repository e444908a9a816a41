import { describe, expect, it } from "vitest";
import { checkSettingValue, parseSetting, withDefaults } from "./setting-values.js";

describe("value checks for known settings", () => {
  it("checks day lists", () => {
    expect(checkSettingValue("open_days", "mon,tue")).toBeNull();
    expect(checkSettingValue("open_days", " Wed, THU ,fri ")).toBeNull();
    expect(checkSettingValue("open_days", "monday")).toBe("Open days: Use day names such as wed,thu,fri,sat,sun");
    expect(checkSettingValue("secret_garden_closed_days", "sun,funday")).toBe("Secret Garden closed days: Use day names such as wed,thu,fri,sat,sun");
  });

  it("checks times", () => {
    expect(checkSettingValue("opening_time", "10:30")).toBeNull();
    for (const bad of ["25:00", "9:00", "10.30", "noon"]) {
      expect(checkSettingValue("opening_time", bad)).toBe("Opening time: Use a 24-hour time such as 12:00");
    }
    expect(checkSettingValue("afternoon_tea_last_slot", "16:60")).toBe("Last afternoon tea time: Use a 24-hour time such as 12:00");
    expect(checkSettingValue("secret_garden_times", "12:00,14:00")).toBeNull();
    expect(checkSettingValue("secret_garden_times", "12:00,two")).toBe("Secret Garden times: Use a 24-hour time such as 12:00");
  });

  it("checks yes/no, minutes and counts", () => {
    expect(checkSettingValue("bank_holidays_open", "false")).toBeNull();
    expect(checkSettingValue("bank_holidays_open", "yes")).toBe("Open on bank holidays: Use true or false");
    expect(checkSettingValue("afternoon_tea_coming_soon", "false")).toBeNull();
    expect(checkSettingValue("afternoon_tea_coming_soon", "off")).toBe("Afternoon tea shows Coming Soon: Use true or false");
    expect(checkSettingValue("slot_interval_minutes", "15")).toBeNull();
    expect(checkSettingValue("slot_interval_minutes", "0")).toBe("Gap between booking times: Use a whole number of minutes of at least 5");
    expect(checkSettingValue("slot_interval_minutes", "abc")).toMatch(/^Gap between booking times: /);
    expect(checkSettingValue("slot_interval_minutes", "7.5")).toMatch(/^Gap between booking times: /);
    expect(checkSettingValue("hold_minutes", "241")).toBe("Seat hold while paying: Use a whole number of minutes of at most 240");
    for (const bad of ["", " ", "1e1", "0x10", "15 min", "Infinity", "7.5"])
      expect(checkSettingValue("hold_minutes", bad), bad).toBe("Seat hold while paying: Use a whole number of minutes from 5 to 240");
    expect(checkSettingValue("hold_minutes", "99999999999")).toBe("Seat hold while paying: Use a whole number of minutes of at most 240");
    expect(checkSettingValue("table_covers_per_slot", "lots")).toBe("Table guests per time: Use a whole number from 0 to 10000");
    expect(checkSettingValue("hold_minutes", " 20 ")).toBeNull();
    expect(checkSettingValue("afternoon_tea_covers_per_slot", "0")).toBeNull();
    expect(checkSettingValue("afternoon_tea_covers_per_slot", "-1")).toBe("Afternoon tea guests per time: Use a whole number of 0 or more");
  });

  it("keeps nightly backups 1 to 365 days, 14 by default (R41)", () => {
    expect(parseSetting({}, "backup_keep_days")).toBe(14);
    expect(parseSetting({ backup_keep_days: "30" }, "backup_keep_days")).toBe(30);
    expect(parseSetting({ backup_keep_days: "0" }, "backup_keep_days")).toBe(14);
    expect(checkSettingValue("backup_keep_days", "1")).toBeNull();
    expect(checkSettingValue("backup_keep_days", "365")).toBeNull();
    expect(checkSettingValue("backup_keep_days", "0")).toBe("How long nightly backups are kept: Use a whole number of days of at least 1");
    expect(checkSettingValue("backup_keep_days", "366")).toBe("How long nightly backups are kept: Use a whole number of days of at most 365 (a year)");
    for (const bad of ["", "two weeks", "7.5", "1e2"])
      expect(checkSettingValue("backup_keep_days", bad), bad).toBe("How long nightly backups are kept: Use a whole number of days from 1 to 365");
  });

  it("checks closed dates are real dates, and takes none for no closed dates", () => {
    expect(checkSettingValue("closed_dates", "2026-12-25, 2027-01-01")).toBeNull();
    expect(checkSettingValue("closed_dates", "25/12/2026")).toBe("Closed dates: Use dates such as 2026-12-25, separated by commas");
    expect(checkSettingValue("closed_dates", "2026-02-30")).toBe("Closed dates: Use real dates such as 2026-12-25, separated by commas");
    expect(checkSettingValue("closed_dates", "none")).toBeNull();
    expect(parseSetting({ closed_dates: "None" }, "closed_dates")).toEqual([]);
  });

  it("checks contact details and the postal address are present", () => {
    expect(checkSettingValue("contact_phone", "")).toMatch(/^Phone number: /);
    expect(checkSettingValue("contact_phone", "01234 567890")).toBeNull();
    expect(checkSettingValue("contact_phone", "+44 (0)1234 567-890")).toBeNull();
    for (const bad of ["1".repeat(501), "call us", "123", "01234 567890 ext. 2"])
      expect(checkSettingValue("contact_phone", bad), bad).toBe("Phone number: Use a phone number such as 01234 567890");
    expect(checkSettingValue("contact_email", "hello@tearoom.co.uk")).toBeNull();
    for (const bad of ["hello", "hello@tearoom", "a b@tearoom.co.uk", "a@b.co.uk, c@d.co.uk"])
      expect(checkSettingValue("events_email", bad), bad).toBe("Secret Garden and events e-mail address: Use an e-mail address such as hello@example.co.uk");
    expect(checkSettingValue("postal_address", "Church Lane, Ashcombe, SO20 6AB")).toBe(
      "Postal address: Use comma-separated parts: street, town, county, postcode",
    );
  });

  it("lets unknown keys hold any value", () => {
    expect(checkSettingValue("max_guests", "anything at all")).toBeNull();
    expect(checkSettingValue("toString", "anything at all")).toBeNull();
  });
});

describe("reading settings", () => {
  it("has the seed values of R11 and R13", () => {
    const s = withDefaults({});
    expect(parseSetting(s, "open_days")).toEqual(["wed", "thu", "fri", "sat", "sun"]);
    expect([s.opening_time, s.closing_time, s.food_served_until]).toEqual(["11:00", "17:00", "16:30"]);
    expect(s.bank_holidays_open).toBe("true");
    expect([s.afternoon_tea_first_slot, s.afternoon_tea_last_slot, s.slot_interval_minutes, s.afternoon_tea_minutes]).toEqual(["12:00", "16:00", "30", "120"]);
    expect([s.table_first_slot, s.table_last_slot, s.picnic_hamper_first_slot, s.picnic_hamper_last_slot]).toEqual(["11:00", "16:00", "11:00", "16:00"]);
    expect(parseSetting(s, "secret_garden_times")).toEqual(["12:00", "14:00", "16:00", "18:00"]);
    expect(parseSetting(s, "secret_garden_private_only_times")).toEqual(["18:00"]);
    expect(parseSetting(s, "secret_garden_closed_days")).toEqual(["sun"]);
    expect(parseSetting(s, "hold_minutes")).toBe(15);
  });

  it("prefers stored values, ignores invalid ones and keeps unknown keys", () => {
    const s = withDefaults({ opening_time: "10:30", closing_time: "half five", max_guests: "8" });
    expect(s.opening_time).toBe("10:30");
    expect(s.closing_time).toBe("17:00");
    expect(s.max_guests).toBe("8");
  });

  it("parses lists without repeats, whatever the case", () => {
    expect(parseSetting({ open_days: "Wed,wed, THU" }, "open_days")).toEqual(["wed", "thu"]);
    expect(parseSetting({ secret_garden_times: "12:00,12:00,14:00" }, "secret_garden_times")).toEqual(["12:00", "14:00"]);
    expect(parseSetting({ slot_interval_minutes: "45" }, "slot_interval_minutes")).toBe(45);
  });

  it("falls back to the seed value when a stored value is invalid", () => {
    expect(parseSetting({ open_days: "someday" }, "open_days")).toEqual(["wed", "thu", "fri", "sat", "sun"]);
    expect(parseSetting({ slot_interval_minutes: "1" }, "slot_interval_minutes")).toBe(30);
  });
});

describe("reading the same settings again", () => {
  it("gives the same answers for the same map, and a fresh map's own answers", () => {
    const first = { open_days: "mon,tue", slot_interval_minutes: "45" };
    expect(parseSetting(withDefaults(first), "open_days")).toEqual(["mon", "tue"]);
    expect(parseSetting(withDefaults(first), "open_days")).toBe(parseSetting(withDefaults(first), "open_days"));
    const second = { open_days: "sat" };
    expect(parseSetting(withDefaults(second), "open_days")).toEqual(["sat"]);
    expect(parseSetting(withDefaults(second), "slot_interval_minutes")).toBe(30);
  });

  it("hands out lists nobody can change behind the next reader's back", () => {
    const days = parseSetting(withDefaults({}), "open_days");
    expect(() => (days as string[]).push("mon")).toThrow(TypeError);
    expect(parseSetting(withDefaults({}), "open_days")).toEqual(["wed", "thu", "fri", "sat", "sun"]);
  });
});
