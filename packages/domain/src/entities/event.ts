import { z } from "zod";
import { email, honeypot, id, isoDate, optionalText, text, timeOfDay } from "./common.js";
import { BOOKING_MESSAGES } from "./booking-constants.js";
import { londonNow, toMinutes } from "../opening-hours/london-time.js";
import { formatPence } from "../pricing/money.js";
import { VoucherCodeSchema } from "./gift-voucher.js";

// R53: events with ticketed sittings. Staff make an event (name, text, picture, price per
// ticket) and its sittings (a date, time and length, tickets drawn from one area's seats, a
// per-order limit, a sales cut-off, an optional question); published events are sold on the
// public "What's on" page through afternoon tea's hold, card and voucher flow.

export const EVENT_LIMITS = {
  pricePence: { min: 0, max: 100_000 },
  tickets: { min: 1, max: 500 },
  minutes: { min: 15, max: 720 },
  perOrderLimit: { min: 1, max: 50 },
  salesCutoffMinutes: { min: 0, max: 10_080 },
} as const;

const whole = (field: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${field}: Use a whole number from ${min} to ${max}` })
    .int({ error: `${field}: Use a whole number from ${min} to ${max}` })
    .min(min, { error: `${field}: Use a whole number from ${min} to ${max}` })
    .max(max, { error: `${field}: Use a whole number from ${min} to ${max}` });

/** A slug for the event's address: lower-case letters, digits and single hyphens. */
export const EventSlugSchema = z
  .string({ error: "slug: Use lower-case letters, digits and hyphens" })
  .trim()
  .min(1, { error: "slug: Use lower-case letters, digits and hyphens" })
  .max(80, { error: "slug: Use at most 80 characters" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "slug: Use lower-case letters, digits and hyphens" });

/** The slug made from an event's name ("Christmas Afternoon Tea" → "christmas-afternoon-tea"). */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "event";
}

/** A picture's address: an https URL or a path on this site. */
const imageUrl = z
  .string({ error: "imageUrl: Give an https address or a path on this site" })
  .trim()
  .max(500, { error: "imageUrl: Use at most 500 characters" })
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v) || /^\/[^/\s][^\s]*$/.test(v), {
    error: "imageUrl: Give an https address or a path on this site",
  })
  .transform((v) => v || null)
  .nullable();

const eventFields = {
  name: text(1, 120, "name: Please give the event a name"),
  description: z.string({ error: "description: Please describe the event" }).trim().max(4000, { error: "description: Use at most 4000 characters" }),
  imageUrl,
  pricePence: whole("pricePence", EVENT_LIMITS.pricePence),
  published: z.boolean({ error: "published must be true or false" }),
};

/** POST /api/events: the slug is made from the name unless given. */
export const EventCreateSchema = z.object({
  ...eventFields,
  description: eventFields.description.default(""),
  imageUrl: imageUrl.optional().default(null),
  published: eventFields.published.default(false),
  slug: EventSlugSchema.optional(),
});
export type EventCreate = z.infer<typeof EventCreateSchema>;
export type EventCreateInput = z.input<typeof EventCreateSchema>;

/** PATCH /api/events/{id}: any of the fields. */
export const EventUpdateSchema = z.object({
  name: eventFields.name.optional(),
  description: eventFields.description.optional(),
  imageUrl: imageUrl.optional(),
  pricePence: eventFields.pricePence.optional(),
  published: eventFields.published.optional(),
  slug: EventSlugSchema.optional(),
});
export type EventUpdate = z.infer<typeof EventUpdateSchema>;

const sittingFields = {
  date: isoDate("date: Please choose a date (YYYY-MM-DD)"),
  time: timeOfDay("time: Please choose a start time (HH:mm)"),
  minutes: whole("minutes", EVENT_LIMITS.minutes),
  tickets: whole("tickets", EVENT_LIMITS.tickets),
  areaId: id.describe("The seating area whose seats the sitting takes (GET /api/areas)"),
  perOrderLimit: whole("perOrderLimit", EVENT_LIMITS.perOrderLimit),
  salesCutoffMinutes: whole("salesCutoffMinutes", EVENT_LIMITS.salesCutoffMinutes),
  question: z
    .string({ error: "question: Use text" })
    .trim()
    .max(200, { error: "question: Use at most 200 characters" })
    .transform((v) => v || null)
    .nullable(),
  closesArea: z.boolean({ error: "closesArea must be true or false" }),
};

/** POST /api/events/{id}/sittings. */
export const SittingCreateSchema = z.object({
  ...sittingFields,
  perOrderLimit: sittingFields.perOrderLimit.default(10),
  salesCutoffMinutes: sittingFields.salesCutoffMinutes.default(60),
  question: sittingFields.question.optional().default(null),
  closesArea: sittingFields.closesArea.default(false),
});
export type SittingCreate = z.infer<typeof SittingCreateSchema>;
export type SittingCreateInput = z.input<typeof SittingCreateSchema>;

/** PATCH /api/events/{id}/sittings/{sittingId}: any of the fields. */
export const SittingUpdateSchema = z.object(
  Object.fromEntries(Object.entries(sittingFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof sittingFields]: z.ZodOptional<(typeof sittingFields)[K]>;
  },
);
export type SittingUpdate = z.infer<typeof SittingUpdateSchema>;

/** A sitting as staff see it: every field, and the tickets sold (held ones included). */
export const SittingSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  date: z.string(),
  time: z.string(),
  minutes: z.number().int(),
  tickets: z.number().int(),
  areaId: z.number().int(),
  perOrderLimit: z.number().int(),
  salesCutoffMinutes: z.number().int(),
  question: z.string().nullable(),
  closesArea: z.boolean(),
  ticketsSold: z.number().int(),
  ticketsLeft: z.number().int(),
});
export type Sitting = z.infer<typeof SittingSchema>;

/** An event as staff see it, with every sitting (past ones too). */
export const EventSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pricePence: z.number().int(),
  published: z.boolean(),
  sittings: z.array(SittingSchema),
});
export type Event = z.infer<typeof EventSchema>;

/** A sitting as visitors see it (GET /api/events): what they need to choose and buy. */
export const PublicSittingSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  time: z.string(),
  minutes: z.number().int(),
  ticketsLeft: z.number().int(),
  perOrderLimit: z.number().int(),
  question: z.string().nullable(),
  /** Sales have closed (the cut-off before the start has passed), whatever is left. */
  salesClosed: z.boolean(),
});
export type PublicSitting = z.infer<typeof PublicSittingSchema>;

/** GET /api/events and /api/events/{slug}: a published event with its sittings still to come. */
export const PublicEventSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pricePence: z.number().int(),
  sittings: z.array(PublicSittingSchema),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;

/** POST /api/create-payment-intent for tickets: `amount` in pounds, the server prices it (R3). */
export const EventPaymentIntentRequestSchema = z.object({
  amount: z.number({ error: "amount: Please give the amount in pounds" }).nonnegative({ error: "amount: Please give the amount in pounds" }),
  metadata: z.object({
    type: z.literal("event"),
    sittingId: id.describe("The sitting (GET /api/events)"),
    tickets: z
      .number({ error: "tickets: Please choose how many tickets" })
      .int({ error: "tickets: Please choose how many tickets" })
      .min(1, { error: "tickets: Please choose how many tickets" })
      .max(EVENT_LIMITS.perOrderLimit.max, { error: "tickets: Please choose how many tickets" }),
    name: text(1, 100, BOOKING_MESSAGES.name),
    email: email(BOOKING_MESSAGES.email),
    phone: text(1, 40, BOOKING_MESSAGES.phone),
    answer: optionalText(500),
    /** R36: a money gift voucher paying part or all of it; "" or absent: none. */
    voucherCode: z.preprocess((v) => (v === "" || v === null ? undefined : v), VoucherCodeSchema.optional()),
  }),
  website: honeypot,
});
export type EventPaymentIntentRequest = z.infer<typeof EventPaymentIntentRequestSchema>;

/** Tickets still on sale: what is left of the sitting's tickets (never below none). */
export function ticketsLeft(tickets: number, sold: number): number {
  return Math.max(0, tickets - sold);
}

/** Minutes from London's wall clock `now` to the sitting's start (negative once it has begun). */
export function minutesUntil(sitting: { date: string; time: string }, now: Date): number {
  const here = londonNow(now);
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
  return (day(sitting.date) - day(here.date)) * 1440 + toMinutes(sitting.time) - here.minutes;
}

/** Whether sales of the sitting have closed at `now`: its cut-off before the start has passed. */
export function salesClosed(sitting: { date: string; time: string; salesCutoffMinutes: number }, now: Date): boolean {
  return minutesUntil(sitting, now) < sitting.salesCutoffMinutes;
}

/** Why an order of `tickets` for `sitting` (with `sold` already sold or held) cannot be taken now, or null. */
export function ticketProblem(
  sitting: { date: string; time: string; salesCutoffMinutes: number; perOrderLimit: number; tickets: number },
  sold: number,
  tickets: number,
  now: Date,
): { status: 400 | 409; message: string } | null {
  if (tickets > sitting.perOrderLimit)
    return { status: 400, message: `tickets: At most ${sitting.perOrderLimit} ticket${sitting.perOrderLimit === 1 ? "" : "s"} can be bought in one order.` };
  if (salesClosed(sitting, now)) return { status: 409, message: "Tickets for this sitting are no longer on sale online. Please call us." };
  const left = ticketsLeft(sitting.tickets, sold);
  if (left === 0) return { status: 409, message: "This sitting is sold out." };
  if (tickets > left) return { status: 409, message: `Only ${left} ticket${left === 1 ? "" : "s"} left for this sitting. Please choose fewer.` };
  return null;
}

/** The price of `tickets` at `pricePence` each, and the words for a refusal of a different amount. */
export function ticketsTotal(pricePence: number, tickets: number): number {
  return pricePence * tickets;
}

export const ticketsWording = (tickets: number, eventName: string, pricePence: number) =>
  `${tickets} ticket${tickets === 1 ? "" : "s"} for ${eventName} at ${formatPence(pricePence)} each`;
