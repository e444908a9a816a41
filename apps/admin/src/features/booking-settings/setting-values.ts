import type { SettingEditor } from "@tearoom/domain";
import { formatShortDate } from "../common/format";

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

/** A setting's value as staff read it: "Wed, Thu, Fri", "Fri 25 Dec 2026", "Yes", "30 minutes". */
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
      return times.length ? [...times].sort().join(", ") : "None";
    }
    case "boolean":
      return raw === "true" ? "Yes" : "No";
    case "number":
      return `${raw} ${editor.unit}`;
    default:
      return raw;
  }
}
