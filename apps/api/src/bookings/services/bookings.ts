import {
  bookingWarnings,
  remainingByTime,
  roomTiming,
  visitMinutes,
  withDefaults,
  londonNow,
  occupiesSeats,
  type AdminBookingCreate,
  type AdminBookingUpdate,
  type Availability,
  type AvailabilityQuery,
  type Booking,
  type BookingAnswer,
  type BookingListQuery,
  type BookingRequest,
  type BookingType,
  type DiningPreference,
  type GardenSpot,
  type HamperType,
  type TeaType,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import {
  bookingCounts,
  bookingStats,
  countFromStatus,
  findBookingById,
  findBookingByPaymentReference,
  listBookings,
  listDayStays,
  listDayStaysForAvailability,
  transitionBookingByPaymentReference,
  updateBooking,
  type BookingStatsRow,
  raiseCalendarSequence,
} from "../data/bookings.js";
import type { BookingRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, WarningsError } from "../../errors.js";
import { bookingChanged } from "../../mail/messages/bookings.js";
import { enqueueMail } from "../../mail/outbox.js";
import type { VoucherClaim } from "../../vouchers/services/tea-voucher-claim.js";
import { getSettingsMap, invalidateSettings, settingsStampOf } from "./booking-settings.js";
import { guestMailing, settingsIn } from "./guest-mail.js";
import type { Actor } from "../../staff/services/audit.js";
import { auditBooking } from "./booking-audit.js";
import { mintManageLink } from "./manage-link.js";
import { newReference } from "./booking-reference.js";
import { SettingsChangedError, type BookingResult } from "./booking-write.js";
import { checkDate, checkSpot, checkTime } from "./booking-checks.js";
import { toBookings, toOneBooking } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import { bookingRefusal, countBooking } from "../../services/outcomes.js";
import { getPricingItemsCached, wineTotal } from "../../site/services/pricing.js";
import { slotPlan } from "./slot-plan.js";
import { areaAfter, getRoom, placeChange } from "./room.js";
import { tearoomContacts } from "../../site/services/site.js";
import { policyTerms } from "./booking-policies.js";
import { seatsFreed } from "./seats-freed.js";

export interface CreateBookingOptions {
  /** R14: `pending` for requests, `confirmed` for Secret Garden, staff and paid bookings; `held` while paying (R9). */
  status: "held" | "pending" | "confirmed";
  /** Staff bookings count against capacity but are never refused by it (R13). */
  source: "public" | "admin";
  /** When a `held` booking stops holding its seats. */
  holdExpiresAt?: string | Date;
  /** The payment provider's reference; unique, so one payment makes one booking (R8). */
  paymentReference?: string;
  amountPence?: number;
  /**
   * Who asks, for R23's limits on public holds and requests: `clientKey(req.ip)`
   * (client-key.ts). Without it only the per-e-mail hold limit applies.
   */
  clientKey?: string;
  /** R40: the member of staff making the booking, recorded in the same transaction. */
  actor?: Actor;
  /** R36: a gift voucher paying for this seat hold (reserved with it on the writer thread). */
  voucher?: VoucherClaim;
  /** R53: a ticket order's sitting: its tickets are counted in the write, and it sits in the sitting's area for its minutes. */
  sitting?: { id: number; areaId: number; minutes: number };
  /** R44: a walk-in's own stay in minutes, the area staff seat it in, its table; seated on arrival. */
  walkIn?: { stayMinutes?: number; areaId?: number; tableLabel?: string };
}

interface Draft {
  type: BookingType;
  date: string;
  time: string;
  guests: number;
  name: string;
  email: string;
  phone: string;
  teaType: TeaType | null;
  diningPreference: DiningPreference | null;
  hamperType: HamperType | null;
  dietaryRequirements: string | null;
  gardenSpotId: string | null;
  includeWine: boolean;
  specialRequests: string | null;
}

function toDraft(r: BookingRequest | AdminBookingCreate): Draft {
  const any = r as Partial<AdminBookingCreate> & Partial<{ dietaryRequirements: string; teaType: TeaType }>;
  return {
    type: r.type,
    date: r.date,
    time: r.time,
    guests: r.guests,
    name: r.name,
    email: r.email,
    phone: r.phone,
    teaType: any.teaType ?? null,
    diningPreference: any.diningPreference ?? null,
    hamperType: any.hamperType ?? null,
    dietaryRequirements: any.dietaryRequirements || null,
    // Garden fields belong to Secret Garden bookings only (a staff form may send them for any type).
    gardenSpotId: r.type === "secretGarden" ? (any.gardenSpotId ?? null) : null,
    includeWine: r.type === "secretGarden" ? (any.includeWine ?? false) : false,
    specialRequests: any.specialRequests || null,
  };
}

async function findSpot(ctx: AppContext, id: string | null): Promise<GardenSpot> {
  const spot = id ? (await listSpots(ctx)).find((s) => s.id === id) : undefined;
  if (!spot) throw new BadRequestError("gardenSpotId: Please select a date, time, and garden location.");
  return spot;
}

/**
 * Creates a booking with every rule of R11–R15. The date and slot rules are checked here; the
 * capacity check and the insert run on the writer thread inside BEGIN IMMEDIATE (grouped with
 * other bookings arriving at the same moment, bookings/services/booking-write-decision.ts), so concurrent
 * requests can never overfill a slot. Visitors over capacity get a ConflictError (409), visitors
 * over their own limits (R23: unpaid holds, requests a day) a TooManyRequestsError (429); staff
 * bookings go through and report `overCapacity`. With a payment reference the call is
 * idempotent: the booking already made for that payment is returned (R8). The request comes
 * parsed by the edge with the schema of its source. On PostgreSQL, a booking checked against
 * settings another instance has since changed is checked again with the settings as they are now
 * (decision 021).
 */
export async function createBooking(ctx: AppContext, parsed: BookingRequest | AdminBookingCreate, opts: CreateBookingOptions): Promise<BookingResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await storeBookingOnce(ctx, parsed, opts);
      countBooking(ctx, opts.source, opts.status, "created");
      return result;
    } catch (err) {
      if (!(err instanceof SettingsChangedError) || attempt === 3) {
        countBooking(ctx, opts.source, opts.status, bookingRefusal(err));
        throw err;
      }
      invalidateSettings(ctx);
    }
  }
}

