import type { BookingType } from "../entities/booking.js";
import type { OpeningHours, WeeklyHours } from "../entities/opening-hours.js";
import { parseSetting, withDefaults } from "../entities/setting-values.js";
import { formatTime12h } from "./london-time.js";
import { shiftedSlots, type Settings } from "./rules.js";
import { dayHoursProblem, seasonsProblem, WEEK_DAY_LABELS, WEEK_DAYS } from "./week-values.js";

const TYPES_THAT_MUST_FIT: { type: Exclude<BookingType, "secretGarden">; label: string }[] = [
  { type: "afternoonTea", label: "afternoon tea" },
  { type: "table", label: "table booking" },
];

function weekProblems(settings: Settings, week: WeeklyHours, prefix: string): string[] {
  const out: string[] = [];
  for (const day of WEEK_DAYS) {
    const hours = week[day];
    if (!hours) continue;
    const where = `${prefix}${WEEK_DAY_LABELS[day]}`;
    const problem = dayHoursProblem(where, hours);
    if (problem) {
      out.push(problem);
      continue;
    }
    // An open day must offer afternoon tea and tables (R45); a day that cannot is to be marked closed.
    for (const { type, label } of TYPES_THAT_MUST_FIT) {
      if (shiftedSlots(settings, type, hours).length === 0)
        out.push(
          `${where}: no ${label} time fits between ${formatTime12h(hours.open)} and ${formatTime12h(hours.close)} (slots outside hours); widen the hours or mark the day closed.`,
        );
    }
  }
  return out;
}

/**
 * Everything wrong with opening hours staff want to save (R45), each naming the day as shown
 * ("Sunday: closing time (10:00 AM) must be after opening time (11:00 AM)."), a season's day
 * with its season ("Winter, Monday: …"); seasons that overlap are named both. Empty when fine.
 */
export function openingHoursProblems(settingsIn: Settings, hours: OpeningHours): string[] {
  const s = withDefaults(settingsIn);
  const out = weekProblems(s, hours.weekly, "");
  for (const season of hours.seasons) out.push(...weekProblems(s, season.weekly, `${season.name.trim() || "Season"}, `));
  const seasons = seasonsProblem(hours.seasons);
  if (seasons) out.push(seasons);
  return out;
}

/**
 * The settings that store opening hours (R45, decision 026): open_days the days the usual week
 * opens (so older readers stay true), weekly_hours only the open days whose hours differ from the
 * opening and closing times (so a later change of those times moves every other day with it),
 * opening_seasons the seasons in date order.
 */
export function openingHoursValues(settingsIn: Settings, hours: OpeningHours): { open_days: string; weekly_hours: string; opening_seasons: string } {
  const s = withDefaults(settingsIn);
  const usual = { open: parseSetting(s, "opening_time"), close: parseSetting(s, "closing_time") };
  const open = WEEK_DAYS.filter((d) => hours.weekly[d]);
  const own: Partial<WeeklyHours> = {};
  for (const d of open) {
    const h = hours.weekly[d]!;
    if (h.open !== usual.open || h.close !== usual.close) own[d] = { open: h.open, close: h.close };
  }
  const seasons = [...hours.seasons]
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((x) => ({
      name: x.name.trim(),
      from: x.from,
      to: x.to,
      weekly: Object.fromEntries(WEEK_DAYS.map((d) => [d, x.weekly[d] && { open: x.weekly[d].open, close: x.weekly[d].close }])),
    }));
  // open_days keeps the stored order sun…sat; "none" is the empty list.
  const openDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].filter((d) => open.includes(d as (typeof open)[number]));
  return { open_days: openDays.length ? openDays.join(",") : "none", weekly_hours: JSON.stringify(own), opening_seasons: JSON.stringify(seasons) };
}
