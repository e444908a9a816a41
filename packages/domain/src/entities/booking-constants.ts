// The booking form's choices and messages without its schemas (booking.ts), so a page can show
// the form without loading zod until the visitor submits it.
import type { BookingType } from "./booking.js";

export const BOOKING_TYPES = ["afternoonTea", "table", "picnicHamper", "secretGarden", "event"] as const;
/** The types staff book by hand (event tickets are sold through their sittings, R53). */
export const STAFF_BOOKING_TYPES = ["afternoonTea", "table", "picnicHamper", "secretGarden"] as const;
export const BOOKING_TYPE_LABELS: Record<BookingType, string> = {
  afternoonTea: "Afternoon Tea",
  table: "Table",
  picnicHamper: "Picnic Hamper",
  secretGarden: "Secret Garden",
  event: "Event",
};

export const BOOKING_MESSAGES = {
  date: "Please select a date.",
  time: "Please select a time.",
  guests: "Please select number of guests.",
  name: "Please enter your name.",
  email: "Please enter a valid email.",
  phone: "Please enter your phone number.",
  teaType: "Please select a tea type.",
  diningPreference: "Please select a dining preference.",
  hamperType: "Please select a hamper type.",
  tableGuests: "Table reservations are for up to 6 people. For larger groups please contact us directly.",
  gardenSpot: "Please select a date, time, and garden location.",
} as const;
