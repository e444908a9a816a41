import { z } from "zod";
import { isRealDate } from "./common.js";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type DayName = (typeof DAYS)[number];
export const DAY_NAMES = DAYS;

const timeValue = z.string().regex(TIME, { error: "Use a 24-hour time such as 12:00" });
const minutesValue = z.coerce.number().int().min(5, { error: "Use a whole number of minutes of at least 5" }).max(240);
const countValue = z.coerce.number().int().min(0, { error: "Use a whole number of 0 or more" }).max(10_000);
const boolValue = z.enum(["true", "false"], { error: "Use true or false" });
/**
 * A comma-separated list; repeats are dropped. A stored value can never be blank, so "none" stands
 * for the empty list (e.g. no closed dates once the seeded ones are over).
 */
const listOf = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .transform((v) => (v.trim().toLowerCase() === "none" ? [] : v.split(",").map((d) => d.trim()).filter(Boolean)))
    .pipe(z.array(item))
    .transform((list) => [...new Set(list)]);
const dayList = listOf(
  z
    .string()
    .transform((d) => d.toLowerCase())
    .pipe(z.enum(DAYS, { error: "Use day names such as wed,thu,fri,sat,sun" })),
);
const dateList = listOf(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use dates such as 2026-12-25, separated by commas" })
    .refine(isRealDate, { error: "Use real dates such as 2026-12-25, separated by commas" }),
);
const timeList = listOf(timeValue);
const plain = z.string().min(1).max(500);
const addressValue = z
  .string()
  .max(500)
  .refine((v) => v.split(",").map((p) => p.trim()).filter(Boolean).length >= 4, {
    error: "Use comma-separated parts: street, town, county, postcode",
  });

/**
 * Known settings with their seed values (R11, R13) and how a value is checked. Unknown keys may be
 * stored too; they drive nothing.
 */
export const KNOWN_SETTINGS = {
  open_days: { value: "wed,thu,fri,sat,sun", schema: dayList, description: "Days the tearoom opens (sun,mon,…,sat)" },
  opening_time: { value: "11:00", schema: timeValue, description: "Opening time" },
  closing_time: { value: "17:00", schema: timeValue, description: "Closing time" },
  bank_holidays_open: { value: "true", schema: boolValue, description: "true: open on bank holidays, whatever the day; false: closed on bank holidays" },
  food_served_until: { value: "16:30", schema: timeValue, description: "Last food service" },
  closed_dates: { value: "2026-12-25,2026-12-26", schema: dateList, description: "Dates the tearoom is closed (yyyy-MM-dd, comma-separated, or none)" },
  slot_interval_minutes: { value: "30", schema: minutesValue, description: "Minutes between bookable slots" },
  afternoon_tea_first_slot: { value: "12:00", schema: timeValue, description: "First afternoon tea slot" },
  afternoon_tea_last_slot: { value: "16:00", schema: timeValue, description: "Last afternoon tea slot" },
  afternoon_tea_table_minutes: { value: "120", schema: minutesValue, description: "How long an afternoon tea table is kept" },
  afternoon_tea_covers_per_slot: { value: "24", schema: countValue, description: "Afternoon tea guests per slot" },
  table_first_slot: { value: "11:00", schema: timeValue, description: "First table reservation slot" },
  table_last_slot: { value: "16:00", schema: timeValue, description: "Last table reservation slot" },
  table_covers_per_slot: { value: "30", schema: countValue, description: "Table guests per slot" },
  picnic_hamper_first_slot: { value: "11:00", schema: timeValue, description: "First picnic hamper slot" },
  picnic_hamper_last_slot: { value: "16:00", schema: timeValue, description: "Last picnic hamper slot" },
  picnic_hamper_covers_per_slot: { value: "16", schema: countValue, description: "Picnic hamper guests per slot" },
  secret_garden_times: { value: "12:00,14:00,16:00,18:00", schema: timeList, description: "Secret Garden slots" },
  secret_garden_private_only_times: { value: "18:00", schema: timeList, description: "Secret Garden slots for private spots only (or none)" },
  secret_garden_closed_days: { value: "sun", schema: dayList, description: "Days with no Secret Garden bookings (or none)" },
  hold_minutes: { value: "15", schema: minutesValue, description: "Minutes seats are held while a visitor pays" },
  contact_phone: { value: "01234 567890", schema: plain, description: "The one phone number shown everywhere" },
  contact_email: { value: "hello@heritagetearoom.co.uk", schema: plain, description: "The one e-mail address shown everywhere" },
  events_email: { value: "events@heritagetearoom.co.uk", schema: plain, description: "Secret Garden and events e-mail" },
  postal_address: {
    value: "The Heritage Tearoom, Church Lane, Little Ashcombe, Hampshire, SO20 6AB",
    schema: addressValue,
    description: "Postal address: street lines, town, county, postcode, separated by commas",
  },
} as const;
export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;

export const SETTING_KEY_MESSAGE = "Use snake_case: lower-case words joined by underscores, e.g. max_guests";
export const SettingKeySchema = z
  .string({ error: SETTING_KEY_MESSAGE })
  .trim()
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, { error: SETTING_KEY_MESSAGE })
  .max(60, { error: "Setting keys are at most 60 characters" });

const value = z.string({ error: "Value is required" }).trim().min(1, { error: "Value is required" }).max(2000);

/** POST /api/booking-settings. */
export const BookingSettingCreateSchema = z.object({
  settingKey: SettingKeySchema,
  settingValue: value,
  description: z.string().trim().max(300).optional(),
});
export type BookingSettingCreate = z.infer<typeof BookingSettingCreateSchema>;

/** PATCH /api/booking-settings/{key}: the new value, non-blank after trimming. */
export const BookingSettingUpdateSchema = z.object({ value });

export const BookingSettingSchema = z.object({
  settingKey: z.string(),
  settingValue: z.string(),
  description: z.string().nullable(),
  updatedAt: z.string(),
});
export type BookingSetting = z.infer<typeof BookingSettingSchema>;

/** Checks a value for a known key; returns a readable message or null when it is fine. */
export function checkSettingValue(key: string, raw: string): string | null {
  const known = (KNOWN_SETTINGS as Record<string, { schema: z.ZodType }>)[key];
  if (!known) return null;
  const result = known.schema.safeParse(raw);
  return result.success ? null : `${key}: ${result.error.issues[0]?.message ?? "invalid value"}`;
}

/** A settings map with every known key present (stored values over seed values). */
export function withDefaults(stored: Record<string, string>): Record<KnownSettingKey, string> & Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, def] of Object.entries(KNOWN_SETTINGS)) out[k] = def.value;
  for (const [k, v] of Object.entries(stored)) {
    if (checkSettingValue(k, v) === null) out[k] = v;
  }
  return out as Record<KnownSettingKey, string> & Record<string, string>;
}

export function parseSetting<K extends KnownSettingKey>(settings: Record<string, string>, key: K): z.output<(typeof KNOWN_SETTINGS)[K]["schema"]> {
  const def = KNOWN_SETTINGS[key];
  const result = def.schema.safeParse(settings[key] ?? def.value);
  return (result.success ? result.data : def.schema.parse(def.value)) as z.output<(typeof KNOWN_SETTINGS)[K]["schema"]>;
}
