import { z } from "zod";
import { GUEST_LIMITS } from "../constants.js";
import { BOOKING_MESSAGES } from "./booking-constants.js";
import { DiningPreferenceSchema, TeaTypeSchema } from "./booking.js";
import { email, honeypot, id, isoDate, text, timeOfDay } from "./common.js";
import { EVENT_LIMITS } from "./event.js";

// R52: the waiting list of afternoon tea and table bookings. An entry waits for seats at one of
// its times (or any time that day); when seats free, the first entry that fits is offered them,
// held as a booking for `waitlist_offer_minutes`.

export const WAITLIST_TYPES = ["afternoonTea", "table"] as const;
export const WaitlistTypeSchema = z.enum(WAITLIST_TYPES, { error: "type: Please choose afternoonTea or table." });
export type WaitlistType = z.infer<typeof WaitlistTypeSchema>;

export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "lapsed", "left", "ended"] as const;
export const WaitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof WaitlistStatusSchema>;

/** R23 applied to joining: at most this many entries per e-mail address per day of visit. */
export const WAITLIST_ENTRIES_PER_EMAIL_PER_DAY = 3;

const guests = (max: number) =>
  z.coerce
    .number({ error: BOOKING_MESSAGES.guests })
    .int({ error: BOOKING_MESSAGES.guests })
    .min(1, { error: BOOKING_MESSAGES.guests })
    .max(max, { error: `guests: At most ${max} guests` });

/** Acceptable times, or null for "any time that day"; at least one, each once. */
const times = z
  .array(timeOfDay("times: Use times as HH:mm"), { error: "times: Give the acceptable times as a list, or null for any time that day" })
  .min(1, { error: "times: Choose at least one time, or any time that day" })
  .max(24, { error: "times: Choose at most 24 times" })
  .transform((list) => [...new Set(list)].sort())
  .nullable();

const joinFields = {
  date: isoDate(BOOKING_MESSAGES.date),
  times,
  name: text(1, 100, BOOKING_MESSAGES.name),
  email: email(BOOKING_MESSAGES.email),
  phone: text(1, 40, BOOKING_MESSAGES.phone),
  website: honeypot,
};

/** POST /api/waitlist: the guest joins the day's list for their party. */
export const WaitlistJoinSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("afternoonTea"),
      ...joinFields,
      guests: guests(GUEST_LIMITS.afternoonTea.max),
      teaType: TeaTypeSchema.default("traditional"),
    }),
    z.object({
      type: z.literal("table"),
      ...joinFields,
      guests: guests(GUEST_LIMITS.table.max),
      diningPreference: DiningPreferenceSchema.default("lunch"),
    }),
  ],
  { error: "type: Please choose afternoonTea or table." },
);
export type WaitlistJoin = z.infer<typeof WaitlistJoinSchema>;

/**
 * R52 with R53: the guest waits for tickets of a sold-out sitting (`guests` are the tickets). The
 * date is the sitting's and there is no choice of time, so `times` is null when given.
 */
export const WaitlistEventJoinSchema = z.object({
  type: z.literal("event"),
  sittingId: id.describe("The sitting (GET /api/events)"),
  date: isoDate(BOOKING_MESSAGES.date).optional().describe("Ignored: the sitting's date"),
  times: z.null({ error: "times: A sitting has one time: give null" }).optional().default(null),
  guests: z
    .number({ error: "guests: Please choose how many tickets" })
    .int({ error: "guests: Please choose how many tickets" })
    .min(1, { error: "guests: Please choose how many tickets" })
    .max(EVENT_LIMITS.perOrderLimit.max, { error: "guests: Please choose how many tickets" }),
  name: joinFields.name,
  email: joinFields.email,
  phone: joinFields.phone,
  website: honeypot,
});
export type WaitlistEventJoin = z.infer<typeof WaitlistEventJoinSchema>;

/** POST /api/waitlist as documented: afternoon tea, a table, or tickets of a sitting. */
export const WaitlistAnyJoinSchema = z.discriminatedUnion("type", [...WaitlistJoinSchema.options, WaitlistEventJoinSchema], {
  error: "type: Please choose afternoonTea, table or event.",
});

/** The 409 to a ticket entry that need not wait: this many tickets are left now. */
export const WaitlistTicketsLeftSchema = z.object({ message: z.string(), ticketsLeft: z.number().int() });

export const WaitlistJoinAnswerSchema = z.object({
  reference: z.string(),
  /** 1 for the first entry still waiting that day for the type. */
  position: z.number().int().positive(),
});
export type WaitlistJoinAnswer = z.infer<typeof WaitlistJoinAnswerSchema>;

/** The 409 to a join that need not wait: the party fits now at these times. */
export const WaitlistFitsNowSchema = z.object({ message: z.string(), times: z.array(z.string()) });

