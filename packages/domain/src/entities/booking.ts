import { z } from "zod";
import { listSearch, pageFields } from "./list-query.js";
import { GUEST_LIMITS } from "../constants.js";
import { BOOKING_MESSAGES, BOOKING_TYPES, STAFF_BOOKING_TYPES } from "./booking-constants.js";
import { email, honeypot, isoDate, optionalText, text, timeOfDay } from "./common.js";
import { BookingPaymentSchema } from "../payments/refunds.js";
import { BookingVoucherSchema } from "../payments/booking-voucher.js";

export const BookingTypeSchema = z.enum(BOOKING_TYPES);
export type BookingType = z.infer<typeof BookingTypeSchema>;
export const TeaTypeSchema = z.enum(["traditional", "champagne"]);
export type TeaType = z.infer<typeof TeaTypeSchema>;
export const DiningPreferenceSchema = z.enum(["breakfast", "lunch", "lightsnack"]);
export type DiningPreference = z.infer<typeof DiningPreferenceSchema>;
export const HamperTypeSchema = z.enum(["standard", "champagne"]);
export type HamperType = z.infer<typeof HamperTypeSchema>;

/**
 * R14/R28: requests are pending, paid or staff-made bookings confirmed; `held` is a seat hold while
 * paying (R9); staff confirm or decline a request; a cancelled or declined booking frees its seats.
 */
export const BookingStatusSchema = z.enum(["held", "pending", "confirmed", "declined", "cancelled"]);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;
/** Statuses that no longer hold seats or a garden spot: the record stays, the place is free. */
export const RELEASED_STATUSES = ["declined", "cancelled"] as const satisfies readonly BookingStatus[];
/**
 * R28: on the day, a confirmed booking is marked arrived or no-show. Kept beside the status, not in
 * it: a no-show still held its seats, and the booking stays confirmed for the counts and the money.
 */
export const ArrivalSchema = z.enum(["arrived", "no-show"]);
export type Arrival = z.infer<typeof ArrivalSchema>;

/** What a visitor gets back from POST /api/bookings: the reference, never the internal id (R27). */
export const BookingAnswerSchema = z.object({
  reference: z.string(),
  status: BookingStatusSchema,
  /** Secret Garden: the sparkling-wine add-on total in pence (0 without wine); otherwise null. */
  amountPence: z.number().int().nullable(),
});
export type BookingAnswer = z.infer<typeof BookingAnswerSchema>;

const guests = (max: number, maxMessage: string = BOOKING_MESSAGES.guests) =>
  z.coerce
    .number({ error: BOOKING_MESSAGES.guests })
    .int({ error: BOOKING_MESSAGES.guests })
    .min(1, { error: BOOKING_MESSAGES.guests })
    .max(max, { error: maxMessage });

const contactFields = {
  name: text(1, 100, BOOKING_MESSAGES.name),
  email: email(BOOKING_MESSAGES.email),
  phone: text(1, 40, BOOKING_MESSAGES.phone),
};
/**
 * R49: a booking staff take by phone may have no e-mail address (""): the phone number is then
 * the only contact, and nothing is e-mailed to the guest.
 */
const staffEmail = z
  .string({ error: BOOKING_MESSAGES.email })
  .trim()
  .max(254, { error: BOOKING_MESSAGES.email })
  .refine((v) => v === "" || z.email().safeParse(v).success, { error: BOOKING_MESSAGES.email });
const staffContactFields = { ...contactFields, email: staffEmail };
const whenFields = {
  date: isoDate(BOOKING_MESSAGES.date),
  time: timeOfDay(BOOKING_MESSAGES.time),
};

