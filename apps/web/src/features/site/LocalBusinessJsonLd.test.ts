import { siteFacts } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { localBusinessData } from "./LocalBusinessJsonLd";

describe("localBusinessData", () => {
  it("takes the address, phone and opening hours from the settings (R11)", () => {
    const data = localBusinessData(siteFacts({ open_days: "thu,fri,sat", opening_time: "10:30", contact_phone: "01962 000111" }), "https://tea.example");
    expect(data["@type"]).toBe("CafeOrCoffeeShop");
    expect(data.telephone).toBe("01962 000111");
    expect(data.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Thursday", "Friday", "Saturday"], opens: "10:30", closes: "17:00" },
    ]);
    expect(data.address).toMatchObject({
      streetAddress: "The Heritage Tearoom, Church Lane",
      addressLocality: "Little Ashcombe",
      addressRegion: "Hampshire",
      postalCode: "SO20 6AB",
    });
    expect(data.url).toBe("https://tea.example/");
  });
});
