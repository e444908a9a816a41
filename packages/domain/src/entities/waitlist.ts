import { z } from "zod";
import { GUEST_LIMITS } from "../constants.js";
import { BOOKING_MESSAGES } from "./booking-constants.js";
import { DiningPreferenceSchema, TeaTypeSchema } from "./booking.js";
import { email, honeypot, isoDate, text, timeOfDay } from "./common.js";

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

export const WaitlistJoinAnswerSchema = z.object({
  reference: z.string(),
  /** 1 for the first entry still waiting that day for the type. */
  position: z.number().int().positive(),
});
export type WaitlistJoinAnswer = z.infer<typeof WaitlistJoinAnswerSchema>;

/** The 409 to a join that need not wait: the party fits now at these times. */
export const WaitlistFitsNowSchema = z.object({ message: z.string(), times: z.array(z.string()) });

/** A day's entry as staff see it (GET /api/waitlist?date=). */
export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: WaitlistTypeSchema,
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
  type: WaitlistTypeSchema,
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
