import {
  AdminBookingCreateSchema,
  AdminBookingUpdateSchema,
  fieldErrors,
  GUEST_LIMITS,
  londonNow,
  slotTimes,
  slotTimesOn,
  hoursOn,
  type AdminBookingCreate,
  type AdminBookingUpdate,
  type BookingWarning,
  type Booking,
  type BookingType,
  type DiningPreference,
  type HamperType,
  type TeaType,
} from "@tearoom/domain";

/**
 * The admin guest field (spec section 5): 1 to 20, default 1, and anything that is not a number
 * falls back to 1; a number past the limits is brought inside them.
 */
export function adminGuestsFrom(raw: unknown): number {
  const n = typeof raw === "number" ? raw : Number(String(raw ?? "").trim());
  if (String(raw ?? "").trim() === "" || !Number.isFinite(n) || n < GUEST_LIMITS.admin.min) return GUEST_LIMITS.admin.default;
  return Math.min(GUEST_LIMITS.admin.max, Math.floor(n));
}

/** "Today" for the date field's minimum, in the tearoom's zone whatever the browser's (R12). */
export function todayInLondon(now: Date = new Date()): string {
  return londonNow(now).date;
}

export const PAST_DATE_MESSAGE = "Please choose today or a later date.";

export interface ReservationDraft {
  type: BookingType;
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  guests: number | string;
  teaType: TeaType;
  diningPreference: DiningPreference;
  hamperType: HamperType;
  gardenSpotId: string;
  includeWine: boolean;
  dietaryRequirements: string;
  specialRequests: string;
  /** R30: internal, never e-mailed. */
  staffNotes: string;
  /** R28: e-mail the guest a confirmation (ticked by default). */
  sendConfirmation: boolean;
}

export const NEW_RESERVATION: ReservationDraft = {
  type: "afternoonTea",
  name: "",
  email: "",
  phone: "",
  date: "",
  time: "",
  guests: GUEST_LIMITS.admin.default,
  teaType: "traditional",
  diningPreference: "lunch",
  hamperType: "standard",
  gardenSpotId: "",
  includeWine: false,
  dietaryRequirements: "",
  specialRequests: "",
  staffNotes: "",
  sendConfirmation: true,
};

const REQUIRED = [
  ["name", "the name"],
  ["phone", "the phone number"],
  ["date", "the date"],
  ["time", "the time"],
] as const;

/**
 * Why Create cannot be pressed yet, in words ("Fill in the phone number and the time to create
 * it."), or null when it can: name, phone, date and time filled in. The e-mail may stay empty for
 * a booking taken by phone (R49); then nothing is e-mailed to the guest.
 */
export function createBlocker(d: Pick<ReservationDraft, "name" | "email" | "phone" | "date" | "time">): string | null {
  const missing = REQUIRED.filter(([key]) => d[key].trim() === "").map(([, words]) => words);
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  return `Fill in ${list} to create the reservation.`;
}

/** Whether Create can be pressed (see `createBlocker`). */
export function canCreate(d: Pick<ReservationDraft, "name" | "email" | "phone" | "date" | "time">): boolean {
  return createBlocker(d) === null;
}

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** The add-new dialog's values as the API's create input, checked with the domain schema. */
export function parseNewReservation(d: ReservationDraft, today: string): Parsed<AdminBookingCreate> {
  const input: Record<string, unknown> = {
    type: d.type,
    name: d.name,
    email: d.email,
    phone: d.phone,
    date: d.date,
    time: d.time,
    guests: adminGuestsFrom(d.guests),
    sendConfirmation: d.sendConfirmation,
  };
  // R30: the notes go only when there are some, so an empty field stores nothing.
  for (const key of ["dietaryRequirements", "specialRequests", "staffNotes"] as const) if (d[key].trim()) input[key] = d[key];
  if (d.type === "afternoonTea") input.teaType = d.teaType;
  if (d.type === "table") input.diningPreference = d.diningPreference;
  if (d.type === "picnicHamper") input.hamperType = d.hamperType;
  if (d.type === "secretGarden") {
    input.gardenSpotId = d.gardenSpotId;
    input.includeWine = d.includeWine;
  }
  const parsed = AdminBookingCreateSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (d.date && d.date < today) errors.date ??= PAST_DATE_MESSAGE;
  if (d.type === "secretGarden" && !d.gardenSpotId) errors.gardenSpotId ??= "Please choose a garden location.";
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

/** The fields the add and edit dialogs share (ReservationFields). */
export type ContactDraft = Pick<ReservationDraft, "name" | "email" | "phone" | "date" | "time" | "guests">;

export interface EditDraft extends ContactDraft {
  staffNotes: string;
  /** Issue 31: the table the booking sits at ("T4", "Window"); empty for none. */
  tableLabel: string;
  /** R28: tell the guest about a change of date, time or guests (ticked by default). */
  notifyGuest: boolean;
}

export function editDraftFrom(b: Booking): EditDraft {
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    date: b.date,
    time: b.time,
    guests: b.guests,
    staffNotes: b.staffNotes ?? "",
    tableLabel: b.tableLabel ?? "",
    notifyGuest: true,
  };
}

/** The edit dialog's values; a booking may keep its own (possibly past) date, but not move into the past. */
export function parseEdit(d: EditDraft, original: Pick<Booking, "date">, today: string): Parsed<AdminBookingUpdate> {
  const parsed = AdminBookingUpdateSchema.safeParse({ ...d, guests: d.guests === "" ? undefined : Number(d.guests) });
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (d.date && d.date !== original.date && d.date < today) errors.date ??= PAST_DATE_MESSAGE;
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

/**
 * Slot times to offer for a type (from the booking settings, R11), keeping a current off-slot time.
 * With a date, that day's slots (R45: a Sunday closing early ends its slots early); on a closed
 * date, or before a date is picked, the usual ones (staff may still book, with a warning, R29).
 */
export function timeOptions(settings: Record<string, string>, type: BookingType, current?: string, date?: string): string[] {
  const times = date && /^\d{4}-\d{2}-\d{2}$/.test(date) && hoursOn(settings, date) ? slotTimesOn(settings, type, date) : slotTimes(settings, type);
  return current && !times.includes(current) ? [...times, current].sort() : times;
}

/** Whether a date, time or guest count differs from the booking's: only such an edit is e-mailed to the guest (R28). */
export function changesVisit(d: Pick<EditDraft, "date" | "time" | "guests">, b: Pick<Booking, "date" | "time" | "guests">): boolean {
  return d.date !== b.date || d.time !== b.time || Number(d.guests) !== b.guests;
}

/** R29: the warnings a staff write was refused with (a CONFLICT carrying `data.warnings`), or null for any other failure. */
export function warningsOf(error: unknown): BookingWarning[] | null {
  const data = (error as { data?: { warnings?: unknown } } | null)?.data;
  return Array.isArray(data?.warnings) ? (data.warnings as BookingWarning[]) : null;
}
