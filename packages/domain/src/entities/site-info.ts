import { z } from "zod";
import { OpeningSeasonSchema, WeeklyHoursSchema } from "./opening-hours.js";
import { SitePolicySchema } from "../payments/booking-policy.js";

/** A postal address split from its setting: every part, then street, town, county and postcode. */
export const PostalAddressSchema = z.object({
  lines: z.array(z.string()),
  street: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

/** The display facts every public page shows (R11), derived from the settings by `siteFacts`. */
export const SiteFactsSchema = z.object({
  openingHours: z.string(),
  openDays: z.array(z.string()),
  /** "Wednesday to Sunday", for lines that give days and other hours (afternoon tea, food). */
  openDaysText: z.string(),
  openingTime: z.string(),
  closingTime: z.string(),
  /** R45: the usual week, each day's hours or null when closed. */
  weeklyHours: WeeklyHoursSchema,
  /** The usual week in words, Monday first: { day: "Sunday", hours: "11am-4pm" } or "Closed". */
  hoursByDay: z.array(z.object({ day: z.string(), hours: z.string() })),
  /** Seasons with a week of their own, in date order, and each in words. */
  seasons: z.array(OpeningSeasonSchema),
  seasonsText: z.array(z.string()),
  bankHolidaysOpen: z.boolean(),
  foodServedUntil: z.string(),
  afternoonTeaFirstSlot: z.string(),
  afternoonTeaLastSlot: z.string(),
  afternoonTeaTableMinutes: z.number(),
  /** R51: the spec's "Coming Soon" badge on afternoon tea's title and buttons; a setting, on by default. */
  afternoonTeaComingSoon: z.boolean(),
  tableFirstSlot: z.string(),
  tableLastSlot: z.string(),
  phone: z.string(),
  email: z.string(),
  eventsEmail: z.string(),
  address: PostalAddressSchema,
});
export type SiteFacts = z.infer<typeof SiteFactsSchema>;

const price = z.number().int().nullable();

/** Prices in pence from the pricing items (R6); null while an item is off sale. */
export const SitePricesSchema = z.object({
  traditional: price,
  champagne: price,
  voucherAfternoonTea: price,
  voucherPicnicHamper: price,
  voucherMonetary: price,
  wine: price,
});
export type SitePrices = z.infer<typeof SitePricesSchema>;

/** GET /api/site: what every public page needs: the facts, the settings with defaults, the prices. */
export const SiteInfoSchema = z.object({
  facts: SiteFactsSchema,
  settings: z.record(z.string(), z.string()),
  prices: SitePricesSchema,
  monetaryAmounts: z.array(z.number()),
  /** R47: each booking type's policy, its kind and the words the forms show. */
  policies: z.object({ afternoonTea: SitePolicySchema, table: SitePolicySchema, picnicHamper: SitePolicySchema, secretGarden: SitePolicySchema }),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
