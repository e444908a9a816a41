import { z } from "zod";
import { STAFF_BOOKING_TYPES } from "../entities/booking-constants.js";
import { type BookingType } from "../entities/booking.js";
import { dayOfWeek } from "../opening-hours/london-time.js";
import { formatPence } from "../pricing/money.js";

/** R47: what a booking type asks of the guest when booking. */
export const POLICY_KINDS = ["none", "card", "deposit", "prepay"] as const;
export const PolicyKindSchema = z.enum(POLICY_KINDS, { error: "choose none, card, deposit or prepay" });
export type PolicyKind = z.infer<typeof PolicyKindSchema>;

/** The kinds in words, as the staff editor shows them. */
export const POLICY_KIND_LABELS: Record<PolicyKind, string> = {
  none: "Nothing: the guest books without a card",
  card: "Card on file: the card is saved, nothing is charged",
  deposit: "Deposit per guest, taken when booking and counted towards the bill",
  prepay: "Paid in full when booking",
};

/** Weekdays as the opening hours name them (R45), Monday first. */
export const POLICY_WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const PolicyWeekdaySchema = z.enum(POLICY_WEEKDAYS, { error: "use mon, tue, wed, thu, fri, sat or sun" });
export type PolicyWeekday = z.infer<typeof PolicyWeekdaySchema>;
const WEEKDAY_NAMES: Record<PolicyWeekday, string> = {
  mon: "Mondays",
  tue: "Tuesdays",
  wed: "Wednesdays",
  thu: "Thursdays",
  fri: "Fridays",
  sat: "Saturdays",
  sun: "Sundays",
};
/** dayOfWeek's 0 = Sunday, to our keys. */
const BY_DAY_INDEX: readonly PolicyWeekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** At most £500 a guest: anything more is a typing slip, not a policy. */
export const MAX_POLICY_PENCE = 50_000;

// Messages name no field: the edge prefixes the path (describeZodError), the forms show them by their field.
const pencePerGuest = () =>
  z
    .number({ error: "give an amount in pence" })
    .int({ error: "give a whole number of pence" })
    .min(0, { error: "the amount cannot be negative" })
    .max(MAX_POLICY_PENCE, { error: `at most ${formatPence(MAX_POLICY_PENCE)} per guest` });

/** The fields staff set for one booking type, before the rules between them (`BookingPolicyInputSchema`). */
export const BookingPolicyFieldsSchema = z.object({
  kind: PolicyKindSchema,
  depositPencePerGuest: pencePerGuest(),
  minGuests: z
    .number({ error: "give a number of guests" })
    .int({ error: "give a whole number of guests" })
    .min(1, { error: "at least 1" })
    .max(100, { error: "at most 100" }),
  /** Empty: every day. */
  weekdays: z
    .array(PolicyWeekdaySchema, { error: "give a list of days" })
    .max(7, { error: "at most the seven days" })
    .refine((days) => new Set(days).size === days.length, { error: "name each day once" }),
  noShowFeePencePerGuest: pencePerGuest(),
  lateCancelFeePencePerGuest: pencePerGuest(),
  /** What the guest reads; empty for the words `policyText` writes from the fields. */
  text: z.string({ error: "give the words guests see, or leave it empty" }).trim().max(1000, { error: "at most 1000 characters" }),
});

/** A deposit of nothing is no deposit: refused naming the field. */
export function refineDeposit(p: { kind: PolicyKind; depositPencePerGuest: number }, ctx: z.RefinementCtx): void {
  if (p.kind === "deposit" && p.depositPencePerGuest < 1) {
    ctx.addIssue({ code: "custom", path: ["depositPencePerGuest"], message: "a deposit needs an amount per guest" });
  }
}

/**
 * The types a policy governs. Event tickets are always paid when bought (R53), so they have none:
 * their refunds follow the cut-off, and there is no card on file to charge a fee to.
 */
export const POLICY_BOOKING_TYPES = STAFF_BOOKING_TYPES;
export const PolicyBookingTypeSchema = z.enum(POLICY_BOOKING_TYPES);
export type PolicyBookingType = z.infer<typeof PolicyBookingTypeSchema>;

