import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "./calendar-date.js";
import { coherentSettings, settingConflicts } from "./setting-rules.js";

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
const backupKeepDays = wholeNumber(
  1,
  365,
  "Use a whole number of days from 1 to 365",
  "Use a whole number of days of at least 1",
  "Use a whole number of days of at most 365 (a year)",
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
const email: Check<string> = (raw) =>
  raw.length <= 254 && /^[^\s@,;<>]+@[^\s@,;<>.]+(\.[^\s@,;<>.]+)+$/.test(raw) ? ok(raw) : problem("Use an e-mail address such as hello@example.co.uk");
// Digits with the spaces, brackets, dashes and leading + people write; 7 to 15 digits (E.164's most).
const phone: Check<string> = (raw) => {
  const digits = raw.replace(/\D/g, "").length;
  return /^\+?[\d\s()-]+$/.test(raw) && digits >= 7 && digits <= 15 ? ok(raw) : problem("Use a phone number such as 01234 567890");
};
const address: Check<string> = (raw) => {
  if (raw.length > 500) return problem("Use at most 500 characters");
  const parts = raw.split(",").filter((p) => p.trim());
  return parts.length >= 4 ? ok(raw) : problem("Use comma-separated parts: street, town, county, postcode");
};

/** The editor a setting gets in the admin (R33): what kind of value it holds, and a number's bounds. */
export type SettingEditor =
  { kind: "days" | "time" | "times" | "dates" | "boolean" | "email" | "phone" | "address" } | { kind: "number"; min: number; max: number; unit: string };

const MINUTES_EDITOR = { kind: "number", min: 5, max: 240, unit: "minutes" } as const;
const COUNT_EDITOR = { kind: "number", min: 0, max: 10_000, unit: "guests" } as const;

/**
 * The settings the site knows (R33: no others), with their seed values (R11, R13), how a value is
 * checked and the editor the admin gives it. Rules between settings are in `setting-rules.ts`.
 */
export const KNOWN_SETTINGS = {
  open_days: { value: "wed,thu,fri,sat,sun", check: dayList, editor: { kind: "days" }, description: "Days the tearoom opens (sun,mon,…,sat)" },
  opening_time: { value: "11:00", check: time, editor: { kind: "time" }, description: "Opening time" },
  closing_time: { value: "17:00", check: time, editor: { kind: "time" }, description: "Closing time" },
  bank_holidays_open: {
    value: "true",
    check: bool,
    editor: { kind: "boolean" },
    description: "true: open on bank holidays, whatever the day; false: closed on bank holidays",
  },
  food_served_until: { value: "16:30", check: time, editor: { kind: "time" }, description: "Last food service" },
  closed_dates: {
    value: "2026-12-25,2026-12-26",
    check: dateList,
    editor: { kind: "dates" },
    description: "Dates the tearoom is closed (yyyy-MM-dd, comma-separated, or none)",
  },
  slot_interval_minutes: { value: "30", check: minutes, editor: MINUTES_EDITOR, description: "Minutes between bookable slots" },
  afternoon_tea_first_slot: { value: "12:00", check: time, editor: { kind: "time" }, description: "First afternoon tea slot" },
  afternoon_tea_last_slot: { value: "16:00", check: time, editor: { kind: "time" }, description: "Last afternoon tea slot" },
  afternoon_tea_table_minutes: { value: "120", check: minutes, editor: MINUTES_EDITOR, description: "How long an afternoon tea table is kept" },
  afternoon_tea_covers_per_slot: { value: "24", check: count, editor: COUNT_EDITOR, description: "Afternoon tea guests per slot" },
  table_first_slot: { value: "11:00", check: time, editor: { kind: "time" }, description: "First table reservation slot" },
  table_last_slot: { value: "16:00", check: time, editor: { kind: "time" }, description: "Last table reservation slot" },
  table_covers_per_slot: { value: "30", check: count, editor: COUNT_EDITOR, description: "Table guests per slot" },
  picnic_hamper_first_slot: { value: "11:00", check: time, editor: { kind: "time" }, description: "First picnic hamper slot" },
  picnic_hamper_last_slot: { value: "16:00", check: time, editor: { kind: "time" }, description: "Last picnic hamper slot" },
  picnic_hamper_covers_per_slot: { value: "16", check: count, editor: COUNT_EDITOR, description: "Picnic hamper guests per slot" },
  secret_garden_times: { value: "12:00,14:00,16:00,18:00", check: timeList, editor: { kind: "times" }, description: "Secret Garden slots" },
  secret_garden_private_only_times: {
    value: "18:00",
    check: timeList,
    editor: { kind: "times" },
    description: "Secret Garden slots for private spots only (or none)",
  },
  secret_garden_closed_days: { value: "sun", check: dayList, editor: { kind: "days" }, description: "Days with no Secret Garden bookings (or none)" },
  hold_minutes: { value: "15", check: minutes, editor: MINUTES_EDITOR, description: "Minutes seats are held while a visitor pays" },
  guest_cancellation_hours: {
    value: "48",
    check: cancellationHours,
    editor: { kind: "number", min: 0, max: 336, unit: "hours" },
    description: "Hours before a visit until which a guest may cancel or change it online (R37)",
  },
  retention_months: {
    value: "24",
    check: retentionMonths,
    editor: { kind: "number", min: 6, max: 120, unit: "months" },
    description: "Months after a visit (or an enquiry's resolution) its personal details are erased (R39)",
  },
  backup_keep_days: {
    value: "14",
    check: backupKeepDays,
    editor: { kind: "number", min: 1, max: 365, unit: "days" },
    description: "Days the nightly database backups are kept before the oldest is deleted (R41)",
  },
  reminder_hours_before: {
    value: "24",
    check: reminderHours,
    editor: { kind: "number", min: 0, max: 168, unit: "hours" },
    description: "Hours before a confirmed visit its reminder e-mail goes out (0: no reminders)",
  },
  contact_phone: { value: "01234 567890", check: phone, editor: { kind: "phone" }, description: "The one phone number shown everywhere" },
  contact_email: { value: "hello@heritagetearoom.co.uk", check: email, editor: { kind: "email" }, description: "The one e-mail address shown everywhere" },
  events_email: { value: "events@heritagetearoom.co.uk", check: email, editor: { kind: "email" }, description: "Secret Garden and events e-mail" },
  postal_address: {
    value: "The Heritage Tearoom, Church Lane, Little Ashcombe, Hampshire, SO20 6AB",
    check: address,
    editor: { kind: "address" },
    description: "Postal address: street lines, town, county, postcode, separated by commas",
  },
} as const satisfies Record<string, KnownSettingDefinition>;
export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;
/** The parsed value of a known setting, e.g. a list of day names for open_days. */
export type SettingValue<K extends KnownSettingKey> = Extract<ReturnType<(typeof KNOWN_SETTINGS)[K]["check"]>, { ok: true }>["value"];
export type SettingsWithDefaults = Record<KnownSettingKey, string> & Record<string, string>;

interface KnownSettingDefinition {
  value: string;
  check: Check<unknown>;
  editor: SettingEditor;
  description: string;
}

const knownSetting = (key: string): KnownSettingDefinition | undefined =>
  Object.hasOwn(KNOWN_SETTINGS, key) ? (KNOWN_SETTINGS as Record<string, KnownSettingDefinition>)[key] : undefined;

/** Whether the site knows a setting key (R33: only known keys are stored or changed). */
export function isKnownSetting(key: string): key is KnownSettingKey {
  return knownSetting(key) !== undefined;
}

/** The message for a key the site does not know, prefixed with the field that named it. */
export function unknownSettingMessage(field: string, key: string): string {
  return `${field}: ${key} is not a setting the site knows; use one of the listed settings`;
}

/** Checks a value for a known key; returns a readable message or null when it is fine (an unknown key has no value rules). */
export function checkSettingValue(key: string, raw: string): string | null {
  const checked = knownSetting(key)?.check(raw);
  return !checked || checked.ok ? null : `${key}: ${checked.message}`;
}

// Settings maps are values: nobody changes one after reading it, so what is derived from one is
// kept with it. The booking calendar asks about the same map for every day it draws.
const withDefaultsCache = new WeakMap<Record<string, string>, SettingsWithDefaults>();
const parsedCache = new WeakMap<Record<string, string>, Map<string, unknown>>();

/** Every known key: the stored value when it passes its own check, else the seed value. Unknown keys kept. */
function validValues(stored: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, def] of Object.entries(KNOWN_SETTINGS)) out[k] = def.value;
  for (const [k, v] of Object.entries(stored)) {
    if (checkSettingValue(k, v) === null) out[k] = v;
  }
  return out;
}

