import {
  BOOKING_MESSAGES,
  fewerGuestsReturn,
  GUEST_LIMITS,
  guestManageRules,
  ManageTokenSchema,
  parseSetting,
  PricingError,
  quoteAfternoonTea,
  visitMinutes,
  withDefaults,
  type BookingType,
  type GuestChange,
  type GuestChangeAnswer,
  type GuestChangePreview,
  type ManagedBooking,
} from "@tearoom/domain";
import { seatsFreed } from "./seats-freed.js";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { findBookingById, raiseCalendarSequence, updateBooking } from "../data/bookings.js";
import { getRoom, placeChange } from "./room.js";
import { findBookingByManageLink } from "../data/manage-links.js";
import type { BookingRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { guestCancelled, guestChanged, staffGuestManaged } from "../../mail/messages/manage.js";
import { enqueueMail } from "../../mail/outbox.js";
import { sha256Hex } from "../../sha256.js";
import { getSettingsMap } from "./booking-settings.js";
import { toBooking } from "../data/booking-row.js";
import { checkDate, checkSpot, checkTime } from "./booking-checks.js";
import { getBooking, toOneBooking } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import { mintManageLink } from "./manage-link.js";
import { refundBooking } from "../../payments/services/refunds.js";
import { tearoomContacts } from "../../site/services/site.js";
import { addedGuestsPence, dropOpenTeaChange, startTeaChange } from "./tea-change.js";
import { getPricingItemsCached, wineTotal } from "../../site/services/pricing.js";
import { giveVoucherPartBack, giveVoucherShareBack, voucherPartOf } from "../../vouchers/services/tea-vouchers.js";
import { voucherGivenBack } from "../../vouchers/services/booking-vouchers.js";

export const LINK_NOT_VALID = "This link is not valid. Please use the link in your most recent e-mail from us, or call us.";

async function findManaged(db: DbOrTx, token: string): Promise<BookingRow> {
  const row = ManageTokenSchema.safeParse(token).success ? await findBookingByManageLink(db, sha256Hex(token)) : undefined;
  if (!row) throw new NotFoundError(LINK_NOT_VALID);
  return row;
}

/** A paid afternoon tea: its money goes back through the payment provider (R34). */
/** Paid online: an afternoon tea, or (R47) a deposit, whose payment the booking names. */
const isPaid = (row: BookingRow) => row.payment_reference !== null && ((row.amount_pence ?? 0) > 0 || row.type !== "afternoonTea");

/** An afternoon tea the guest paid for online (by card, gift voucher or both), as every public one is (R3, R36). */
const paidOnline = (row: BookingRow) => row.type === "afternoonTea" && row.source === "public" && (row.amount_pence ?? 0) > 0;

async function rulesFor(ctx: AppContext, row: BookingRow) {
  const hours = parseSetting(withDefaults(await getSettingsMap(ctx)), "guest_cancellation_hours");
  const rules = guestManageRules(
    { status: row.status as ManagedBooking["status"], date: row.date, time: row.time, arrival: row.arrival as ManagedBooking["arrival"] },
    hours,
    ctx.now(),
  );
  // R53: tickets are for their sitting: cancelled online, never moved.
  return row.type === "event" ? { ...rules, canChange: false } : rules;
}

async function view(ctx: AppContext, row: BookingRow): Promise<ManagedBooking> {
  const [rules, contacts, spots] = await Promise.all([rulesFor(ctx, row), tearoomContacts(ctx), listSpots(ctx)]);
  const b = toBooking(row, false);
  // The card's refunds and the voucher's part, as staff see them (R51: a cancelled booking shows both).
  const { payment, voucher } = await toOneBooking(ctx.db, row);
  return {
    reference: b.reference,
    type: b.type,
    status: b.status,
    arrival: b.arrival,
    name: b.name,
    date: b.date,
    time: b.time,
    guests: b.guests,
    teaType: b.teaType,
    diningPreference: b.diningPreference,
    hamperType: b.hamperType,
    gardenSpotId: b.gardenSpotId,
    gardenSpotName: spots.find((s) => s.id === b.gardenSpotId)?.name ?? null,
    includeWine: b.includeWine,
    paidPence: paidOnline(row) ? row.amount_pence : null,
    refundedPence: payment?.refundedPence ?? 0,
    voucher: voucher ?? null,
    ...rules,
    phone: contacts.phone,
  };
}

/** GET /api/manage/{token}: the booking as its guest may see it (R37). */
export async function viewManagedBooking(ctx: AppContext, token: string): Promise<ManagedBooking> {
  return view(ctx, await findManaged(ctx.db, token));
}

const tooLate = (phone: string) => `This booking can no longer be changed or cancelled online. Please call us on ${phone}.`;

/**
 * POST /api/manage/{token}/cancel: the guest cancels (a request: withdraws) until the cut-off (R37).
 * Staff and the guest are e-mailed in the same transaction.
 */
export async function cancelByGuest(ctx: AppContext, token: string): Promise<{ status: "cancelled"; refundedPence: number }> {
  const contacts = await tearoomContacts(ctx);
  const row = await findManaged(ctx.db, token);
  const rules = await rulesFor(ctx, row);
  if (!rules.canCancel) throw new ConflictError(tooLate(contacts.phone));
  // R47: a deposit goes back in full before the cut-off; a request withdrawn after it keeps it.
  const beforeCutoff = rules.cutoffAt !== null && ctx.now().toISOString() < rules.cutoffAt;
  // A payment for added guests still open can no longer be paid once the booking is gone.
  await dropOpenTeaChange(ctx, row.id);
  // R37: a paid tea goes back to the card first, through the provider (R34); a refused refund cancels nothing.
  // R51: the cancel e-mail below tells of the refund; it sends none of its own.
  const refundedPence =
    isPaid(row) && (row.type === "afternoonTea" || beforeCutoff) ? await refundAllLeft(ctx, row.id, "Cancelled by the guest online", undefined, false) : 0;
  const minutes = visitMinutes(row.type as BookingType, withDefaults(await getSettingsMap(ctx)));
  await immediateTransaction(ctx.db, async (tx) => {
    const fresh = (await findBookingById(tx, row.id))!;
    if (fresh.status !== "pending" && fresh.status !== "confirmed") throw new ConflictError(tooLate(contacts.phone));
    const before = toBooking(fresh, false);
    await updateBooking(tx, row.id, { status: "cancelled", updated_at: ctx.now().toISOString() });
    // R36: what a gift voucher paid goes back to the voucher (the card part was refunded above).
    await giveVoucherPartBack(tx, fresh.reference, GUEST_ACTOR, "cancelled by the guest", ctx.now());
    // R51: the cancelling calendar entry outranks every file sent before it.
    const invite = { minutes, now: ctx.now(), sequence: await raiseCalendarSequence(tx, row.id) };
    const money = { cardPence: refundedPence, testPayment: (await toOneBooking(tx, fresh)).testPayment, voucher: await voucherGivenBack(tx, fresh) };
    await enqueueMail(tx, guestCancelled(before, contacts, money, invite));
    await enqueueMail(tx, staffGuestManaged(before, contacts, before.status === "pending" ? "withdrew" : "cancelled"));
  });
  ctx.logger.info({ event: "guest-cancelled", bookingId: row.id }, "guest cancelled from the manage link");
  seatsFreed(ctx);
  return { status: "cancelled", refundedPence };
}

/** Refunds what is still refundable on a booking's payment, as the guest (R37); 0 when nothing is left. */
async function refundAllLeft(ctx: AppContext, bookingId: number, reason: string, amountPence?: number, mailGuest = true): Promise<number> {
  try {
    // A share (fewer guests) leaves the voucher part to the change, which gives back only its share.
    const share = amountPence !== undefined ? { amountPence, restoreVoucher: false } : {};
    return (await refundBooking(ctx, bookingId, { ...share, reason, actor: GUEST_ACTOR, mailGuest })).amountPence;
  } catch (err) {
    // Already refunded in full (by staff, say): nothing is owed.
    if (err instanceof ConflictError) return 0;
    throw err;
  }
}

/**
 * What goes back when a guest paid online brings fewer guests (domain `fewerGuestsReturn`): card
 * pence to refund, and what the voucher gets back in its own unit. Read before the change.
 */
async function fewerGuestsShare(ctx: AppContext, row: BookingRow, newGuests: number) {
  const unitPence = Math.round((row.amount_pence ?? 0) / row.guests);
  const payment = (await getBooking(ctx, row.id)).payment;
  const voucher = await voucherPartOf(ctx.db, row.reference);
  let traditionalPence = unitPence;
  try {
    traditionalPence = quoteAfternoonTea(await getPricingItemsCached(ctx), "traditional", 1);
  } catch (err) {
    if (!(err instanceof PricingError)) throw err;
  }
  const cardLeftPence = payment ? payment.paidPence - payment.refundedPence : 0;
  return { unitPence, voucher, ...fewerGuestsReturn({ unitPence, traditionalPence, newGuests, cardLeftPence, voucher }) };
}

/** How refunds and the record name a change the guest made from their link. */
export const GUEST_ACTOR = "guest (manage link)";

/**
 * The change a guest asks for, checked against every rule a visitor books by (R11–R15, R37); a
 * broken one is a conflict with the booking that exists (409), a party too large a 400.
 */
async function checkedChange(ctx: AppContext, row: BookingRow, change: GuestChange, phone: string) {
  if (!(await rulesFor(ctx, row)).canChange) throw new ConflictError(tooLate(phone));
  // R53: tickets are for their sitting: a guest may cancel them (refunded before the cut-off), not move them.
  if (row.type === "event") throw new ConflictError(`Event tickets cannot be changed online. You can cancel them, or call us on ${phone}.`);
  const type = row.type as Exclude<BookingType, "event">;
  const next = { type, date: change.date ?? row.date, time: change.time ?? row.time, guests: change.guests ?? row.guests };
  if (next.guests > GUEST_LIMITS[type].max)
    throw new BadRequestError(
      `guests: ${type === "table" ? BOOKING_MESSAGES.tableGuests : `Up to ${GUEST_LIMITS[type].max} guests can book online. For more, please call us on ${phone}.`}`,
    );
  const settings = await getSettingsMap(ctx);
  const room = await getRoom(ctx, settings);
  const now = ctx.now();
  const spot = type === "secretGarden" ? ((await listSpots(ctx)).find((s) => s.id === row.garden_spot_id) ?? null) : null;
  try {
    checkDate(settings, next, "public", now);
    checkTime(settings, next, now);
    if (spot) checkSpot(settings, spot, next, now);
  } catch (err) {
    throw err instanceof BadRequestError ? new ConflictError(err.message) : err;
  }
  return { type, next, settings, room, now };
}

/**
 * POST /api/manage/{token}/preview (R51): what saving `change` would do to the money, before it is
 * saved: the same checks as the change (409 with the reason when it could not be made), and the
 * same sums as its refund (`fewerGuestsShare`) and its payment for added guests (`addedGuestsPence`).
 * Nothing is written.
 */
export async function previewGuestChange(ctx: AppContext, token: string, change: GuestChange): Promise<GuestChangePreview> {
  const contacts = await tearoomContacts(ctx);
  const row = await findManaged(ctx.db, token);
  const { next, room, now } = await checkedChange(ctx, row, change, contacts.phone);
  const { problem } = await placeChange(ctx.db, room, row, next, now);
  if (problem) throw new ConflictError(problem);
  const { testPayment, voucher } = await toOneBooking(ctx.db, row);
  const base = { date: next.date, time: next.time, guests: next.guests, cardBackPence: 0, voucherBack: null, toPayPence: 0, testPayment };
  if (!paidOnline(row) || next.guests === row.guests) return base;
  if (next.guests > row.guests) return { ...base, toPayPence: await addedGuestsPence(ctx, row, next.guests, contacts.phone) };
  const fewer = await fewerGuestsShare(ctx, row, next.guests);
  const back = fewer.voucher && fewer.voucherBack > 0 && voucher ? fewer.voucherBack : 0;
  return {
    ...base,
    cardBackPence: fewer.cardPence,
    voucherBack: back > 0 ? { code: voucher!.code, ...(fewer.voucher!.voucherType === "afternoonTea" ? { people: back } : { amountPence: back }) } : null,
  };
}

/**
 * PATCH /api/manage/{token}: a new date, time or number of guests within every rule a visitor books
 * by (R11–R15, R37); over capacity or a broken rule answers why, and nothing changes.
 */
export async function changeByGuest(ctx: AppContext, token: string, change: GuestChange): Promise<GuestChangeAnswer> {
  const contacts = await tearoomContacts(ctx);
  const row = await findManaged(ctx.db, token);
  const { type, next, settings, room, now } = await checkedChange(ctx, row, change, contacts.phone);
  // R37: more guests on a tea paid online are paid for by card first; the change is made when
  // that payment succeeds (bookings/services/tea-change.ts). The room is checked now, and again then.
  if (paidOnline(row) && next.guests > row.guests) {
    const { problem } = await placeChange(ctx.db, room, row, next, now);
    if (problem) throw new ConflictError(problem);
    return startTeaChange(ctx, row, next, contacts.phone);
  }
  // An earlier change still waiting for its payment is replaced by this one.
  if (paidOnline(row)) await dropOpenTeaChange(ctx, row.id);
  // R37: fewer guests on a tea paid online get back what the smaller party would not have cost.
  const fewer = paidOnline(row) && next.guests < row.guests ? await fewerGuestsShare(ctx, row, next.guests) : null;
  const amountPence =
    type === "secretGarden" ? await wineTotal(ctx, next.guests, row.include_wine === 1) : fewer ? fewer.unitPence * next.guests : row.amount_pence;

  const updated = await immediateTransaction(ctx.db, async (tx) => {
    const fresh = (await findBookingById(tx, row.id))!;
    if (fresh.status !== "pending" && fresh.status !== "confirmed") throw new ConflictError(tooLate(contacts.phone));
    const placed = await placeChange(tx, room, fresh, next, now);
    if (placed.problem) throw new ConflictError(placed.problem);
    const saved = (await updateBooking(tx, row.id, {
      date: next.date,
      time: next.time,
      guests: next.guests,
      area_id: placed.areaId,
      amount_pence: amountPence,
      reminder_sent_at: null,
      updated_at: now.toISOString(),
    }))!;
    if (fewer?.voucher && fewer.voucherBack > 0) {
      await giveVoucherShareBack(tx, fewer.voucher, fewer.voucherBack, row.reference, GUEST_ACTOR, `(${row.guests - next.guests} guests fewer)`, now);
    }
    const booking = toBooking(saved, false);
    const link = await mintManageLink(ctx, tx, row.id);
    const sequence = await raiseCalendarSequence(tx, row.id); // R51: the new file replaces the old
    await enqueueMail(tx, guestChanged(booking, contacts, link, visitMinutes(type, withDefaults(settings)), now, 0, sequence));
    await enqueueMail(tx, staffGuestManaged(booking, contacts, "changed", { date: row.date, time: row.time, guests: row.guests }));
    return saved;
  });
  if (fewer && fewer.cardPence > 0) {
    // The change stands even if the provider fails to refund (staff see the balance).
    await refundAllLeft(ctx, row.id, `The guest reduced the party from ${row.guests} to ${next.guests} online`, fewer.cardPence).catch((err: unknown) =>
      ctx.logger.error(
        { event: "guest-change-refund-failed", bookingId: row.id, err: err instanceof Error ? err.message : String(err) },
        "refund for fewer guests failed; staff see the balance",
      ),
    );
  }
  ctx.logger.info({ event: "guest-changed", bookingId: row.id }, "guest changed their booking from the manage link");
  return view(ctx, updated);
}
