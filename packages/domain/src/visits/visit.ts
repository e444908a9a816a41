import type { BookingType } from "../entities/booking.js";
import { parseSetting, withDefaults } from "../entities/setting-values.js";
import { londonNow, toMinutes } from "../opening-hours/london-time.js";

/** The setting holding each type's stay (R44). */
export const STAY_SETTINGS = {
  afternoonTea: "afternoon_tea_minutes",
  table: "table_minutes",
  picnicHamper: "picnic_hamper_minutes",
  secretGarden: "secret_garden_minutes",
  // R53: an event booking carries its sitting's own minutes; this is only a fallback.
  event: "afternoon_tea_minutes",
} as const satisfies Record<BookingType, string>;

/**
 * How long a visit lasts, for its calendar entry and its seats (R44): its type's stay setting, so
 * the guest's calendar and the room agree.
 */
export function visitMinutes(type: BookingType, settings: Record<string, string>): number {
  return parseSetting(withDefaults(settings), STAY_SETTINGS[type]);
}

/**
 * The instant a visit starts: its London wall-clock date and time (R12) as UTC. Tries summer time
 * first (one hour behind UTC's clock), and keeps it only if London's clock reads that date and time
 * then, so a visit on the day the clocks change lands right.
 */
export function visitInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + toMinutes(time) * 60_000;
  const summer = new Date(wall - 3_600_000);
  const seen = londonNow(summer);
  return seen.date === date && seen.minutes === toMinutes(time) ? summer : new Date(wall);
}

/** The part of a booking a reminder decision reads. */
export interface ReminderCandidate {
  date: string;
  time: string;
  /** When the booking was made (ISO instant). */
  createdAt: string;
}

/**
 * R38: a confirmed booking gets its one reminder `hoursBefore` hours before the visit (0 turns
 * reminders off). A booking made after that moment gets none: its confirmation is the reminder,
 * and a second message minutes later would be noise. A visit that has begun gets none either.
 */
export function reminderDue(b: ReminderCandidate, hoursBefore: number, now: Date): boolean {
  if (hoursBefore <= 0) return false;
  const visit = visitInstant(b.date, b.time).getTime();
  const opens = visit - hoursBefore * 3_600_000;
  return now.getTime() >= opens && now.getTime() < visit && new Date(b.createdAt).getTime() < opens;
}
