import { z } from "zod";

/** Response shapes the API adds on top of the domain's entities (serialisation and OpenAPI). */

const price = z.number().int().nullable();

export const SiteInfoSchema = z.object({
  facts: z.object({
    openingHours: z.string(),
    openDays: z.array(z.string()),
    openingTime: z.string(),
    closingTime: z.string(),
    bankHolidaysOpen: z.boolean(),
    foodServedUntil: z.string(),
    afternoonTeaFirstSlot: z.string(),
    afternoonTeaLastSlot: z.string(),
    afternoonTeaTableMinutes: z.number(),
    tableFirstSlot: z.string(),
    tableLastSlot: z.string(),
    phone: z.string(),
    email: z.string(),
    eventsEmail: z.string(),
    openDaysText: z.string(),
    address: z.object({ lines: z.array(z.string()), street: z.string(), town: z.string(), county: z.string(), postcode: z.string() }),
  }),
  settings: z.record(z.string(), z.string()),
  prices: z.object({
    traditional: price,
    champagne: price,
    voucherAfternoonTea: price,
    voucherPicnicHamper: price,
    voucherMonetary: price,
    wine: price,
  }),
  monetaryAmounts: z.array(z.number()),
});

export const MessageSchema = z.object({ message: z.string() });
