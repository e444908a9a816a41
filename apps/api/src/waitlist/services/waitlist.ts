import {
  acceptableTimes,
  canMove,
  firstFitting,
  inJoinOrder,
  londonNow,
  parseSetting,
  placeStay,
  positionOf,
  quoteAfternoonTea,
  waitlistLimitProblem,
  withDefaults,
  type Queued,
  type Room,
  type Settings,
  type Stay,
  type WaitlistEntry,
  type WaitlistJoin,
  type WaitlistJoinAnswer,
  type WaitlistOffer,
  type WaitlistStatus,
  type WaitlistType,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import type { BookingRow, WaitlistEntryRow } from "../../db/schema.js";
import { findBookingById, insertBooking, listDayStays, updateBooking } from "../../bookings/data/bookings.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { checkDate } from "../../bookings/services/booking-checks.js";
import { newReference } from "../../bookings/services/booking-reference.js";
import { newManageToken } from "../../bookings/services/manage-token.js";
import { mintManageLink } from "../../bookings/services/manage-link.js";
import { getRoom } from "../../bookings/services/room.js";
import { slotPlan } from "../../bookings/services/slot-plan.js";
import { toOneBooking } from "../../bookings/services/booking-view.js";
import { BadRequestError, ConflictError, GoneError, NotFoundError, TooManyRequestsError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { bookingRequestReceived } from "../../mail/messages/bookings.js";
import { waitlistJoined, waitlistOffered, type WaitlistMailEntry } from "../../mail/messages/waitlist.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { tearoomContacts } from "../../site/services/site.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { sha256Hex } from "../../sha256.js";
import {
  countEntriesForEmail,
  datesWithOpenEntries,
  endPastEntries,
  findEntryById,
  findEntryByLeaveHash,
  findEntryByOfferHash,
  insertEntry,
  listEntriesOnDate,
  updateEntry,
} from "../data/waitlist.js";
import { startHeldTeaPayment } from "./waitlist-payment.js";
import { offerSittingTickets } from "./waitlist-events.js";

/** The 409 to a join whose party fits now: book one of `times` instead. */
export class FitsNowError extends ConflictError {
  constructor(readonly times: string[]) {
    super(`There is room for your party now at ${times.join(", ")}: please book instead of joining the waiting list.`);
  }
}

const timesOf = (row: WaitlistEntryRow): string[] | null => (row.times_json === null ? null : (JSON.parse(row.times_json) as string[]));
export const queued = (row: WaitlistEntryRow): Queued => ({
  id: row.id,
  createdAt: row.created_at,
  status: row.status as WaitlistStatus,
  type: row.type as WaitlistType,
  guests: row.guests,
  times: timesOf(row),
});
export const mailEntry = (row: WaitlistEntryRow): WaitlistMailEntry => ({
  reference: row.reference,
  type: row.type as WaitlistMailEntry["type"],
  date: row.date,
  times: timesOf(row),
  guests: row.guests,
  name: row.name,
  email: row.email,
});

/** Whether a party of the entry's type fits at `time` among `stays` now; the area it would sit in. */
function fitAt(room: Room, stays: readonly Stay[], e: { type: string; date: string; guests: number }, time: string, now: Date) {
  return placeStay(room, stays, { type: e.type as WaitlistType, date: e.date, time, guests: e.guests }, now);
}

/**
 * POST /api/waitlist (R52): a guest joins a day's list. A closed or past day is 400; a party that
 * fits now at an acceptable time is 409 with those times; past three entries for the address and
 * day (R23) 429. The guest is e-mailed the reference and a leave link.
 */
export async function joinWaitlist(ctx: AppContext, input: WaitlistJoin, clientKey: string): Promise<WaitlistJoinAnswer> {
  if (input.website) {
    ctx.logger.info({ event: "honeypot", form: "waitlist" }, "honeypot filled; nothing stored");
    return { reference: newReference(), position: 1 };
  }
  const now = ctx.now();
  const settings = await getSettingsMap(ctx);
  checkDate(settings, input, "public", now);
  const plan = slotPlan(settings, input.type, input.date, now);
  if (input.times) {
    const unknown = input.times.find((t) => !plan.all.includes(t));
    if (unknown) throw new BadRequestError(`times: ${unknown} is not a booking time. Please choose from ${plan.all.join(", ")}.`);
  }
  const wanted = acceptableTimes({ times: input.times }, plan.open);
  if (wanted.length === 0) throw new BadRequestError("times: These times have already started today. Please choose a later time.");
  const room = await getRoom(ctx, settings);
  const contacts = await tearoomContacts(ctx);
  const email = input.email.toLowerCase();
  const leave = newManageToken();
  const { row, position } = await immediateTransaction(ctx.db, async (tx) => {
    const stays = await listDayStays(tx, input.date);
    const free = wanted.filter((t) => fitAt(room, stays, input, t, now).problem === null);
    if (free.length > 0) throw new FitsNowError(free);
    const problem = waitlistLimitProblem(await countEntriesForEmail(tx, email, input.date), contacts.phone);
    if (problem) throw new TooManyRequestsError(problem, 3600);
    const stamp = now.toISOString();
    const row = await insertEntry(tx, {
      reference: newReference(),
      type: input.type,
      date: input.date,
      times_json: input.times ? JSON.stringify(input.times) : null,
      guests: input.guests,
      name: input.name,
      email,
      phone: input.phone,
      tea_type: input.type === "afternoonTea" ? input.teaType : null,
      dining_preference: input.type === "table" ? input.diningPreference : null,
      status: "waiting",
      client_key: clientKey,
      leave_token_hash: leave.hash,
      offer_token_hash: null,
      booking_id: null,
      offer_time: null,
      offered_at: null,
      offer_expires_at: null,
      created_at: stamp,
      updated_at: stamp,
    });
    const position = positionOf((await listEntriesOnDate(tx, input.date)).map(queued), row.id) ?? 1;
    await enqueueMail(tx, waitlistJoined(mailEntry(row), position, contacts, leave.token), stamp);
    return { row, position };
  });
  ctx.logger.info({ event: "waitlist-join", type: row.type, date: row.date }, "joined the waiting list");
  return { reference: row.reference, position };
}

/** An entry as staff (and the R39 export) see it; `position` its place in line, null when not waiting. */
export const toWaitlistEntry = (r: WaitlistEntryRow, position: number | null): WaitlistEntry => ({
  id: r.id,
  reference: r.reference,
  type: r.type as WaitlistType,
  date: r.date,
  times: timesOf(r),
  guests: r.guests,
  name: r.name,
  email: r.email,
  phone: r.phone,
  status: r.status as WaitlistStatus,
  offeredAt: r.offered_at,
  offerExpiresAt: r.offer_expires_at,
  offerTime: r.offer_time,
  position,
});

/** GET /api/waitlist?date= (staff): the day's entries in join order, with their places in line. */
export async function listWaitlist(ctx: AppContext, date: string): Promise<WaitlistEntry[]> {
  const rows = await listEntriesOnDate(ctx.db, date);
  const all = rows.map(queued);
  return inJoinOrder(rows.map((r) => ({ ...r, createdAt: r.created_at }))).map((r) => toWaitlistEntry(r, positionOf(all, r.id)));
}

export interface OfferContext {
  settings: Settings;
  room: Room;
  contacts: TearoomContacts;
  amountFor: (row: WaitlistEntryRow) => number | null;
}

async function offerContext(ctx: AppContext): Promise<OfferContext> {
  const settings = await getSettingsMap(ctx);
  const items = await getPricingItemsCached(ctx);
  return {
    settings,
    room: await getRoom(ctx, settings),
    contacts: await tearoomContacts(ctx),
    amountFor: (row) => (row.type === "afternoonTea" ? quoteAfternoonTea(items, (row.tea_type ?? "traditional") as "traditional", row.guests) : null),
  };
}

/**
 * Holds the seats for `row` at `time` as a `held` booking until the offer lapses (decision 003:
 * availability counts it as any hold) and e-mails the guest the claim link. Inside the caller's
 * write transaction; returns the new stay so the caller's view of the day stays true.
 */
export async function makeOffer(
  ctx: AppContext,
  tx: DbOrTx,
  oc: OfferContext,
  row: WaitlistEntryRow,
  time: string,
  areaId: number | null,
  now: Date,
  // R53: a ticket offer's booking is of its sitting, priced by the event.
  sitting?: { id: number; minutes: number; amountPence: number; mail: Partial<WaitlistMailEntry> },
): Promise<Stay> {
  const stamp = now.toISOString();
  const minutes = parseSetting(withDefaults(oc.settings), "waitlist_offer_minutes");
  const expires = new Date(now.getTime() + minutes * 60_000).toISOString();
  const booking = await insertBooking(tx, {
    reference: newReference(),
    type: row.type,
    status: "held",
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time,
    guests: row.guests,
    tea_type: row.tea_type,
    dining_preference: row.dining_preference,
    hamper_type: null,
    dietary_requirements: null,
    garden_spot_id: null,
    include_wine: 0,
    special_requests: null,
    staff_notes: null,
    decline_reason: null,
    arrival: null,
    reminder_sent_at: null,
    erased_at: null,
    amount_pence: sitting ? sitting.amountPence : oc.amountFor(row),
    payment_reference: null,
    hold_expires_at: expires,
    source: "public",
    created_at: stamp,
    updated_at: stamp,
    client_key: row.client_key,
    area_id: areaId,
    stay_minutes: sitting?.minutes ?? null,
    table_label: null,
    card_customer_id: null,
    card_payment_method_id: null,
    // R55: the database links the guest as it stores the row (migration 028).
    guest_id: null,
    // Tea and tables (R52) have no sitting; a ticket offer (R53) holds tickets of its sitting.
    sitting_id: sitting?.id ?? null,
  });
  const offer = newManageToken();
  await updateEntry(tx, row.id, {
    status: "offered",
    booking_id: booking.id,
    offer_token_hash: offer.hash,
    offer_time: time,
    offered_at: stamp,
    offer_expires_at: expires,
    updated_at: stamp,
  });
  await enqueueMail(tx, waitlistOffered({ ...mailEntry(row), ...sitting?.mail }, time, expires, oc.contacts, offer.token), stamp);
  ctx.logger.info({ event: "waitlist-offer", type: row.type, date: row.date, time }, "seats held for a waiting-list guest");
  return { type: row.type as WaitlistType, time, guests: row.guests, status: "held", holdExpiresAt: expires, gardenSpotId: null, areaId, minutes: null };
}

/** Gives back the seats of an offer no longer wanted: its hold ends now unless it became a booking. */
async function releaseOffer(tx: DbOrTx, row: WaitlistEntryRow, now: Date): Promise<BookingRow | undefined> {
  if (row.booking_id === null) return undefined;
  const booking = await findBookingById(tx, row.booking_id);
  if (booking?.status === "held" && booking.payment_reference === null) {
    return updateBooking(tx, booking.id, { status: "cancelled", updated_at: now.toISOString() });
  }
  return booking;
}

/**
 * Settles one day's offers and offers its free seats (R52), in one write transaction (BEGIN
 * IMMEDIATE; on PostgreSQL the write lock), so two passes, here or on another instance, never
 * offer one seat twice: expired offers lapse (or count as claimed once their booking stands),
 * then the first fitting waiting entry is offered, again and again while seats remain.
 */
async function settleDay(ctx: AppContext, oc: OfferContext, date: string): Promise<number> {
  const now = ctx.now();
  return immediateTransaction(ctx.db, async (tx) => {
    let rows = await listEntriesOnDate(tx, date);
    let offered = 0;
    for (const row of rows) {
      if (row.status !== "offered") continue;
      const booking = row.booking_id === null ? undefined : await findBookingById(tx, row.booking_id);
      // A tea offer paid for (or a table offer made a request) is claimed.
      if (booking && (booking.status === "confirmed" || booking.status === "pending")) {
        Object.assign(row, await updateEntry(tx, row.id, { status: "claimed", updated_at: now.toISOString() }));
        continue;
      }
      if (row.offer_expires_at !== null && row.offer_expires_at <= now.toISOString()) {
        await releaseOffer(tx, row, now);
        Object.assign(row, await updateEntry(tx, row.id, { status: "lapsed", updated_at: now.toISOString() }));
      }
    }
    if (!rows.some((r) => r.status === "waiting")) return 0;
    // R53: entries for a sitting's tickets are offered the tickets freed; the rest wait for seats.
    offered += await offerSittingTickets(tx, rows, now, (row, s) =>
      makeOffer(ctx, tx, oc, row, s.time, s.areaId, now, { id: s.id, minutes: s.minutes, amountPence: s.amountPence, mail: { eventName: s.eventName } }),
    );
    rows = rows.filter((r) => r.sitting_id === null);
    const stays = await listDayStays(tx, date);
    const open = (type: WaitlistType) => slotPlan(oc.settings, type, date, now).open;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (;;) {
      const pick = firstFitting(rows.map(queued), open, (e, t) => fitAt(oc.room, stays, { type: e.type, date, guests: e.guests }, t, now).problem === null);
      if (!pick) return offered;
      const row = byId.get(pick.entry.id)!;
      const { areaId } = fitAt(oc.room, stays, row, pick.time, now);
      stays.push(await makeOffer(ctx, tx, oc, row, pick.time, areaId, now));
      row.status = "offered";
      offered++;
    }
  });
}

/**
 * The waiting list's pass (every minute, and soon after seats are freed): entries of past days
 * end; each day with entries has its lapsed offers settled and its free seats offered. With no
 * entry waiting it is one indexed read.
 */
export async function offerFreedSeats(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const today = londonNow(now).date;
  await endPastEntries(ctx.db, today, now.toISOString());
  const dates = await datesWithOpenEntries(ctx.db, today);
  if (dates.length === 0) return 0;
  const oc = await offerContext(ctx);
  let offered = 0;
  for (const date of dates) offered += await settleDay(ctx, oc, date);
  return offered;
}

const NUDGE = "waitlist-nudge";

/**
 * After a write that may have freed seats has committed: run the pass soon, off the request (one
 * at a time per server; the minute job catches anything a nudge misses).
 */
export function nudgeWaitlist(ctx: AppContext): void {
  if (ctx.cache.get(NUDGE)) return;
  ctx.cache.set(NUDGE, true);
  const task = offerFreedSeats(ctx)
    .catch((err: unknown) =>
      ctx.logger.warn({ event: "waitlist-pass-failed", err: err instanceof Error ? err.message : String(err) }, "waiting-list pass failed"),
    )
    .finally(() => {
      ctx.cache.delete(NUDGE);
      ctx.tasks.delete(task);
    });
  ctx.tasks.add(task);
}

/** POST /api/waitlist/{id}/offer (staff): hold seats at `time` for this entry now; 409 when they do not fit. */
export async function offerByStaff(ctx: AppContext, id: number, time: string): Promise<WaitlistEntry> {
  const oc = await offerContext(ctx);
  const now = ctx.now();
  const date = await immediateTransaction(ctx.db, async (tx) => {
    const row = await findEntryById(tx, id);
    if (!row) throw new NotFoundError(`Waiting-list entry ${id} not found`);
    if (!canMove(row.status as WaitlistStatus, "offered")) throw new ConflictError(`Entry ${row.reference} is ${row.status}: it cannot be offered seats.`);
    if (row.sitting_id !== null) throw new ConflictError(`Entry ${row.reference} waits for event tickets: they are offered as soon as they free.`);
    const plan = slotPlan(oc.settings, row.type as WaitlistType, row.date, now);
    if (!plan.open.includes(time)) throw new BadRequestError(`time: ${time} is not an open booking time on ${row.date}.`);
    const stays = await listDayStays(tx, row.date);
    const placed = fitAt(oc.room, stays, row, time, now);
    if (placed.problem) throw new ConflictError(placed.problem);
    await makeOffer(ctx, tx, oc, row, time, placed.areaId, now);
    return row.date;
  });
  return (await listWaitlist(ctx, date)).find((e) => e.id === id)!;
}

/** DELETE /api/waitlist/{id} (staff): the entry leaves the list; seats it was offered are given back. */
export async function removeEntry(ctx: AppContext, id: number): Promise<void> {
  const now = ctx.now();
  const freed = await immediateTransaction(ctx.db, async (tx) => {
    const row = await findEntryById(tx, id);
    if (!row) throw new NotFoundError(`Waiting-list entry ${id} not found`);
    if (!canMove(row.status as WaitlistStatus, "left")) return false;
    if (row.status === "offered") await releaseOffer(tx, row, now);
    await updateEntry(tx, id, { status: "left", updated_at: now.toISOString() });
    return row.status === "offered";
  });
  if (freed) nudgeWaitlist(ctx);
}

/** POST /api/waitlist/leave/{token}: the guest leaves; an offer they held goes to the next guest. */
export async function leaveWaitlist(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now();
  const freed = await immediateTransaction(ctx.db, async (tx) => {
    const row = await findEntryByLeaveHash(tx, sha256Hex(token));
    if (!row) throw new NotFoundError("This waiting-list link is not known. Please check the link in your e-mail.");
    if (!canMove(row.status as WaitlistStatus, "left")) return false;
    if (row.status === "offered") await releaseOffer(tx, row, now);
    await updateEntry(tx, row.id, { status: "left", updated_at: now.toISOString() });
    return row.status === "offered";
  });
  if (freed) nudgeWaitlist(ctx);
}

async function offerByToken(db: DbOrTx, token: string): Promise<{ row: WaitlistEntryRow; booking: BookingRow | undefined }> {
  const row = await findEntryByOfferHash(db, sha256Hex(token));
  if (!row) throw new NotFoundError("This offer link is not known. Please check the link in your e-mail.");
  return { row, booking: row.booking_id === null ? undefined : await findBookingById(db, row.booking_id) };
}

/** The offer's status as the guest should read it: claimed once its booking stands, lapsed once past its time. */
function offerStatus(row: WaitlistEntryRow, booking: BookingRow | undefined, now: Date): WaitlistStatus {
  if (booking && (booking.status === "confirmed" || booking.status === "pending")) return "claimed";
  if (row.status === "offered" && row.offer_expires_at !== null && row.offer_expires_at <= now.toISOString()) return "lapsed";
  return row.status as WaitlistStatus;
}

/** GET /api/waitlist/offers/{token}: the offer as its guest sees it. */
export async function viewOffer(ctx: AppContext, token: string): Promise<WaitlistOffer> {
  const { row, booking } = await offerByToken(ctx.db, token);
  return {
    reference: booking?.reference ?? row.reference,
    type: row.type as WaitlistType,
    date: row.date,
    time: row.offer_time ?? "",
    guests: row.guests,
    name: row.name,
    status: offerStatus(row, booking, ctx.now()),
    expiresAt: row.offer_expires_at ?? "",
    amountPence: booking?.amount_pence ?? null,
  };
}

export type ClaimAnswer = { kind: "tea"; clientSecret: string; amountPence: number } | { kind: "table"; reference: string; status: "pending" };

/**
 * POST /api/waitlist/offers/{token}/claim. A table offer becomes the pending request at once (the
 * guest e-mailed its receipt with the manage link); a tea offer starts the payment of the held
 * booking, which the normal payment confirm turns into the paid booking. 410 once lapsed.
 */
export async function claimOffer(ctx: AppContext, token: string): Promise<ClaimAnswer> {
  const now = ctx.now();
  const { row, booking } = await offerByToken(ctx.db, token);
  const status = offerStatus(row, booking, now);
  if (status !== "offered" || !booking || booking.status !== "held") {
    throw new GoneError(
      status === "claimed"
        ? "This offer has already been claimed."
        : "Sorry, this offer has lapsed and the seats have gone to the next guest on the waiting list.",
    );
  }
  // A ticket offer (R53) is paid for as a tea offer is: the held booking carries its price.
  if (row.type === "afternoonTea" || row.type === "event") {
    const answer = await startHeldTeaPayment(ctx, booking);
    return { kind: "tea", ...answer };
  }
  const contacts = await tearoomContacts(ctx);
  const made = await immediateTransaction(ctx.db, async (tx) => {
    const fresh = await findBookingById(tx, booking.id);
    // Lapsed or taken back between the read above and this write.
    if (fresh?.status !== "held" || (fresh.hold_expires_at ?? "") <= now.toISOString()) throw new GoneError("Sorry, this offer has lapsed.");
    const updated = (await updateBooking(tx, fresh.id, { status: "pending", hold_expires_at: null, updated_at: now.toISOString() }))!;
    await updateEntry(tx, row.id, { status: "claimed", updated_at: now.toISOString() });
    const link = await mintManageLink(ctx, tx, updated.id);
    await enqueueMail(tx, bookingRequestReceived(await toOneBooking(tx, updated), contacts, link), now.toISOString());
    return updated;
  });
  return { kind: "table", reference: made.reference, status: "pending" };
}