async function storeBookingOnce(ctx: AppContext, parsed: BookingRequest | AdminBookingCreate, opts: CreateBookingOptions): Promise<BookingResult> {
  const d = toDraft(parsed);
  const now = ctx.now();
  const settings = await getSettingsMap(ctx);
  // A walk-in is at the door today: "no booking time left today" is no reason to turn it away.
  // R53: a sitting is its own time, on a day staff chose: its tickets and cut-off are its rules (the write's).
  if (!opts.walkIn && !opts.sitting) checkDate(settings, d, opts.source, now);
  if (opts.source === "public" && !opts.sitting) checkTime(settings, d, now);
  let spot: GardenSpot | null = null;
  let amountPence = opts.amountPence ?? null;
  if (d.type === "secretGarden") {
    spot = await findSpot(ctx, d.gardenSpotId);
    if (opts.source === "public") checkSpot(settings, spot, d, now);
    amountPence ??= await wineTotal(ctx, d.guests, d.includeWine);
  }
  const staff = opts.source === "admin" ? (parsed as AdminBookingCreate) : null;
  // R28: a staff booking e-mails the guest only when staff tick "Send confirmation".
  const notify = opts.status !== "held" && !opts.paymentReference && (staff ? staff.sendConfirmation : true);
  // R23: what a visitor may claim without paying is bounded; staff and Secret Garden bookings are not.
  // A Secret Garden booking is confirmed at once and paid on the day: it claims seats (and a
  // private spot) as freely as a request does, so it counts among an address's requests (R23).
  const limit = opts.source !== "public" ? null : opts.status === "held" ? "hold" : opts.status === "pending" || d.type === "secretGarden" ? "request" : null;
  const contacts = notify || limit ? await tearoomContacts(ctx) : null;
  const holdExpiresAt = opts.status === "held" ? new Date(opts.holdExpiresAt ?? now.getTime()).toISOString() : null;

  const stamp = now.toISOString();
  const values: Omit<BookingRow, "id" | "reference"> = {
    type: d.type,
    status: opts.status,
    name: d.name,
    email: d.email,
    phone: d.phone,
    date: d.date,
    time: d.time,
    guests: d.guests,
    tea_type: d.teaType,
    dining_preference: d.diningPreference,
    hamper_type: d.hamperType,
    dietary_requirements: d.dietaryRequirements,
    garden_spot_id: d.gardenSpotId,
    include_wine: d.includeWine ? 1 : 0,
    special_requests: d.specialRequests,
    staff_notes: staff?.staffNotes || null,
    table_label: (opts.walkIn ? opts.walkIn.tableLabel : staff?.tableLabel) || null,
    decline_reason: null,
    // R51: no change e-mailed yet; the first calendar file is SEQUENCE 0.
    calendar_sequence: 0,
    card_customer_id: null,
    card_payment_method_id: null,
    // R55: the database links the guest as it stores the row (migration 028).
    guest_id: null,
    arrival: opts.walkIn ? "arrived" : null,
    // A walk-in is here already: no reminder.
    reminder_sent_at: opts.walkIn ? stamp : null,
    erased_at: null,
    amount_pence: amountPence,
    payment_reference: opts.paymentReference ?? null,
    hold_expires_at: holdExpiresAt,
    source: opts.source,
    created_at: stamp,
    updated_at: stamp,
    client_key: opts.source === "public" ? (opts.clientKey ?? null) : null,
    area_id: opts.sitting?.areaId ?? null,
    stay_minutes: opts.sitting?.minutes ?? opts.walkIn?.stayMinutes ?? null,
    sitting_id: opts.sitting?.id ?? null,
  };

  return ctx.writer
    .writeBooking({
      row: values,
      timing: roomTiming(settings),
      spot,
      refuseOverCapacity: opts.source === "public",
      now: stamp,
      // Every confirmed booking's e-mail carries its calendar file (R28; the Secret Garden's too).
      notify:
        notify && contacts
          ? {
              contacts,
              staff: opts.source === "public",
              ...(opts.status === "confirmed" ? { calendarMinutes: visitMinutes(d.type, withDefaults(settings)) } : {}),
            }
          : null,
      clientLimit: limit && contacts ? { kind: limit, phone: contacts.phone } : null,
      warn: staff ? { accept: staff.acceptWarnings } : null,
      audit: opts.actor ? { actor: opts.actor } : null,
      voucher: opts.status === "held" ? (opts.voucher ?? null) : null,
      areaId: opts.walkIn?.areaId ?? null,
      walkIn: opts.walkIn !== undefined,
      settingsStamp: settingsStampOf(settings),
    })
    .catch((err: unknown) => {
      if (err instanceof TooManyRequestsError)
        ctx.logger.warn({ event: "client-limit", limit, type: d.type }, "visitor refused: too many unpaid holds or requests (R23)");
      throw err;
    });
}

