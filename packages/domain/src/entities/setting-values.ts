import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "./calendar-date.js";

// The booking settings' values are checked by plain functions, not zod schemas: the public booking
// calendar reads them for every day it draws, and a page that only shows the calendar should not
// load and build zod before it can answer.

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type DayName = (typeof DAYS)[number];
export const DAY_NAMES = DAYS;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
type Check<T> = (raw: string) => Checked<T>;

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const problem = (message: string): Checked<never> => ({ ok: false, message });

const TIME_MESSAGE = "Use a 24-hour time such as 12:00";
const time: Check<string> = (raw) => (TIME_PATTERN.test(raw) ? ok(raw) : problem(TIME_MESSAGE));

/** A whole number in plain decimal (surrounding spaces allowed) within [min, max]. */
const wholeNumber =
  (min: number, max: number, notWhole: string, tooSmall: string, tooLarge: string): Check<number> =>
  (raw) => {
    if (!/^\s*-?\d+\s*$/.test(raw)) return problem(notWhole);
    const n = Number(raw);
    if (n < min) return problem(tooSmall);
    return n > max ? problem(tooLarge) : ok(n);
  };
const minutes = wholeNumber(
  5,
  240,
  "Use a whole number of minutes from 5 to 240",
  "Use a whole number of minutes of at least 5",
  "Use a whole number of minutes of at most 240",
);
const reminderHours = wholeNumber(
  0,
  168,
  "Use a whole number of hours from 0 (no reminders) to 168",
  "Use a whole number of hours of 0 (no reminders) or more",
  "Use a whole number of hours of at most 168 (a week)",
);
const retentionMonths = wholeNumber(
  6,
  120,
  "Use a whole number of months from 6 to 120",
  "Use a whole number of months of at least 6",
  "Use a whole number of months of at most 120 (ten years)",
);
const cancellationHours = wholeNumber(
  0,
  336,
  "Use a whole number of hours from 0 to 336",
  "Use a whole number of hours of 0 or more",
  "Use a whole number of hours of at most 336 (two weeks)",
);
const count = wholeNumber(0, 10_000, "Use a whole number from 0 to 10000", "Use a whole number of 0 or more", "Use a whole number of at most 10000");

const bool: Check<"true" | "false"> = (raw) => (raw === "true" || raw === "false" ? ok(raw) : problem("Use true or false"));

/**
 * A comma-separated list; repeats are dropped. A stored value can never be blank, so "none" stands
 * for the empty list (e.g. no closed dates once the seeded ones are over).
 */
const listOf =
  <T extends string>(item: Check<T>): Check<T[]> =>
  (raw) => {
    if (raw.trim().toLowerCase() === "none") return ok([]);
    const out = new Set<T>();
    for (const part of raw.split(",")) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      const checked = item(trimmed);
      if (!checked.ok) return checked;
      out.add(checked.value);
    }
    return ok([...out]);
  };
const day: Check<DayName> = (raw) => {
  const lower = raw.toLowerCase();
  return (DAYS as readonly string[]).includes(lower) ? ok(lower as DayName) : problem("Use day names such as wed,thu,fri,sat,sun");
};
const date: Check<string> = (raw) => {
  if (!DATE_PATTERN.test(raw)) return problem("Use dates such as 2026-12-25, separated by commas");
  return isRealDate(raw) ? ok(raw) : problem("Use real dates such as 2026-12-25, separated by commas");
};
const dayList = listOf(day);
const dateList = listOf(date);
const timeList = listOf(time);
const plain: Check<string> = (raw) => (raw.length >= 1 && raw.length <= 500 ? ok(raw) : problem("Use 1 to 500 characters"));
const address: Check<string> = (raw) => {
  if (raw.length > 500) return problem("Use at most 500 characters");
  const parts = raw.split(",").filter((p) => p.trim());
  return parts.length >= 4 ? ok(raw) : problem("Use comma-separated parts: street, town, county, postcode");
};

/**
 * Known settings with their seed values (R11, R13) and how a value is checked. Unknown keys may be
 * stored too; they drive nothing.
 */
