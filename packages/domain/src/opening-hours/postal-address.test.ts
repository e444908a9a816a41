import { describe, expect, it } from "vitest";
import { checkSettingValue, KNOWN_SETTINGS } from "../entities/setting-values.js";
import { postalAddress, siteFacts } from "./rules.js";

describe("postal address setting", () => {
  it("splits the seeded address into street, town, county and postcode", () => {
    expect(postalAddress(KNOWN_SETTINGS.postal_address.value)).toEqual({
      lines: ["The Heritage Tearoom", "Church Lane", "Little Ashcombe", "Hampshire", "SO20 6AB"],
      street: "The Heritage Tearoom, Church Lane",
      town: "Little Ashcombe",
      county: "Hampshire",
      postcode: "SO20 6AB",
    });
  });

  it("keeps several street lines together", () => {
    expect(postalAddress("Unit 2, 1 Mill Lane, Ashcombe, Hampshire, SO20 1AA")).toMatchObject({
      street: "Unit 2, 1 Mill Lane",
      town: "Ashcombe",
      county: "Hampshire",
      postcode: "SO20 1AA",
    });
  });

  it("is part of the site facts, from the stored setting", () => {
    expect(siteFacts({ postal_address: "2 High Street, Stockbridge, Hampshire, SO20 6EU" }).address.town).toBe("Stockbridge");
  });

  it("refuses an address with fewer than four parts", () => {
    expect(checkSettingValue("postal_address", "Church Lane, Ashcombe, SO20 6AB")).toMatch(/Postal address: Use comma-separated parts/);
    expect(checkSettingValue("postal_address", "Church Lane, Ashcombe, Hampshire, SO20 6AB")).toBeNull();
  });
});

describe("hour12", () => {
  it("gives the short form used in opening-hours lines", async () => {
    const { hour12 } = await import("./london-time.js");
    expect(hour12("12:00")).toBe("12pm");
    expect(hour12("16:30")).toBe("4:30pm");
    expect(hour12("00:15")).toBe("12:15am");
    expect(hour12("10:30")).toBe("10:30am");
  });
});

describe("siteFacts().openDaysText", () => {
  it("names the open days from the settings", () => {
    expect(siteFacts({}).openDaysText).toBe("Wednesday to Sunday");
    expect(siteFacts({ open_days: "thu,fri,sat" }).openDaysText).toBe("Thursday to Saturday");
  });
});