/**
 * POST /api/bookings from the public site: requests are `pending`, Secret Garden bookings
 * `confirmed` (R14, R15). A filled honeypot (R5) gets an answer shaped like any other success (R27)
 * and nothing is stored. `data` is the body as BookingRequestSchema parsed it; `clientKey` says
 * who sent it: past an address's requests for the London day (R23, the domain's CLIENT_LIMITS)
 * the answer is a TooManyRequestsError (429).
 */
export async function requestBooking(ctx: AppContext, data: BookingRequest, clientKey: string): Promise<BookingAnswer> {
  const status = data.type === "secretGarden" ? "confirmed" : "pending";
  if (data.website) {
    ctx.logger.info({ event: "honeypot", form: "booking" }, "honeypot filled; nothing stored");
    return {
      reference: newReference(),
      status,
      amountPence: data.type === "secretGarden" ? await wineTotal(ctx, data.guests, data.includeWine ?? false) : null,
    };
  }
  const { booking } = await createBooking(ctx, data, { status, source: "public", clientKey });
  return { reference: booking.reference, status: booking.status, amountPence: booking.amountPence };
}

/**
 * Staff add-new dialog: confirmed at once. R29: a booking that breaks a rule (over capacity, a
 * closed day, outside the hours or booking times, a private spot taken, 18:00 with a standard
 * spot) is refused with a WarningsError listing each, unless `acceptWarnings`; the check runs on
 * the writer thread inside the insert's transaction. R28: the guest is e-mailed (with the ICS)
 * only when `sendConfirmation` (default on).
 */
export async function createAdminBooking(ctx: AppContext, input: AdminBookingCreate, actor?: Actor): Promise<BookingResult> {
  return createBooking(ctx, input, { status: "confirmed", source: "admin", ...(actor ? { actor } : {}) });
}