export const KNOWN_SETTINGS = {
  open_days: { value: "wed,thu,fri,sat,sun", check: dayList, description: "Days the tearoom opens (sun,mon,…,sat)" },
  opening_time: { value: "11:00", check: time, description: "Opening time" },
  closing_time: { value: "17:00", check: time, description: "Closing time" },
  bank_holidays_open: { value: "true", check: bool, description: "true: open on bank holidays, whatever the day; false: closed on bank holidays" },
  food_served_until: { value: "16:30", check: time, description: "Last food service" },
  closed_dates: { value: "2026-12-25,2026-12-26", check: dateList, description: "Dates the tearoom is closed (yyyy-MM-dd, comma-separated, or none)" },
  slot_interval_minutes: { value: "30", check: minutes, description: "Minutes between bookable slots" },
  afternoon_tea_first_slot: { value: "12:00", check: time, description: "First afternoon tea slot" },
  afternoon_tea_last_slot: { value: "16:00", check: time, description: "Last afternoon tea slot" },
  afternoon_tea_table_minutes: { value: "120", check: minutes, description: "How long an afternoon tea table is kept" },
  afternoon_tea_covers_per_slot: { value: "24", check: count, description: "Afternoon tea guests per slot" },
  table_first_slot: { value: "11:00", check: time, description: "First table reservation slot" },
  table_last_slot: { value: "16:00", check: time, description: "Last table reservation slot" },
  table_covers_per_slot: { value: "30", check: count, description: "Table guests per slot" },
  picnic_hamper_first_slot: { value: "11:00", check: time, description: "First picnic hamper slot" },
  picnic_hamper_last_slot: { value: "16:00", check: time, description: "Last picnic hamper slot" },
  picnic_hamper_covers_per_slot: { value: "16", check: count, description: "Picnic hamper guests per slot" },
  secret_garden_times: { value: "12:00,14:00,16:00,18:00", check: timeList, description: "Secret Garden slots" },
  secret_garden_private_only_times: { value: "18:00", check: timeList, description: "Secret Garden slots for private spots only (or none)" },
  secret_garden_closed_days: { value: "sun", check: dayList, description: "Days with no Secret Garden bookings (or none)" },
  hold_minutes: { value: "15", check: minutes, description: "Minutes seats are held while a visitor pays" },
  guest_cancellation_hours: { value: "48", check: cancellationHours, description: "Hours before a visit until which a guest may cancel or change it online (R37)" },
  retention_months: { value: "24", check: retentionMonths, description: "Months after a visit (or an enquiry's resolution) its personal details are erased (R39)" },
  reminder_hours_before: { value: "24", check: reminderHours, description: "Hours before a confirmed visit its reminder e-mail goes out (0: no reminders)" },
  contact_phone: { value: "01234 567890", check: plain, description: "The one phone number shown everywhere" },
  contact_email: { value: "hello@heritagetearoom.co.uk", check: plain, description: "The one e-mail address shown everywhere" },
  events_email: { value: "events@heritagetearoom.co.uk", check: plain, description: "Secret Garden and events e-mail" },
  postal_address: {
    value: "The Heritage Tearoom, Church Lane, Little Ashcombe, Hampshire, SO20 6AB",
    check: address,
    description: "Postal address: street lines, town, county, postcode, separated by commas",
  },
} as const;
export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;
/** The parsed value of a known setting, e.g. a list of day names for open_days. */
export type SettingValue<K extends KnownSettingKey> = Extract<ReturnType<(typeof KNOWN_SETTINGS)[K]["check"]>, { ok: true }>["value"];
export type SettingsWithDefaults = Record<KnownSettingKey, string> & Record<string, string>;

const knownSetting = (key: string): { check: Check<unknown> } | undefined =>
  Object.hasOwn(KNOWN_SETTINGS, key) ? (KNOWN_SETTINGS as Record<string, { check: Check<unknown> }>)[key] : undefined;

/** Checks a value for a known key; returns a readable message or null when it is fine. */
export function checkSettingValue(key: string, raw: string): string | null {
  const checked = knownSetting(key)?.check(raw);
  return !checked || checked.ok ? null : `${key}: ${checked.message}`;
}

// Settings maps are values: nobody changes one after reading it, so what is derived from one is
// kept with it. The booking calendar asks about the same map for every day it draws.
const withDefaultsCache = new WeakMap<Record<string, string>, SettingsWithDefaults>();
const parsedCache = new WeakMap<Record<string, string>, Map<string, unknown>>();

/** A settings map with every known key present (stored values over seed values). */
export function withDefaults(stored: Record<string, string>): SettingsWithDefaults {
  const cached = withDefaultsCache.get(stored);
  if (cached) return cached;
  const out: Record<string, string> = {};
  for (const [k, def] of Object.entries(KNOWN_SETTINGS)) out[k] = def.value;
  for (const [k, v] of Object.entries(stored)) {
    if (checkSettingValue(k, v) === null) out[k] = v;
  }
  withDefaultsCache.set(stored, out as SettingsWithDefaults);
  withDefaultsCache.set(out, out as SettingsWithDefaults);
  return out as SettingsWithDefaults;
}

/** A known setting's parsed value: the stored one when it is valid, otherwise the seed value. Lists come frozen. */
export function parseSetting<K extends KnownSettingKey>(settings: Record<string, string>, key: K): SettingValue<K> {
  let parsed = parsedCache.get(settings);
  if (!parsed) parsedCache.set(settings, (parsed = new Map()));
  if (parsed.has(key)) return parsed.get(key) as SettingValue<K>;
  const def = KNOWN_SETTINGS[key];
  const stored = Object.hasOwn(settings, key) ? settings[key] : undefined;
  const checked = def.check(stored ?? def.value);
  const value = (checked.ok ? checked.value : (def.check(def.value) as { value: unknown }).value) as SettingValue<K>;
  if (Array.isArray(value)) Object.freeze(value);
  parsed.set(key, value);
  return value;
}
