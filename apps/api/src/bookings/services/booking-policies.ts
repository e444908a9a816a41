import {
  customTextFor,
  parseSetting,
  policyFor,
  policyRefusal,
  POLICY_WEEKDAYS,
  presentPolicy,
  withDefaultPolicies,
  withDefaults,
  type BookingPolicy,
  type BookingPolicyInput,
  type Booking,
  type PolicyBookingType,
  type StoredBookingPolicy,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { BadRequestError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import type { OutgoingMail } from "../../mail/outbox.js";
import { listStoredPolicies, upsertPolicy } from "../data/booking-policies.js";
import { getSettingsMap } from "./booking-settings.js";

/** The four policies (R47), saved ones over the defaults, as stored (customText null: generated words). */
async function readPolicies(db: DbOrTx): Promise<StoredBookingPolicy[]> {
  return withDefaultPolicies(await listStoredPolicies(db));
}

const CACHE_KEY = "booking-policies";

/**
 * The policies as every booking and `/api/site` read them: kept in memory until one changes
 * through this server (and for a second on PostgreSQL, where another instance may change them).
 */
export async function storedPolicies(ctx: AppContext): Promise<readonly StoredBookingPolicy[]> {
  const cached = ctx.cache.get(CACHE_KEY) as readonly StoredBookingPolicy[] | undefined;
  if (cached) return cached;
  const policies = Object.freeze(await readPolicies(ctx.db));
  ctx.cache.set(CACHE_KEY, policies);
  return policies;
}

async function cancellationHours(ctx: AppContext): Promise<number> {
  return parseSetting(withDefaults(await getSettingsMap(ctx)), "guest_cancellation_hours");
}

/** GET /api/booking-policies: each type's policy with the words guests read (R47). */
export async function listPolicies(ctx: AppContext): Promise<BookingPolicy[]> {
  const hours = await cancellationHours(ctx);
  return (await storedPolicies(ctx)).map((p) => presentPolicy(p, hours));
}

/** R47: each type's kind and words, for GET /api/site and the public forms. */
export async function sitePolicies(ctx: AppContext): Promise<Record<PolicyBookingType, { kind: BookingPolicy["kind"]; text: string }>> {
  const policies = await listPolicies(ctx);
  return Object.fromEntries(policies.map((p) => [p.bookingType, { kind: p.kind, text: p.text }])) as Record<
    PolicyBookingType,
    { kind: BookingPolicy["kind"]; text: string }
  >;
}

/** Adds the policy's words to a booking's e-mail, when its policy asked for a card or a deposit. */
export type PolicyTerms = (booking: Pick<Booking, "type" | "date" | "guests">, mail: OutgoingMail) => OutgoingMail;

/**
 * R47: a booking's e-mails after the request (staff's confirmation, a change, the reminder) repeat
 * the words of the policy that asked it for a card or a deposit, first in their closing lines.
 * Read before a write transaction opens: inside one, a read of the store would wait for it.
 */
export async function policyTerms(ctx: AppContext): Promise<PolicyTerms> {
  const [policies, hours] = await Promise.all([storedPolicies(ctx), cancellationHours(ctx)]);
  return (booking, mail) => {
    const policy = policyFor(policies, booking.type, booking.date, booking.guests);
    if (!policy || (policy.kind !== "card" && policy.kind !== "deposit")) return mail;
    const terms = presentPolicy(policy, hours).text;
    return { ...mail, content: { ...mail.content, outro: [terms, ...(mail.content.outro ?? [])] } };
  };
}

/** R40: what the audit record keeps of a policy. */
const state = (p: StoredBookingPolicy) => ({
  kind: p.kind,
  depositPencePerGuest: p.depositPencePerGuest,
  minGuests: p.minGuests,
  weekdays: POLICY_WEEKDAYS.filter((d) => p.weekdays.includes(d)).join(", ") || "every day",
  noShowFeePencePerGuest: p.noShowFeePencePerGuest,
  lateCancelFeePencePerGuest: p.lateCancelFeePencePerGuest,
  text: p.customText ?? "(generated)",
});

/**
 * PUT /api/booking-policies/{bookingType}: stores the policy with its audit record (R40), or refuses
 * (400 naming the field) and nothing changes: afternoon tea stays prepaid, prepay is afternoon tea's.
 */
export async function savePolicy(ctx: AppContext, bookingType: PolicyBookingType, input: BookingPolicyInput, actor: Actor): Promise<BookingPolicy> {
  const refusal = policyRefusal(bookingType, input);
  if (refusal) throw new BadRequestError(refusal);
  const hours = await cancellationHours(ctx);
  const now = ctx.now().toISOString();
  const saved = await immediateTransaction(ctx.db, async (tx) => {
    const before = (await readPolicies(tx)).find((p) => p.bookingType === bookingType)!;
    const next: StoredBookingPolicy = {
      bookingType,
      kind: input.kind,
      // A deposit amount means nothing under another kind: kept at 0 so the record says what applies.
      depositPencePerGuest: input.kind === "deposit" ? input.depositPencePerGuest : 0,
      minGuests: input.minGuests,
      weekdays: POLICY_WEEKDAYS.filter((d) => input.weekdays.includes(d)),
      noShowFeePencePerGuest: input.noShowFeePencePerGuest,
      lateCancelFeePencePerGuest: input.lateCancelFeePencePerGuest,
      customText: customTextFor({ ...input, bookingType }, before, hours),
    };
    if (JSON.stringify(state(before)) === JSON.stringify(state(next))) return next;
    await upsertPolicy(tx, next, now);
    await recordAudit(tx, { at: now, actor, action: "policy.update", subject: `Booking policy (${bookingType})`, before: state(before), after: state(next) });
    return next;
  });
  ctx.cache.delete(CACHE_KEY);
  return presentPolicy(saved, hours);
}