/**
 * Staff edit dialog: contact details, date, time, guests, staff notes (R30) and the table (issue 31). A change of date,
 * time or guests is checked against R29's warnings in the same BEGIN IMMEDIATE as the update
 * (refused with a WarningsError unless `acceptWarnings`) and e-mailed to the guest unless
 * `notifyGuest` is false (R28). Cancelled and declined bookings cannot be changed (409).
 */
export async function updateAdminBooking(ctx: AppContext, id: number, data: AdminBookingUpdate, actor?: Actor): Promise<BookingResult> {
  const now = ctx.now();
  const guest = await guestMailing(ctx);
  // Read before the transaction: inside it, the one connection is the transaction's.
  const spots = await listSpots(ctx);
  const items = await getPricingItemsCached(ctx);
  const room = await getRoom(ctx, await getSettingsMap(ctx));
  const terms = await policyTerms(ctx);
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const row = await findBookingById(tx, id);
    if (!row) throw new NotFoundError(`Booking ${id} not found`);
    if (row.status === "cancelled" || row.status === "declined")
      throw new ConflictError(`Booking ${row.reference} was ${row.status} and can no longer be changed.`);
    const type = row.type as BookingType;
    const settings = await settingsIn(tx);
    if (data.date !== row.date || data.time !== row.time) checkDate(settings, { type, date: data.date }, "admin", now);
    const moved = data.date !== row.date || data.time !== row.time || data.guests !== row.guests;
    const spot = type === "secretGarden" && row.garden_spot_id ? (spots.find((s) => s.id === row.garden_spot_id) ?? null) : null;
    const claim = {
      type,
      date: data.date,
      time: data.time,
      guests: data.guests,
      minutes: row.stay_minutes,
      gardenSpotId: row.garden_spot_id,
      preferredAreaId: row.area_id,
    };
    const others = await listDayStays(tx, data.date, id);
    const placed = await placeChange(tx, room, row, data, now);
    // Only what the edit changes is warned about: renaming a guest in a full slot is no news.
    const warnings = moved ? bookingWarnings({ settings, claim, others, spot, room, now }) : [];
    if (warnings.length > 0 && !data.acceptWarnings) throw new WarningsError(warnings);
    const updated = await updateBooking(tx, id, {
      name: data.name,
      email: data.email,
      phone: data.phone,
      date: data.date,
      time: data.time,
      guests: data.guests,
      area_id: moved ? areaAfter(row, placed) : row.area_id,
      ...(data.staffNotes !== undefined ? { staff_notes: data.staffNotes || null } : {}),
      ...(data.tableLabel !== undefined ? { table_label: data.tableLabel || null } : {}),
      // A moved visit gets its reminder for the new date (R38).
      ...(moved ? { reminder_sent_at: null } : {}),
      updated_at: now.toISOString(),
    });
    if (actor) await auditBooking(tx, { at: now.toISOString(), actor, action: "booking.update", before: row, after: updated! });
    const booking = await toOneBooking(tx, updated!, items, now);
    if (moved && data.notifyGuest && (booking.status === "pending" || booking.status === "confirmed")) {
      // R51: the e-mailed calendar file replaces the one sent before, so its SEQUENCE rises with it.
      const sequence = await raiseCalendarSequence(tx, id);
      const invite = { ...guest.invite(settings, now, type), sequence };
      await enqueueMail(tx, terms(booking, bookingChanged(booking, guest.contacts, spot?.name, invite, await mintManageLink(ctx, tx, id))));
    }
    return { booking, overCapacity: placed.problem !== null, warnings };
  });
  // Fewer guests, or another time or day, may have freed seats (R52).
  seatsFreed(ctx);
  return result;
}

export type BookingStats = BookingStatsRow;

export interface BookingList {
  items: Booking[];
  total: number;
  page: number;
  pageSize: number;
  stats: BookingStats;
}

/** Admin reservations: filtered, paginated; cancelled ones only when asked (R14). */
export async function listBookingsForAdmin(ctx: AppContext, q: BookingListQuery): Promise<BookingList> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const filters = { search: q.search, type: q.type, date: q.date, status: q.status, includeCancelled: q.includeCancelled, nowIso };
  const counts = await bookingCounts(ctx.db, nowIso);
  const { rows, total } = await listBookings(ctx.db, filters, q.page, q.pageSize, countFromStatus(counts, filters));
  const stats = await bookingStats(ctx.db, londonNow(now).date, nowIso, counts);
  return { items: await toBookings(ctx.db, rows, await getPricingItemsCached(ctx), ctx.now()), total, page: q.page, pageSize: q.pageSize, stats };
}

