import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "./calendar-date.js";
import { formatTime12h } from "../opening-hours/london-time.js";
import { checkSeasonsValue, checkWeekHoursValue } from "../opening-hours/week-values.js";
import { brokenSettingRules, coherentSettings, type BrokenSettingRule } from "./setting-rules.js";

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
/** R44: how long a booking keeps its seats, on the room's 15-minute steps. */
const stayMinutes: Check<number> = (raw) => {
  const checked = wholeNumber(15, 360, "Use a whole number of minutes from 15 to 360", "Use at least 15 minutes", "Use at most 360 minutes (six hours)")(raw);
  return checked.ok && checked.value % 15 !== 0 ? problem("Use a multiple of 15 minutes, such as 90 or 120") : checked;
};
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
const paymentLinkDays = wholeNumber(
  1,
  60,
  "Use a whole number of days from 1 to 60",
  "Use a whole number of days of 1 or more",
  "Use a whole number of days of at most 60",
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

/** R56: a review page's address, https only; "none" (a stored value is never blank) for none. */
const reviewLink: Check<string> = (raw) => {
  if (raw === "none") return ok(raw);
  if (raw.length > 500) return problem("Use at most 500 characters");
  try {
    return new URL(raw).protocol === "https:" ? ok(raw) : problem("Use an address starting https://, or none");
  } catch {
    return problem("Use an address starting https://, or none");
  }
};

/** The editor a setting gets in the admin (R33): what kind of value it holds, and a number's bounds. */
export type SettingEditor =
  | { kind: "days" | "time" | "times" | "dates" | "boolean" | "email" | "phone" | "address" | "url" }
  | { kind: "number"; min: number; max: number; unit: string }
  /** R45: edited together in the opening hours editor, not field by field. */
  | { kind: "weekly-hours" | "seasons" };

const MINUTES_EDITOR = { kind: "number", min: 5, max: 240, unit: "minutes" } as const;
const STAY_EDITOR = { kind: "number", min: 15, max: 360, unit: "minutes" } as const;
const COUNT_EDITOR = { kind: "number", min: 0, max: 10_000, unit: "guests" } as const;

/** The groups staff find the settings in, in the order the admin shows them (R46). */
export const SETTING_GROUPS = ["Opening hours", "Seating and durations", "Booking rules", "Payments and policies", "E-mails", "Privacy"] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * The settings the site knows (R33: no others), with their seed values (R11, R13), how a value is
 * checked and the editor the admin gives it; and, as staff read them (R46), the label and group the
 * admin shows and a line of help. `description` is what a row stores (the REST contract).
 * Rules between settings are in `setting-rules.ts`.
 */
export const KNOWN_SETTINGS = {
  open_days: {
    value: "wed,thu,fri,sat,sun",
    check: dayList,
    editor: { kind: "days" },
    description: "Days the tearoom opens (sun,mon,…,sat)",
    label: "Open days",
    group: "Opening hours",
    help: "The days of the week the tearoom is open.",
  },
  opening_time: {
    value: "11:00",
    check: time,
    editor: { kind: "time" },
    description: "Opening time",
    label: "Opening time",
    group: "Opening hours",
    help: "When the tearoom opens on an open day.",
  },
  closing_time: {
    value: "17:00",
    check: time,
    editor: { kind: "time" },
    description: "Closing time",
    label: "Closing time",
    group: "Opening hours",
    help: "When the tearoom closes on an open day; at the latest midnight.",
  },
  weekly_hours: {
    value: "{}",
    check: checkWeekHoursValue,
    editor: { kind: "weekly-hours" },
    description: "Hours of open days that differ from the opening and closing times, as JSON (R45)",
    label: "Hours by day",
    group: "Opening hours",
    help: "Days that open or close at other times than the usual opening and closing times, e.g. Sunday closing at 4pm.",
  },
  opening_seasons: {
    value: "[]",
    check: checkSeasonsValue,
    editor: { kind: "seasons" },
    description: "Seasons with a week of their own (name, first and last day, hours by day), as JSON (R45)",
    label: "Seasons",
    group: "Opening hours",
    help: "Date ranges, such as winter, when the tearoom keeps other hours; each has its own week.",
  },
  bank_holidays_open: {
    value: "true",
    check: bool,
    editor: { kind: "boolean" },
    description: "true: open on bank holidays, whatever the day; false: closed on bank holidays",
    label: "Open on bank holidays",
    group: "Opening hours",
    help: "On: open on every bank holiday, whatever the day. Off: closed on bank holidays.",
  },
  food_served_until: {
    value: "16:30",
    check: time,
    editor: { kind: "time" },
    description: "Last food service",
    label: "Food served until",
    group: "Opening hours",
    help: "The last time food is served: after opening and not after closing.",
  },
  closed_dates: {
    value: "2026-12-25,2026-12-26",
    check: dateList,
    editor: { kind: "dates" },
    description: "Dates the tearoom is closed (yyyy-MM-dd, comma-separated, or none)",
    label: "Closed dates",
    group: "Opening hours",
    help: "Whole days the tearoom is shut. To close a day that has bookings, use the Closures screen.",
  },
  slot_interval_minutes: {
    value: "30",
    check: minutes,
    editor: MINUTES_EDITOR,
    description: "Minutes between bookable slots",
    label: "Gap between booking times",
    group: "Booking rules",
    help: "How far apart the times guests can choose from are, e.g. every 30 minutes.",
  },
  afternoon_tea_first_slot: {
    value: "12:00",
    check: time,
    editor: { kind: "time" },
    description: "First afternoon tea slot",
    label: "First afternoon tea time",
    group: "Booking rules",
    help: "The earliest time afternoon tea can be booked; not before opening.",
  },
  afternoon_tea_last_slot: {
    value: "16:00",
    check: time,
    editor: { kind: "time" },
    description: "Last afternoon tea slot",
    label: "Last afternoon tea time",
    group: "Booking rules",
    help: "The latest time afternoon tea can be booked; before closing.",
  },

  afternoon_tea_minutes: {
    value: "120",
    check: stayMinutes,
    editor: STAY_EDITOR,
    description: "Minutes an afternoon tea keeps its seats",
    label: "Afternoon tea stay",
    group: "Seating and durations",
    help: "How long an afternoon tea party keeps its seats, in steps of 15 minutes.",
  },
  table_minutes: {
    value: "90",
    check: stayMinutes,
    editor: STAY_EDITOR,
    description: "Minutes a table booking keeps its seats",
    label: "Table stay",
    group: "Seating and durations",
    help: "How long a table party (and a walk-in) keeps its seats, in steps of 15 minutes.",
  },
  picnic_hamper_minutes: {
    value: "120",
    check: stayMinutes,
    editor: STAY_EDITOR,
    description: "Minutes a picnic keeps its lawn places",
    label: "Picnic stay",
    group: "Seating and durations",
    help: "How long a picnic party keeps its places on the lawn, in steps of 15 minutes.",
  },
  secret_garden_minutes: {
    value: "120",
    check: stayMinutes,
    editor: STAY_EDITOR,
    description: "Minutes a Secret Garden booking keeps its spot",
    label: "Secret Garden stay",
    group: "Seating and durations",
    help: "How long a Secret Garden party keeps its spot, in steps of 15 minutes.",
  },
  afternoon_tea_covers_per_slot: {
    value: "24",
    check: count,
    editor: COUNT_EDITOR,
    description: "Afternoon tea guests per slot",
    label: "Afternoon tea guests per time",
    group: "Seating and durations",
    help: "The most guests who can start afternoon tea at the same time.",
  },
  table_first_slot: {
    value: "11:00",
    check: time,
    editor: { kind: "time" },
    description: "First table reservation slot",
    label: "First table booking time",
    group: "Booking rules",
    help: "The earliest time a table can be booked; not before opening.",
  },
  table_last_slot: {
    value: "16:00",
    check: time,
    editor: { kind: "time" },
    description: "Last table reservation slot",
    label: "Last table booking time",
    group: "Booking rules",
    help: "The latest time a table can be booked; before closing.",
  },
  table_covers_per_slot: {
    value: "30",
    check: count,
    editor: COUNT_EDITOR,
    description: "Table guests per slot",
    label: "Table guests per time",
    group: "Seating and durations",
    help: "The most guests who can arrive for a table booking at the same time.",
  },
  picnic_hamper_first_slot: {
    value: "11:00",
    check: time,
    editor: { kind: "time" },
    description: "First picnic hamper slot",
    label: "First picnic hamper time",
    group: "Booking rules",
    help: "The earliest time a picnic hamper can be collected; not before opening.",
  },
  picnic_hamper_last_slot: {
    value: "16:00",
    check: time,
    editor: { kind: "time" },
    description: "Last picnic hamper slot",
    label: "Last picnic hamper time",
    group: "Booking rules",
    help: "The latest time a picnic hamper can be collected; before closing.",
  },
  picnic_hamper_covers_per_slot: {
    value: "16",
    check: count,
    editor: COUNT_EDITOR,
    description: "Picnic hamper guests per slot",
    label: "Picnic hamper guests per time",
    group: "Seating and durations",
    help: "The most picnic guests who can start at the same time.",
  },
  secret_garden_times: {
    value: "12:00,14:00,16:00,18:00",
    check: timeList,
    editor: { kind: "times" },
    description: "Secret Garden slots",
    label: "Secret Garden times",
    group: "Booking rules",
    help: "The times a Secret Garden spot can be booked; these may be after closing.",
  },
  secret_garden_private_only_times: {
    value: "18:00",
    check: timeList,
    editor: { kind: "times" },
    description: "Secret Garden slots for private spots only (or none)",
    label: "Private-only Secret Garden times",
    group: "Booking rules",
    help: "Secret Garden times only the private spots can be booked at; each must be one of the Secret Garden times.",
  },
  secret_garden_closed_days: {
    value: "sun",
    check: dayList,
    editor: { kind: "days" },
    description: "Days with no Secret Garden bookings (or none)",
    label: "Secret Garden closed days",
    group: "Booking rules",
    help: "Days of the week the Secret Garden cannot be booked.",
  },
  afternoon_tea_coming_soon: {
    value: "true",
    check: bool,
    editor: { kind: "boolean" },
    description: "true: the afternoon tea section title and button carry the spec's Coming Soon badge (R51)",
    label: "Afternoon tea shows Coming Soon",
    group: "Booking rules",
    help: "On: the afternoon tea heading and booking buttons carry a Coming Soon badge, as the site was first written. Off: the badge is gone.",
  },
  hold_minutes: {
    value: "15",
    check: minutes,
    editor: MINUTES_EDITOR,
    description: "Minutes seats are held while a visitor pays",
    label: "Seat hold while paying",
    group: "Payments and policies",
    help: "How long seats are kept for a guest who is paying online; after that they are offered again.",
  },
  waitlist_offer_minutes: {
    value: "30",
    check: minutes,
    editor: MINUTES_EDITOR,
    description: "Minutes freed seats are held for the waiting-list guest offered them (R52)",
    label: "Waiting-list offer lasts",
    group: "Payments and policies",
    help: "How long freed seats are kept for the first waiting guest who fits before they go to the next one.",
  },
  guest_cancellation_hours: {
    value: "48",
    check: cancellationHours,
    editor: { kind: "number", min: 0, max: 336, unit: "hours" },
    description: "Hours before a visit until which a guest may cancel or change it online (R37)",
    label: "Online cancellation cut-off",
    group: "Payments and policies",
    help: "How many hours before their visit guests can still cancel or change it themselves; after that they are given the phone number.",
  },
  payment_link_days: {
    value: "7",
    check: paymentLinkDays,
    editor: { kind: "number", min: 1, max: 60, unit: "days" },
    description: "Days a payment link staff send stays open before it expires (R49)",
    label: "Payment links last",
    group: "Payments and policies",
    help: "How many days a guest has to pay through a payment link staff send them; after that the link no longer works and a new one must be sent.",
  },
  retention_months: {
    value: "24",
    check: retentionMonths,
    editor: { kind: "number", min: 6, max: 120, unit: "months" },
    description: "Months after a visit (or an enquiry's resolution) its personal details are erased (R39)",
    label: "How long personal details are kept",
    group: "Privacy",
    help: "How long after a visit, or after an enquiry is resolved, names and contact details are erased.",
  },
  backup_keep_days: {
    value: "14",
    check: backupKeepDays,
    editor: { kind: "number", min: 1, max: 365, unit: "days" },
    description: "Days the nightly database backups are kept before the oldest is deleted (R41)",
    label: "How long nightly backups are kept",
    group: "Privacy",
    help: "How long each nightly backup of the booking records is kept before it is deleted.",
  },
  reminder_hours_before: {
    value: "24",
    check: reminderHours,
    editor: { kind: "number", min: 0, max: 168, unit: "hours" },
    description: "Hours before a confirmed visit its reminder e-mail goes out (0: no reminders)",
    label: "Reminder e-mail",
    group: "E-mails",
    help: "How many hours before a confirmed visit the guest is sent a reminder; 0 sends no reminders.",
  },
  thank_you_email: {
    value: "false",
    check: bool,
    editor: { kind: "boolean" },
    description: "true: the day after a confirmed visit the guest is e-mailed one thank-you, with the review link when set (R56)",
    label: "Thank-you e-mail after a visit",
    group: "E-mails",
    help: "On: the morning after a confirmed visit, the guest gets one thank-you e-mail (with the review link below, if set). Off: none is sent.",
  },
  review_link: {
    value: "none",
    check: reviewLink,
    editor: { kind: "url" },
    description: "The review page the thank-you e-mail links to (https), or none (R56)",
    label: "Review link",
    group: "E-mails",
    help: "Where guests can leave a review, such as your Google or Tripadvisor page; none leaves the link out.",
  },
  contact_phone: {
    value: "01234 567890",
    check: phone,
    editor: { kind: "phone" },
    description: "The one phone number shown everywhere",
    label: "Phone number",
    group: "E-mails",
    help: "The one phone number guests see, on every page and in every e-mail.",
  },
  contact_email: {
    value: "hello@heritagetearoom.co.uk",
    check: email,
    editor: { kind: "email" },
    description: "The one e-mail address shown everywhere",
    label: "Contact e-mail address",
    group: "E-mails",
    help: "The one e-mail address guests see, on every page and in every e-mail.",
  },
  events_email: {
    value: "events@heritagetearoom.co.uk",
    check: email,
    editor: { kind: "email" },
    description: "Secret Garden and events e-mail",
    label: "Secret Garden and events e-mail address",
    group: "E-mails",
    help: "The address guests are given for the Secret Garden and events.",
  },
  postal_address: {
    value: "The Heritage Tearoom, Church Lane, Little Ashcombe, Hampshire, SO20 6AB",
    check: address,
    editor: { kind: "address" },
    description: "Postal address: street lines, town, county, postcode, separated by commas",
    label: "Postal address",
    group: "E-mails",
    help: "Shown on the site and in e-mails: street, town, county and postcode, separated by commas.",
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
  /** The field's name as the admin shows it, and as every message about the setting names it (R46). */
  label: string;
  group: SettingGroup;
  /** One line in plain words under the field. */
  help: string;
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

/** A setting's name as staff read it (R46): its label, or the key itself for a key the site does not know. */
export function settingLabel(key: string): string {
  return knownSetting(key)?.label ?? key;
}

/**
 * Checks a value for a known key; returns a message naming the setting by its label ("Opening time:
 * Use a 24-hour time such as 12:00"), or null when it is fine (an unknown key has no value rules).
 */
export function checkSettingValue(key: string, raw: string): string | null {
  const def = knownSetting(key);
  const checked = def?.check(raw);
  return !def || !checked || checked.ok ? null : `${def.label}: ${checked.message}`;
}

// A time as the site shows it ("4:30 PM"); a list of times one by one. Rules only relate times.
const shownValue = (raw: string) =>
  raw
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (TIME_PATTERN.test(t) ? formatTime12h(t) : t))
    .join(", ");

/** Two settings that contradict each other, and a message naming both by label with their values (R46). */
export interface SettingConflict {
  keys: readonly [string, string];
  message: string;
}

const conflictMessage = ({ keys: [first, second], values: [a, b], relation }: BrokenSettingRule) =>
  `${settingLabel(first)} (${shownValue(a)}) ${relation} ${settingLabel(second)} (${shownValue(b)}).`;

/** Every rule the settings break, each naming both settings: "Opening time (6:00 PM) must be before Closing time (5:00 PM)." */
export function settingConflicts(values: Record<string, string>): SettingConflict[] {
  return brokenSettingRules(values).map((broken) => ({ keys: broken.keys, message: conflictMessage(broken) }));
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

/** What the admin needs to show a known setting: seed value, stored description, editor, label, group and help. */
export interface SettingDefinition {
  value: string;
  description: string;
  editor: SettingEditor;
  label: string;
  group: SettingGroup;
  help: string;
}

/** The seed value, description, admin editor, label, group and help of a known setting. */
export function settingDefinition(key: string): SettingDefinition | undefined {
  const def = knownSetting(key);
  return def && { value: def.value, description: def.description, editor: def.editor, label: def.label, group: def.group, help: def.help };
}

/** The groups that hold at least one known setting, in order, each with its settings' keys in the order they are defined (R46). */
export function settingGroups(): { group: SettingGroup; keys: KnownSettingKey[] }[] {
  const keys = Object.keys(KNOWN_SETTINGS) as KnownSettingKey[];
  return SETTING_GROUPS.map((group) => ({ group, keys: keys.filter((k) => KNOWN_SETTINGS[k].group === group) })).filter((g) => g.keys.length > 0);
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