/** The spec's general booking payload (POST /api/bookings), one branch per type, plus R15's Secret Garden. */
export const BookingRequestSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("afternoonTea"),
      ...whenFields,
      ...contactFields,
      guests: guests(GUEST_LIMITS.afternoonTea.max),
      teaType: z.enum(TeaTypeSchema.options, { error: BOOKING_MESSAGES.teaType }),
      dietaryRequirements: optionalText(500),
      website: honeypot,
    }),
    z.object({
      type: z.literal("table"),
      ...whenFields,
      ...contactFields,
      guests: guests(GUEST_LIMITS.table.max, BOOKING_MESSAGES.tableGuests),
      diningPreference: z.enum(DiningPreferenceSchema.options, { error: BOOKING_MESSAGES.diningPreference }),
      website: honeypot,
    }),
    z.object({
      type: z.literal("picnicHamper"),
      ...whenFields,
      ...contactFields,
      guests: guests(GUEST_LIMITS.picnicHamper.max),
      hamperType: z.enum(HamperTypeSchema.options, { error: BOOKING_MESSAGES.hamperType }),
      website: honeypot,
    }),
    z.object({
      type: z.literal("secretGarden"),
      ...whenFields,
      ...contactFields,
      guests: guests(GUEST_LIMITS.secretGarden.max),
      gardenSpotId: z.string({ error: BOOKING_MESSAGES.gardenSpot }).min(1, { error: BOOKING_MESSAGES.gardenSpot }).max(60),
      includeWine: z.boolean().default(false),
      specialRequests: optionalText(1000),
      website: honeypot,
    }),
  ],
  { error: "Please choose a booking type: afternoonTea, table, picnicHamper or secretGarden." },
);
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

/**
 * R29: what a staff create or edit that breaks a booking rule is told before anything is saved,
 * one code per rule (capacity/booking-warnings.ts decides them).
 */
export const BOOKING_WARNING_CODES = [
  "over-capacity",
  "closed-day",
  "outside-opening-hours",
  "not-a-booking-time",
  "private-spot-taken",
  "private-only-time",
] as const;
export const BookingWarningCodeSchema = z.enum(BOOKING_WARNING_CODES);
export type BookingWarningCode = z.infer<typeof BookingWarningCodeSchema>;
export const BookingWarningSchema = z.object({ code: BookingWarningCodeSchema, message: z.string() });
export type BookingWarning = z.infer<typeof BookingWarningSchema>;
/** The 409 answer to a staff write with warnings it did not accept: nothing was stored or sent. */
export const BookingWarningsAnswerSchema = z.object({ message: z.string(), warnings: z.array(BookingWarningSchema) });

/** R30: internal notes on a booking, never in a guest's e-mail; empty clears them. */
const staffNotes = z.string().trim().max(1000, { error: "Must be at most 1000 characters" }).nullable().optional();
/** Issue 31: the table staff seat the booking at ("T4", "Window"); trimmed, empty clears it. */
export const TABLE_LABEL_MAX = 20;
const tableLabel = z
  .string({ error: "Table must be text" })
  .trim()
  .max(TABLE_LABEL_MAX, { error: `Table must be at most ${TABLE_LABEL_MAX} characters` })
  .nullable()
  .optional();
/** R29: `true` saves a staff write despite its warnings ("Save anyway"). */
const acceptWarnings = z.boolean({ error: "acceptWarnings must be true or false" }).default(false);

/** Staff-made reservation (admin add-new dialog): every field required but the e-mail (R49), guests 1–20. */
export const AdminBookingCreateSchema = z.object({
  type: z.enum(STAFF_BOOKING_TYPES),
  ...whenFields,
  ...staffContactFields,
  guests: guests(GUEST_LIMITS.admin.max, `Maximum ${GUEST_LIMITS.admin.max} guests`),
  teaType: TeaTypeSchema.optional(),
  diningPreference: DiningPreferenceSchema.optional(),
  hamperType: HamperTypeSchema.optional(),
  gardenSpotId: z.string().max(60).optional(),
  includeWine: z.boolean().optional(),
  dietaryRequirements: optionalText(500),
  specialRequests: optionalText(1000),
  staffNotes,
  tableLabel,
  /** R28: e-mail the guest a confirmation ("Send confirmation", ticked by default). */
  sendConfirmation: z.boolean({ error: "sendConfirmation must be true or false" }).default(true),
  acceptWarnings,
});
export type AdminBookingCreate = z.infer<typeof AdminBookingCreateSchema>;
/** What a caller sends: the flags may be left out (their defaults apply). */
export type AdminBookingCreateInput = z.input<typeof AdminBookingCreateSchema>;