const SEED_VALUES: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, def]) => [k, def.value]));

/**
 * A settings map with every known key present: stored values over seed values, where settings that
 * contradict each other (a stored 18:00 opening with a 17:00 closing) go back to their seed values
 * together, so no page ever shows "6pm-5pm" (R33).
 */
export function withDefaults(stored: Record<string, string>): SettingsWithDefaults {
  const cached = withDefaultsCache.get(stored);
  if (cached) return cached;
  const out = coherentSettings(validValues(stored), SEED_VALUES) as SettingsWithDefaults;
  withDefaultsCache.set(stored, out);
  withDefaultsCache.set(out, out);
  return out;
}

/**
 * What is wrong with giving a setting this value, given the stored settings (R33): an unknown key,
 * a value of the wrong form, or a contradiction with another setting (naming both); null when the
 * change may be saved. `value` null means "back to the default" (deleting a setting).
 */
export function checkSettingChange(stored: Record<string, string>, key: string, value: string | null, field = "key"): string | null {
  const def = knownSetting(key);
  if (!def) return unknownSettingMessage(field, key);
  const next = value ?? def.value;
  const problem = checkSettingValue(key, next);
  if (problem) return problem;
  const conflict = settingConflicts(validValues({ ...stored, [key]: next })).find((c) => c.keys.includes(key));
  return conflict ? conflict.message : null;
}

/** The seed value, description and admin editor of a known setting. */
export function settingDefinition(key: string): { value: string; description: string; editor: SettingEditor } | undefined {
  const def = knownSetting(key);
  return def && { value: def.value, description: def.description, editor: def.editor };
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