/** What staff set for one booking type (PUT /api/booking-policies/{bookingType}'s body). */
export const BookingPolicyInputSchema = BookingPolicyFieldsSchema.superRefine(refineDeposit);
export type BookingPolicyInput = z.infer<typeof BookingPolicyInputSchema>;

/** One booking type's policy as GET /api/booking-policies lists it; `text` is always filled. */
export const BookingPolicySchema = z.object({
  bookingType: PolicyBookingTypeSchema,
  kind: PolicyKindSchema,
  depositPencePerGuest: z.number().int(),
  minGuests: z.number().int(),
  weekdays: z.array(PolicyWeekdaySchema),
  noShowFeePencePerGuest: z.number().int(),
  lateCancelFeePencePerGuest: z.number().int(),
  text: z.string(),
});
export type BookingPolicy = z.infer<typeof BookingPolicySchema>;

/** A stored policy: `customText` is null while the generated words are used. */
export type StoredBookingPolicy = Omit<BookingPolicy, "text"> & { customText: string | null };

/** R47: afternoon tea is paid when booked, as before; every other type asks nothing until staff say so. */
export function defaultPolicy(bookingType: PolicyBookingType): StoredBookingPolicy {
  return {
    bookingType,
    kind: bookingType === "afternoonTea" ? "prepay" : "none",
    depositPencePerGuest: 0,
    minGuests: 1,
    weekdays: [],
    noShowFeePencePerGuest: 0,
    lateCancelFeePencePerGuest: 0,
    customText: null,
  };
}

/** The four policies, stored ones over the defaults, in the order of POLICY_BOOKING_TYPES. */
export function withDefaultPolicies(stored: readonly StoredBookingPolicy[]): StoredBookingPolicy[] {
  return POLICY_BOOKING_TYPES.map((type) => stored.find((p) => p.bookingType === type) ?? defaultPolicy(type));
}

/**
 * Why staff may not save this policy for this type, naming the field; null when it may be saved.
 * Afternoon tea is priced and paid online, so nothing less than prepay (R47); the other types have
 * no price to prepay.
 */
export function policyRefusal(bookingType: PolicyBookingType, input: BookingPolicyInput): string | null {
  if (bookingType === "afternoonTea" && input.kind !== "prepay")
    return "kind: afternoon tea is paid in full when booked; its policy cannot be less than prepay";
  if (bookingType !== "afternoonTea" && input.kind === "prepay") return "kind: only afternoon tea has a price to pay in advance; choose a deposit instead";
  return null;
}