/** Admin edit dialog (PATCH /api/bookings/{id}). */
export const AdminBookingUpdateSchema = z.object({
  ...whenFields,
  ...staffContactFields,
  guests: guests(GUEST_LIMITS.admin.max, `Maximum ${GUEST_LIMITS.admin.max} guests`),
  /** Left out: the notes stay as they are. */
  staffNotes,
  /** Left out: the table stays as it is; empty or null clears it. Changing only the table warns about nothing. */
  tableLabel,
  /** R28: a change of date, time or guests is e-mailed to the guest unless staff untick it. */
  notifyGuest: z.boolean({ error: "notifyGuest must be true or false" }).default(true),
  acceptWarnings,
});
export type AdminBookingUpdate = z.infer<typeof AdminBookingUpdateSchema>;

/** R28: declining a request needs the reason the guest will read. */
export const BookingDeclineSchema = z.object({
  reason: z
    .string({ error: "Please give a reason for the guest." })
    .trim()
    .min(1, { error: "Please give a reason for the guest." })
    .max(500, { error: "Must be at most 500 characters" }),
});
export type BookingDecline = z.infer<typeof BookingDeclineSchema>;

/** R28: cancelling e-mails the guest unless staff untick it (`?notifyGuest=false` on REST). */
export const BookingCancelOptionsSchema = z.object({
  // A query string carries "true"/"false"; z.coerce.boolean would read "false" as true.
  notifyGuest: z.union([z.boolean(), z.stringbool()], { error: "notifyGuest must be true or false" }).default(true),
});

/** A booking as the API answers it. */
export const BookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: BookingTypeSchema,
  status: BookingStatusSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  teaType: TeaTypeSchema.nullable(),
  diningPreference: DiningPreferenceSchema.nullable(),
  hamperType: HamperTypeSchema.nullable(),
  dietaryRequirements: z.string().nullable(),
  gardenSpotId: z.string().nullable(),
  includeWine: z.boolean(),
  specialRequests: z.string().nullable(),
  /** R30: internal notes, never sent to a guest. */
  staffNotes: z.string().nullable(),
  /** Issue 31: the table staff noted ("T4", "Window"); null for none. */
  tableLabel: z.string().nullable(),
  /** R28: the reason staff gave when declining a request (e-mailed to the guest). */
  declineReason: z.string().nullable(),
  arrival: ArrivalSchema.nullable(),
  /** R44: the seating area it sits in (GET /api/areas); null only for a Secret Garden booking without a spot. */
  areaId: z.number().int().nullable(),
  /** R44: its own stay in minutes (a walk-in's); null: its type's (booking settings). */
  stayMinutes: z.number().int().nullable(),
  /** R53: the event sitting an `event` booking holds tickets for; null for the other types. */
  sittingId: z.number().int().nullable().optional(),
  amountPence: z.number().int().nullable(),
  paymentReference: z.string().nullable(),
  /** R22: paid (or being paid) through the demo provider, so no money was taken: staff see a test booking. */
  testPayment: z.boolean(),
  /** R34: the booking's payment (staff answers); null when it has not been paid. */
  payment: BookingPaymentSchema.nullable(),
  /** R47: a card is saved with the provider for this booking (a card-on-file policy). */
  cardOnFile: z.boolean(),
  /** R36: the part a gift voucher paid (staff answers); null when none did. Left out where the answer is not a staff one. */
  voucher: BookingVoucherSchema.nullable().optional(),
  /** R55: the guest record it belongs to (staff answers); null when erased or without e-mail and phone. Left out where the answer is not a staff one. */
  guestId: z.number().int().nullable().optional(),
  source: z.enum(["public", "admin"]),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** Admin reservations list filters (server-side, paginated). */
export const BookingListQuerySchema = z.object({
  search: listSearch,
  type: BookingTypeSchema.optional(),
  date: isoDate("Please select a date.").optional(),
  status: BookingStatusSchema.optional(),
  // A query string carries "true"/"false"; z.coerce.boolean would read "false" as true.
  includeCancelled: z.union([z.boolean(), z.stringbool()]).optional(),
  ...pageFields,
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;
