import { formatTime12h, settingDefinition, type SettingEditor } from "@tearoom/domain";
import { formatShortDate } from "../common/format";

/** A stored "HH:mm" as the site shows it ("4:30 PM"); anything else as it is. */
const timeText = (raw: string) => (/^\d\d:\d\d$/.test(raw) ? formatTime12h(raw) : raw);

/** Days as the editor offers them, Monday first, with the stored names (sun…sat). */
export const WEEK: { value: string; label: string; short: string }[] = [
  { value: "mon", label: "Monday", short: "Mon" },
  { value: "tue", label: "Tuesday", short: "Tue" },
  { value: "wed", label: "Wednesday", short: "Wed" },
  { value: "thu", label: "Thursday", short: "Thu" },
  { value: "fri", label: "Friday", short: "Fri" },
  { value: "sat", label: "Saturday", short: "Sat" },
  { value: "sun", label: "Sunday", short: "Sun" },
];

/** A closed date as staff read it in a list: "Fri 25 Dec 2026" (no comma, as lists are comma-separated). */
export function dateLabel(date: string): string {
  return formatShortDate(date).replace(",", "");
}

/** A stored list ("a,b" or "none") as its items, trimmed; the editors work on lists. */
export function listItems(raw: string): string[] {
  return raw.trim().toLowerCase() === "none"
    ? []
    : raw
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
}

/** A list back to a stored value: "none" stands for the empty list (a stored value is never blank). */
export function listValue(items: readonly string[]): string {
  return items.length ? items.join(",") : "none";
}

/** Days in week order, whatever order they were ticked in. */
export function daysValue(days: readonly string[]): string {
  return listValue(WEEK.map((d) => d.value).filter((d) => days.includes(d)));
}

/** A setting's value as staff read it: "Wed, Thu, Fri", "Fri 25 Dec 2026", "4:30 PM", "Yes", "30 minutes". */
export function displaySettingValue(editor: SettingEditor | undefined, raw: string): string {
  if (!editor) return raw;
  switch (editor.kind) {
    case "days": {
      const days = listItems(raw);
      return days.length
        ? WEEK.filter((d) => days.includes(d.value))
            .map((d) => d.short)
            .join(", ")
        : "None";
    }
    case "dates": {
      const dates = listItems(raw);
      return dates.length ? [...dates].sort().map(dateLabel).join(", ") : "None";
    }
    case "times": {
      const times = listItems(raw);
      return times.length ? [...times].sort().map(timeText).join(", ") : "None";
    }
    case "time":
      return timeText(raw);
    case "boolean":
      return raw === "true" ? "Yes" : "No";
    case "number":
      return `${raw} ${editor.unit}`;
    default:
      return raw;
  }
}

/** What staff are asked before a setting goes back to its default (R46: the reset says so, and says what the default is). */
export function resetConfirmation(key: string): string {
  const def = settingDefinition(key);
  return def ? `Reset "${def.label}" to its default, ${displaySettingValue(def.editor, def.value)}?` : `Remove the setting ${key}? The site does not use it.`;
}
