// The afternoon tea form's messages and guest rule without its schema (afternoon-tea.ts).
import { GUEST_LIMITS } from "../constants.js";

export const AFTERNOON_TEA_MESSAGES = {
  date: "Please select a date",
  time: "Please select a time",
  guestsMin: "At least 1 guest required",
  guestsMax: "Maximum 6 guests",
  teaType: "Please select tea type",
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email",
  phone: "Please enter a valid phone number",
} as const;

/** Clamp for the guest stepper buttons (1..6). */
export function clampTeaGuests(value: number): number {
  if (!Number.isFinite(value)) return GUEST_LIMITS.afternoonTea.default;
  return Math.min(GUEST_LIMITS.afternoonTea.max, Math.max(GUEST_LIMITS.afternoonTea.min, Math.round(value)));
}
