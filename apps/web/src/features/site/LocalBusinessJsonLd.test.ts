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

  it("gives one entry per distinct hours, and each season's week with its dates (R45)", () => {
    const facts = siteFacts({
      weekly_hours: JSON.stringify({ sun: { open: "11:00", close: "16:00" } }),
      opening_seasons: JSON.stringify([
        {
          name: "Winter",
          from: "2026-11-01",
          to: "2027-02-28",
          weekly: {
            mon: null,
            tue: null,
            wed: null,
            thu: null,
            fri: { open: "11:00", close: "16:00" },
            sat: { open: "11:00", close: "16:00" },
            sun: { open: "11:00", close: "15:00" },
          },
        },
      ]),
    });
    const spec = "OpeningHoursSpecification";
    const winter = { validFrom: "2026-11-01", validThrough: "2027-02-28" };
    expect(localBusinessData(facts, "").openingHoursSpecification).toEqual([
      { "@type": spec, dayOfWeek: ["Wednesday", "Thursday", "Friday", "Saturday"], opens: "11:00", closes: "17:00" },
      { "@type": spec, dayOfWeek: ["Sunday"], opens: "11:00", closes: "16:00" },
      { "@type": spec, dayOfWeek: ["Friday", "Saturday"], opens: "11:00", closes: "16:00", ...winter },
      { "@type": spec, dayOfWeek: ["Sunday"], opens: "11:00", closes: "15:00", ...winter },
      { "@type": spec, dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "00:00", closes: "00:00", ...winter },
    ]);
  });
});