/** The types an entry may have once stored: R53's `event` entries wait for a sitting's tickets. */
export const WaitlistListedTypeSchema = z.enum([...WAITLIST_TYPES, "event"]);

/** A day's entry as staff see it (GET /api/waitlist?date=). */
export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: WaitlistListedTypeSchema,
  date: z.string(),
  times: z.array(z.string()).nullable(),
  guests: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: WaitlistStatusSchema,
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** Time of the held offer, when offered. */
  offerTime: z.string().nullable(),
  /** Place among the day's waiting entries of its type; null once no longer waiting. */
  position: z.number().int().nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistDayQuerySchema = z.object({ date: isoDate(BOOKING_MESSAGES.date) });
export const WaitlistOfferRequestSchema = z.object({ time: timeOfDay(BOOKING_MESSAGES.time) });

/** The guest's view of their offer (GET /api/waitlist/offers/{token}). */
export const WaitlistOfferSchema = z.object({
  reference: z.string(),
  type: WaitlistListedTypeSchema,
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  name: z.string(),
  status: WaitlistStatusSchema,
  expiresAt: z.string(),
  /** What paying costs (afternoon tea); null for a table. */
  amountPence: z.number().int().nullable(),
});
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;

export const WaitlistTeaClaimAnswerSchema = z.object({ clientSecret: z.string(), amountPence: z.number().int() });
export const WaitlistTableClaimAnswerSchema = z.object({ reference: z.string(), status: z.literal("pending") });

/** The moves an entry may make; anything else is refused. */
const NEXT: Record<WaitlistStatus, readonly WaitlistStatus[]> = {
  waiting: ["offered", "left", "ended"],
  // An offer the guest lets lapse ends their turn; staff may offer again by hand.
  offered: ["claimed", "lapsed", "left", "ended"],
  lapsed: ["offered", "left", "ended"],
  claimed: [],
  left: [],
  ended: [],
};

export function canMove(from: WaitlistStatus, to: WaitlistStatus): boolean {
  return NEXT[from].includes(to);
}

/** Entries are served first come, first served: by join time, then by id. */
export interface Queued {
  id: number;
  createdAt: string;
  status: WaitlistStatus;
  type: WaitlistType;
  guests: number;
  times: readonly string[] | null;
}

export function inJoinOrder<T extends Pick<Queued, "id" | "createdAt">>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
}

/** The times an entry would take, in order, among `open` (the day's bookable times of its type). */
export function acceptableTimes(entry: Pick<Queued, "times">, open: readonly string[]): string[] {
  return entry.times === null ? [...open] : open.filter((t) => entry.times!.includes(t));
}

/**
 * R52: the first waiting entry (by join time) with a time its party fits at, and that time.
 * `fits` says whether the entry's party fits at a time now; null when none does.
 */
export function firstFitting<T extends Queued>(
  entries: readonly T[],
  open: (type: WaitlistType) => readonly string[],
  fits: (entry: T, time: string) => boolean,
): { entry: T; time: string } | null {
  for (const entry of inJoinOrder(entries)) {
    if (entry.status !== "waiting") continue;
    const time = acceptableTimes(entry, open(entry.type)).find((t) => fits(entry, t));
    if (time !== undefined) return { entry, time };
  }
  return null;
}

/** The 1-based place of entry `id` among the waiting entries of its type, or null when it is not waiting. */
export function positionOf(entries: readonly Queued[], id: number): number | null {
  const me = entries.find((e) => e.id === id);
  if (!me || me.status !== "waiting") return null;
  return inJoinOrder(entries.filter((e) => e.status === "waiting" && e.type === me.type)).findIndex((e) => e.id === id) + 1;
}

/** R23: why another entry for this address and day is refused, or null. */
export function waitlistLimitProblem(entriesThatDay: number, phone: string): string | null {
  return entriesThatDay >= WAITLIST_ENTRIES_PER_EMAIL_PER_DAY
    ? `You are already on the waiting list ${WAITLIST_ENTRIES_PER_EMAIL_PER_DAY} times for this day. Please call us on ${phone} if you need more.`
    : null;
}

/** An entry whose date has passed (London calendar date `today`) has ended. */
export function hasEnded(entry: { date: string; status: WaitlistStatus }, today: string): boolean {
  return entry.date < today && (entry.status === "waiting" || entry.status === "offered" || entry.status === "lapsed");
}

/**
 * R52 with R53: the first waiting entry (by join time) whose tickets fit in the `left` tickets of
 * its sitting; null when none does. A bigger party does not block a smaller one behind it.
 */
export function firstForTickets<T extends Pick<Queued, "id" | "createdAt" | "status" | "guests">>(entries: readonly T[], left: number): T | null {
  return inJoinOrder(entries).find((e) => e.status === "waiting" && e.guests <= left) ?? null;
}