/**
 * R8/R9: a paid hold becomes a confirmed booking (R47: or the pending request, `to`), once. Idempotent: a booking already confirmed
 * is returned as it is. A hold that lapsed (or was released) is confirmed only if its seats are
 * still free; otherwise a ConflictError tells the caller to refund.
 */
export async function confirmHeldBooking(ctx: AppContext, paymentReference: string, to: "confirmed" | "pending" = "confirmed"): Promise<Booking> {
  const now = ctx.now();
  const room = await getRoom(ctx, await getSettingsMap(ctx));
  return immediateTransaction(ctx.db, async (tx) => {
    const row = await findBookingByPaymentReference(tx, paymentReference);
    if (!row) throw new NotFoundError(`No booking for payment ${paymentReference}`);
    if (row.status === to) return toOneBooking(tx, row);
    const holding = row.status === "held" && occupiesSeats({ status: "held", holdExpiresAt: row.hold_expires_at }, now);
    let areaId = row.area_id;
    if (!holding) {
      const placed = await placeChange(tx, room, row, row, now);
      if (placed.problem) throw new ConflictError(`The seats held for booking ${row.reference} are no longer free: ${placed.problem}`);
      areaId = placed.areaId;
    }
    // R47: a request whose card or deposit is in becomes the pending request it would have been.
    const from = to === "confirmed" ? ["held", "pending", "cancelled"] : ["held", "cancelled"];
    const updated = await transitionBookingByPaymentReference(tx, paymentReference, from, {
      status: to,
      hold_expires_at: null,
      area_id: areaId,
      updated_at: now.toISOString(),
    });
    return toOneBooking(tx, updated ?? row);
  });
}

/** R9: frees held seats (payment failed or abandoned). Only a `held` booking changes; returns the booking, or null if none. */
export async function releaseHold(ctx: AppContext, paymentReference: string): Promise<Booking | null> {
  const moved = await transitionBookingByPaymentReference(ctx.db, paymentReference, ["held"], { status: "cancelled", updated_at: ctx.now().toISOString() });
  if (moved) {
    seatsFreed(ctx);
    return toOneBooking(ctx.db, moved);
  }
  const row = await findBookingByPaymentReference(ctx.db, paymentReference);
  return row ? toOneBooking(ctx.db, row) : null;
}

/**
 * GET /api/availability: per slot, the most guests of the type that still fit (R44: the best
 * area's room for the whole stay, within pacing). Full slots are listed with 0. For the Secret
 * Garden, places at one spot (private spots: all or nothing, 18:00 private only), or the sum over
 * every spot when none is given.
 */
export async function getAvailability(ctx: AppContext, q: AvailabilityQuery): Promise<Availability> {
  const settings = await getSettingsMap(ctx);
  const now = ctx.now();
  const plan = slotPlan(settings, q.type, q.date, now);
  const bookable = plan.refusal === null;
  if (plan.open.length === 0) return { type: q.type, date: q.date, bookable, slots: [] };
  let spots: GardenSpot[] = [];
  if (q.type === "secretGarden") {
    spots = await listSpots(ctx);
    if (q.gardenSpotId) {
      const spot = spots.find((s) => s.id === q.gardenSpotId);
      if (!spot) throw new BadRequestError("gardenSpotId: Please select a date, time, and garden location.");
      spots = [spot];
    }
  }
  const [stays, room] = await Promise.all([listDayStaysForAvailability(ctx.db, q.date), getRoom(ctx, settings)]);
  if (q.type !== "secretGarden") {
    return { type: q.type, date: q.date, bookable, slots: remainingByTime(room, stays, q.type, plan.open, now) };
  }
  // A spot that is not open, or a standard spot at a private-only time, has no places.
  const perSpot = spots.map((spot) =>
    remainingByTime(room, stays, "secretGarden", plan.open, now, spot.id).map(({ time, remaining }) =>
      !spot.isAvailable || (plan.privateOnly.includes(time) && !spot.isPrivate) ? 0 : remaining,
    ),
  );
  return { type: q.type, date: q.date, bookable, slots: plan.open.map((time, i) => ({ time, remaining: perSpot.reduce((n, left) => n + left[i]!, 0) })) };
}