function listOf(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** "For parties of 6 or more on Fridays and Saturdays" when the policy applies only then; "" when always. */
function when(p: Pick<BookingPolicy, "minGuests" | "weekdays">): string {
  const parts: string[] = [];
  if (p.minGuests > 1) parts.push(`for parties of ${p.minGuests} or more`);
  if (p.weekdays.length > 0 && p.weekdays.length < 7) {
    const ordered = POLICY_WEEKDAYS.filter((d) => p.weekdays.includes(d));
    parts.push(`on ${listOf(ordered.map((d) => WEEKDAY_NAMES[d]))}`);
  }
  if (parts.length === 0) return "";
  const s = parts.join(" ");
  return `${s[0]!.toUpperCase()}${s.slice(1)}: `;
}

/** R48's fees are charged to a saved card only, so only a card-on-file policy speaks of them. */
function fees(p: Pick<BookingPolicy, "noShowFeePencePerGuest" | "lateCancelFeePencePerGuest">, card: string): string {
  const out: string[] = [];
  if (p.noShowFeePencePerGuest > 0) out.push(`If you do not come, we may charge up to ${formatPence(p.noShowFeePencePerGuest)} per guest to ${card}.`);
  if (p.lateCancelFeePencePerGuest > 0)
    out.push(`If you cancel after that, we may charge up to ${formatPence(p.lateCancelFeePencePerGuest)} per guest to ${card}.`);
  return out.length ? ` ${out.join(" ")}` : "";
}

/**
 * R47: the policy in plain words for the form, the confirmation, e-mails and the manage page: what
 * is charged, when, and the cancellation terms with R37's cut-off (`cancellationHours`).
 */
export function policyText(p: Omit<BookingPolicy, "text">, cancellationHours: number): string {
  const cutoff = cancellationHours === 0 ? "up to the time of your visit" : `until ${cancellationHours} hours before your visit`;
  switch (p.kind) {
    case "none":
      return "Nothing is charged when you book.";
    case "prepay":
      return `${when(p)}Afternoon tea is paid in full when you book. You can cancel online ${cutoff} and the payment is refunded in full.`;
    case "card":
      return `${when(p)}We ask for a card to hold your booking; nothing is charged now. You can cancel free of charge ${cutoff}.${fees(p, "this card")}`;
    case "deposit":
      return `${when(p)}A deposit of ${formatPence(p.depositPencePerGuest)} per guest is taken when you book and counted towards your bill. Cancel online ${cutoff} and it is refunded in full; after that it is kept.`;
  }
}

/** The policy as staff and guests read it: the staff's own words, or the generated ones. */
export function presentPolicy(p: StoredBookingPolicy, cancellationHours: number): BookingPolicy {
  const { customText, ...rest } = p;
  return { ...rest, text: customText ?? policyText(rest, cancellationHours) };
}

/**
 * The custom words to store for `input`: null when the text is empty or is the generated text of
 * the policy before or after the change (an editor sending back what it was shown keeps words that
 * follow the amounts).
 */
export function customTextFor(
  input: BookingPolicyInput & { bookingType: PolicyBookingType },
  before: StoredBookingPolicy,
  cancellationHours: number,
): string | null {
  const text = input.text.trim();
  if (!text) return null;
  const { text: _ignored, ...fields } = input;
  const generated = [policyText(fields, cancellationHours), policyText(before, cancellationHours)];
  if (before.customText === null && generated.includes(text)) return null;
  if (before.customText !== null && text === policyText(fields, cancellationHours)) return null;
  return text;
}

/** Whether `policy` applies to a party of `guests` on `date` (a London calendar date, R12). */
export function policyApplies(policy: Pick<BookingPolicy, "kind" | "minGuests" | "weekdays">, date: string, guests: number): boolean {
  if (policy.kind === "none") return false;
  if (guests < policy.minGuests) return false;
  if (policy.weekdays.length === 0) return true;
  return policy.weekdays.includes(BY_DAY_INDEX[dayOfWeek(date)]!);
}

/** R47: the policy that applies to this booking, or null when nothing is asked of the guest. */
export function policyFor<P extends Pick<BookingPolicy, "bookingType" | "kind" | "minGuests" | "weekdays">>(
  policies: readonly P[],
  type: BookingType,
  date: string,
  guests: number,
): P | null {
  const policy = policies.find((p) => p.bookingType === type);
  return policy && policyApplies(policy, date, guests) ? policy : null;
}

/** The deposit for a party, in pence (0 unless the policy is a deposit). */
export function depositPence(policy: Pick<BookingPolicy, "kind" | "depositPencePerGuest">, guests: number): number {
  return policy.kind === "deposit" ? policy.depositPencePerGuest * guests : 0;
}

export type PolicyFee = "no-show" | "late-cancel";

/** R48: the most a fee may be for a party, in pence: the policy's amount per guest times the guests. */
export function feeCapPence(policy: Pick<BookingPolicy, "noShowFeePencePerGuest" | "lateCancelFeePencePerGuest">, fee: PolicyFee, guests: number): number {
  return (fee === "no-show" ? policy.noShowFeePencePerGuest : policy.lateCancelFeePencePerGuest) * guests;
}

/** What the public site reads of each policy (GET /api/site): its kind and its words. */
export const SitePolicySchema = z.object({ kind: PolicyKindSchema, text: z.string() });
export type SitePolicy = z.infer<typeof SitePolicySchema>;

/** R47: what a visitor's POST /api/bookings answers (202) when a policy asks for a card or a deposit. */
export const HeldBookingAnswerSchema = z.object({
  reference: z.string(),
  status: z.literal("held"),
  payment: z.object({
    kind: z.enum(["setup", "deposit"]),
    clientSecret: z.string(),
    /** The deposit; 0 when a card is only saved. */
    amountPence: z.number().int(),
  }),
});
export type HeldBookingAnswer = z.infer<typeof HeldBookingAnswerSchema>;
