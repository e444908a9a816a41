import {
  formatLongDate,
  formatTime12h,
  overlapsClosure,
  KNOWN_SETTINGS,
  londonNow,
  parseSetting,
  refundablePence,
  visitMinutes,
  withDefaults,
  type Booking,
  type ClosedDates,
  datesBetween,
  type CloseDatesInput,
  type ClosurePreview,
  type ClosureRangePreview,
  type ClosureRangeQuery,
  type ClosureRefundFailure,
  type ClosureResult,
  type AreaClosure,
  type AreaClosurePreview,
  type AreaClosureQuery,
  type BookingStatus,
  type BookingType,
  type CloseAreaInput,
  type Room,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { AreaClosureRow, BookingRow } from "../../db/schema.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { listBookingSettings, upsertBookingSetting } from "../data/booking-settings.js";
import { bookingsWrittenElsewhere, listStandingBetween, listStandingOnDate, raiseCalendarSequence, updateBooking } from "../data/bookings.js";
import { deleteAreaClosure, findArea, findAreaClosure, insertAreaClosure, listAreaClosuresFrom, toArea } from "../data/areas.js";
import { getRoom } from "./room.js";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { bookingCancelledByClosure } from "../../mail/messages/closures.js";
import { getSettingsMap, invalidateSettings } from "./booking-settings.js";
import { settingsIn } from "./guest-mail.js";
import { toBookings } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import { tearoomContacts } from "../../site/services/site.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { refundBooking } from "../../payments/services/refunds.js";
import { giveVoucherPartBack, keepVoucherPartUsed } from "../../vouchers/services/tea-vouchers.js";
import { voucherGivenBack } from "../../vouchers/services/booking-vouchers.js";

// Closures (R32) are the `closed_dates` booking setting: closing a date adds it, reopening takes
// it out. The setting and any cancellations change in one BEGIN IMMEDIATE transaction, with the
// guests' e-mails written to the outbox in it, so a refusal or a crash leaves nothing half-done.
// Refunds (R34) are the exception: the provider cannot be asked inside a transaction, so paid
// bookings are refunded first, each on its own as a staff refund is, and the transaction then
// cancels only the bookings with nothing left to refund.

/** The closed dates as the settings in `db` say (stored value, or the default when none is stored). */
async function closedDatesIn(db: DbOrTx): Promise<string[]> {
  const rows = await listBookingSettings(db);
  const stored = Object.fromEntries(rows.map((r) => [r.setting_key, r.setting_value]));
  return [...parseSetting(withDefaults(stored), "closed_dates")];
}

/** Writes the closed dates back: sorted, "none" for an empty list (a setting is never blank). */
async function storeClosedDates(db: DbOrTx, dates: string[], nowIso: string): Promise<void> {
  await upsertBookingSetting(db, {
    setting_key: "closed_dates",
    setting_value: dates.length ? [...dates].sort().join(",") : "none",
    description: KNOWN_SETTINGS.closed_dates.description,
    updated_at: nowIso,
  });
}

/** GET /api/closures: the closed dates from today (London) on, for the calendar. */
export async function listClosedDates(ctx: AppContext): Promise<ClosedDates> {
  const today = londonNow(ctx.now()).date;
  const dates = parseSetting(withDefaults(await getSettingsMap(ctx)), "closed_dates");
  const areas = (await listAreaClosuresFrom(ctx.db, today)).map((row) => toAreaClosure(row, row.area_name));
  return { dates: dates.filter((d) => d >= today).sort(), areas };
}

/** What staff see before closing (or reopening) a date (`day`, as DaySheetQuerySchema parsed it): whether it is closed and the bookings that stand on it. */
export async function previewClosure(ctx: AppContext, day: string): Promise<ClosurePreview> {
  const closed = parseSetting(withDefaults(await getSettingsMap(ctx)), "closed_dates").includes(day);
  const rows = await listStandingOnDate(ctx.db, day, ctx.now().toISOString());
  return { date: day, closed, bookings: await toBookings(ctx.db, rows) };
}

/**
 * R45: before closing a range of dates (`from` ≤ `to`, as ClosureRangeQuerySchema checked them):
 * which of its dates are closed already (closing the range leaves them as they are), and the
 * bookings standing on the others, the ones closing it would affect.
 */
export async function previewClosureRange(ctx: AppContext, { from, to }: ClosureRangeQuery): Promise<ClosureRangePreview> {
  const days = datesBetween(from, to);
  const closed = parseSetting(withDefaults(await getSettingsMap(ctx)), "closed_dates");
  const closedDates = days.filter((d) => closed.includes(d));
  const rows = (await listStandingBetween(ctx.db, from, to, ctx.now().toISOString())).filter((r) => !closedDates.includes(r.date));
  return { from, to, days: days.length, closedDates, bookings: await toBookings(ctx.db, rows) };
}

/** The bookings standing on `dates` (sorted yyyy-MM-dd), in date and time order: one index range of the dates, not a read per date. */
async function standingOn(db: DbOrTx, dates: readonly string[], nowIso: string): Promise<BookingRow[]> {
  if (dates.length === 1) return listStandingOnDate(db, dates[0]!, nowIso);
  const wanted = new Set(dates);
  return (await listStandingBetween(db, dates[0]!, dates.at(-1)!, nowIso)).filter((r) => wanted.has(r.date));
}

const cancellable = (row: BookingRow) => row.status === "pending" || row.status === "confirmed";
const leftToRefund = (b: Booking) => (b.payment ? refundablePence(b.payment.paidPence, b.payment.refundedPence) : 0);

/** What the refunds made before a closure's transaction left behind, by booking id. */
interface ClosureRefunds {
  /** The provider's refusals: those bookings are left standing. */
  refused: Map<number, string>;
  /** What went back to each card, in pence, for the guest's one cancel e-mail (R51). */
  refunded: Map<number, number>;
}
const noRefunds = (): ClosureRefunds => ({ refused: new Map(), refunded: new Map() });

/**
 * R34 for a closure: refunds all that is left of each paid booking of `rows` that the closure would
 * cancel, through the provider. Answers the provider's refusals by booking id; those bookings are
 * then left standing, and nothing about them is lost. With `toldByCancel` the refunds send no
 * e-mail of their own: the cancel e-mail says where the money goes (R51).
 */
async function refundPaidBookings(
  ctx: AppContext,
  rows: readonly BookingRow[],
  actor: Actor,
  { restoreVoucher, toldByCancel }: { restoreVoucher: boolean; toldByCancel: boolean },
  why: (b: Booking) => string,
): Promise<ClosureRefunds> {
  const { refused, refunded } = noRefunds();
  for (const booking of await toBookings(ctx.db, rows.filter(cancellable))) {
    if (leftToRefund(booking) === 0) continue;
    try {
      const made = await refundBooking(ctx, booking.id, { reason: why(booking), actor, restoreVoucher, mailGuest: !toldByCancel });
      refunded.set(booking.id, made.amountPence);
    } catch (err) {
      // Refunded in full meanwhile (by another member of staff): nothing is left, so it can be cancelled.
      if (err instanceof ConflictError) continue;
      if (!(err instanceof AppError)) throw err;
      refused.set(booking.id, err.message);
    }
  }
  return { refused, refunded };
}

/** How a closure treats the bookings it affects: the staff's choices, and what was settled before its transaction. */
interface Cancelling {
  choices: Pick<CloseDatesInput, "cancelBookings" | "refund" | "restoreVoucher">;
  refunds: ClosureRefunds;
  contacts: Awaited<ReturnType<typeof tearoomContacts>> | null;
  spots: Awaited<ReturnType<typeof listSpots>>;
  actor: Actor;
  now: Date;
  /** What the ledger says when a voucher's part goes back. */
  voucherNote: string;
  /** The closed area, for the guest's e-mail; absent when the whole tearoom closes. */
  areaName?: string;
}

/**
 * Inside the closure's transaction: cancels the pending and confirmed bookings of `rows` (R32),
 * leaving standing a paid one with money still to refund (R34), giving each voucher's part back
 * unless kept used (R36), and e-mailing each guest who has an address when told to.
 */
async function cancelForClosure(
  tx: DbOrTx,
  rows: readonly BookingRow[],
  c: Cancelling,
): Promise<{ cancelled: Booking[]; notRefunded: ClosureRefundFailure[] }> {
  const nowIso = c.now.toISOString();
  const cancelled: Booking[] = [];
  const notRefunded: ClosureRefundFailure[] = [];
  for (const row of rows) {
    if (!cancellable(row)) continue;
    if (c.choices.refund === "full") {
      // Still money left: the provider refused, or it was paid after the refunds were made.
      const standing = (await toBookings(tx, [row]))[0]!;
      if (leftToRefund(standing) > 0) {
        const message = c.refunds.refused.get(row.id) ?? "It was paid while the closure was being made; refund and cancel it from Reservations.";
        notRefunded.push({ booking: standing, message });
        continue;
      }
    }
    const booking = (await toBookings(tx, [(await updateBooking(tx, row.id, { status: "cancelled", updated_at: nowIso }))!]))[0]!;
    // R36: what a gift voucher paid goes back to the voucher, as when staff cancel one booking, unless staff keep it used.
    if (c.choices.restoreVoucher) await giveVoucherPartBack(tx, row.reference, c.actor, c.voucherNote, c.now);
    else await keepVoucherPartUsed(tx, row.reference, c.now);
    const spotName = c.spots.find((s) => s.id === row.garden_spot_id)?.name;
    // A walk-in left no address: nobody to tell.
    if (c.contacts && row.email) {
      // R51: the cancelling calendar entry outranks every file sent before it.
      const invite = { minutes: visitMinutes(booking.type, withDefaults(await settingsIn(tx))), now: c.now, sequence: await raiseCalendarSequence(tx, row.id) };
      // R51: this one e-mail says where each part of the money goes: the card refund made before, the voucher part given back.
      const money = {
        cardPence: c.refunds.refunded.get(row.id) ?? 0,
        testPayment: booking.testPayment,
        voucher: c.choices.restoreVoucher ? await voucherGivenBack(tx, row) : null,
      };
      await enqueueMail(
        tx,
        bookingCancelledByClosure(booking, c.contacts, { request: row.status === "pending", spotName, areaName: c.areaName, invite, money }),
      );
    }
    cancelled.push(booking);
  }
  return { cancelled, notRefunded };
}

/**
 * Closes a date (R32), or every date of a range (R45, `{ from, to }`). The bookings already on it
 * are kept, or, with `cancelBookings`, the pending and confirmed ones are cancelled and (unless
 * `notifyGuests` is false) each guest gets a cancellation e-mail. A seat hold being paid for is
 * left to be paid or to lapse: cancelling it under a payment in flight would not stop the payment.
 * R34: paid bookings are refunded in full first (or not, `refund: "none"`); one the provider will
 * not refund is left standing and reported in `notRefunded`, while the date still closes. R36: a
 * gift voucher's part goes back unless `restoreVoucher` is false. A range closes the dates of it
 * not closed yet, in one transaction, and is refused (409) only when every one of them is.
 */
export async function closeDate(ctx: AppContext, input: CloseDatesInput, actor?: Actor): Promise<ClosureResult> {
  const now = ctx.now();
  const today = londonNow(now).date;
  if ("areaId" in input) return closeAreaPart(ctx, input, actor);
  if ("date" in input) {
    const { date } = input;
    if (date < today) throw new BadRequestError(`date: ${formatLongDate(date)} has passed; only today or a later date can be closed.`);
    // Refused before any refund is made (checked again in the transaction, against a race).
    if ((await closedDatesIn(ctx.db)).includes(date)) throw new ConflictError(`date: ${formatLongDate(date)} is already closed.`);
    return closeDays(ctx, input, [date], actor, null);
  }
  const { from, to } = input;
  if (from < today) throw new BadRequestError(`from: ${formatLongDate(from)} has passed; only today or a later date can be closed.`);
  const closedBefore = await closedDatesIn(ctx.db);
  const days = datesBetween(from, to).filter((d) => !closedBefore.includes(d));
  if (days.length === 0) throw new ConflictError(`from: every date from ${formatLongDate(from)} to ${formatLongDate(to)} is already closed.`);
  return closeDays(ctx, input, days, actor, { from, to });
}

/** Closes `days` (none of them closed when checked) with the one choice for their bookings; `range` when a range was asked for. */
async function closeDays(
  ctx: AppContext,
  { cancelBookings, notifyGuests, refund, restoreVoucher }: CloseDatesInput,
  days: readonly string[],
  actor: Actor | undefined,
  range: { from: string; to: string } | null,
): Promise<ClosureResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const first = days[0]!;
  const refunds =
    cancelBookings && refund === "full"
      ? await refundPaidBookings(
          ctx,
          await standingOn(ctx.db, days, nowIso),
          actor ?? "staff",
          { restoreVoucher, toldByCancel: notifyGuests },
          (b) => `The tearoom closed on ${formatLongDate(b.date)}`,
        )
      : noRefunds();
  const contacts = cancelBookings && notifyGuests ? await tearoomContacts(ctx) : null;
  const spots = contacts ? await listSpots(ctx) : [];
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const closed = await closedDatesIn(tx);
    // A date closed meanwhile (by another member of staff): one date is refused, a range leaves it out.
    const closing = range ? days.filter((d) => !closed.includes(d)) : days;
    if (closing.length === 0 || (!range && closed.includes(first)))
      throw new ConflictError(range ? `from: every date of the range is already closed.` : `date: ${formatLongDate(first)} is already closed.`);
    await storeClosedDates(tx, [...closed, ...closing], nowIso);
    const { cancelled, notRefunded } = cancelBookings
      ? await cancelForClosure(tx, await standingOn(tx, closing, nowIso), {
          choices: { cancelBookings, refund, restoreVoucher },
          refunds,
          contacts,
          spots,
          actor: actor ?? "staff",
          now,
          voucherNote: "cancelled: the tearoom closed that day",
        })
      : { cancelled: [], notRefunded: [] };
    const standing = await toBookings(tx, await standingOn(tx, closing, nowIso));
    if (actor) {
      const after = {
        closed: true,
        ...(range ? { dates: closing } : {}),
        cancelled: cancelled.map((b) => b.reference),
        guestsNotified: Boolean(contacts) && cancelled.length > 0,
        ...(cancelBookings ? { refund, voucherGivenBack: restoreVoucher, notRefunded: notRefunded.map((f) => f.booking.reference) } : {}),
      };
      const subject = range ? `Dates ${range.from} to ${range.to}` : `Date ${first}`;
      await recordAudit(tx, { at: nowIso, actor, action: "closure.close", subject, before: { closed: false }, after });
    }
    const answer: ClosureResult = { date: range?.from ?? first, closed: true, bookings: standing, cancelled, notRefunded };
    return range ? { ...answer, range: { ...range, closedDates: [...closing] } } : answer;
  });
  invalidateSettings(ctx);
  return result;
}

/** Reopens a closed date (R32; `day` as DaySheetQuerySchema parsed it); the bookings cancelled when it closed stay cancelled. */
export async function reopenDate(ctx: AppContext, day: string, actor?: Actor): Promise<ClosurePreview> {
  const nowIso = ctx.now().toISOString();
  await immediateTransaction(ctx.db, async (tx) => {
    const closed = await closedDatesIn(tx);
    if (!closed.includes(day)) throw new NotFoundError(`${formatLongDate(day)} is not a closed date.`);
    await storeClosedDates(
      tx,
      closed.filter((d) => d !== day),
      nowIso,
    );
    if (actor)
      await recordAudit(tx, { at: nowIso, actor, action: "closure.reopen", subject: `Date ${day}`, before: { closed: true }, after: { closed: false } });
  });
  invalidateSettings(ctx);
  return previewClosure(ctx, day);
}

// R45: part of a day in one area (a private party on the Terrace 14:00–17:00). The window is
// stored in `area_closures`; the room counts it as every seat of the area taken, so visitors are
// refused only in that area and window, and staff are warned (R29).

const windowText = (c: { date: string; startTime: string; endTime: string }) =>
  `${formatLongDate(c.date)}, ${formatTime12h(c.startTime)}–${formatTime12h(c.endTime)}`;

async function closingArea(db: DbOrTx, areaId: number) {
  const row = await findArea(db, areaId);
  if (!row) throw new BadRequestError("areaId: Choose one of the seating areas");
  return toArea(row);
}

/** The standing bookings in the area whose stay overlaps the window, in time order. */
async function overlapping(ctx: AppContext, db: DbOrTx, q: AreaClosureQuery, room: Room): Promise<BookingRow[]> {
  const rows = await listStandingOnDate(db, q.date, ctx.now().toISOString());
  return rows.filter((r) =>
    overlapsClosure(
      room,
      {
        type: r.type as BookingType,
        time: r.time,
        guests: r.guests,
        status: r.status as BookingStatus,
        areaId: r.area_id,
        minutes: r.stay_minutes,
        gardenSpotId: r.garden_spot_id,
      },
      q,
    ),
  );
}

/** GET /api/closures/area-preview: the bookings closing part of a day in one area would affect. */
export async function previewAreaClosure(ctx: AppContext, q: AreaClosureQuery): Promise<AreaClosurePreview> {
  const area = await closingArea(ctx.db, q.areaId);
  const room = await getRoom(ctx, await getSettingsMap(ctx));
  return { closure: q, areaName: area.name, bookings: await toBookings(ctx.db, await overlapping(ctx, ctx.db, q, room)) };
}

const toAreaClosure = (row: AreaClosureRow, areaName: string): AreaClosure => ({
  id: Number(row.id),
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  areaId: row.area_id,
  areaName,
  reason: row.reason,
});

/** POST /api/closures `{ date, startTime, endTime, areaId, … }`: closes the window, with the same choices for its bookings as a date's. */
async function closeAreaPart(ctx: AppContext, input: CloseAreaInput, actor: Actor | undefined): Promise<ClosureResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  if (input.date < londonNow(now).date) throw new BadRequestError(`date: ${formatLongDate(input.date)} has passed; only today or a later date can be closed.`);
  const area = await closingArea(ctx.db, input.areaId);
  const settings = await getSettingsMap(ctx);
  const room = await getRoom(ctx, settings);
  const { cancelBookings, notifyGuests, refund, restoreVoucher } = input;
  const why = () => `The ${area.name} closed for part of ${formatLongDate(input.date)}`;
  const refunds =
    cancelBookings && refund === "full"
      ? await refundPaidBookings(ctx, await overlapping(ctx, ctx.db, input, room), actor ?? "staff", { restoreVoucher, toldByCancel: notifyGuests }, why)
      : noRefunds();
  const contacts = cancelBookings && notifyGuests ? await tearoomContacts(ctx) : null;
  const spots = contacts ? await listSpots(ctx) : [];
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const clash = (await listAreaClosuresFrom(tx, input.date)).find(
      (c) => c.date === input.date && c.area_id === input.areaId && c.start_time < input.endTime && c.end_time > input.startTime,
    );
    if (clash)
      throw new ConflictError(`${area.name} is already closed on ${windowText({ date: clash.date, startTime: clash.start_time, endTime: clash.end_time })}.`);
    const row = await insertAreaClosure(tx, {
      area_id: input.areaId,
      date: input.date,
      start_time: input.startTime,
      end_time: input.endTime,
      reason: input.reason || null,
      created_at: nowIso,
    });
    const { cancelled, notRefunded } = cancelBookings
      ? await cancelForClosure(tx, await overlapping(ctx, tx, input, room), {
          choices: { cancelBookings, refund, restoreVoucher },
          refunds,
          contacts,
          spots,
          actor: actor ?? "staff",
          now,
          voucherNote: `cancelled: the ${area.name} closed for part of the day`,
          areaName: area.name,
        })
      : { cancelled: [], notRefunded: [] };
    const closure = toAreaClosure(row, area.name);
    if (actor) {
      const after = {
        closed: true,
        area: area.name,
        window: `${input.startTime}-${input.endTime}`,
        cancelled: cancelled.map((b) => b.reference),
        guestsNotified: Boolean(contacts) && cancelled.length > 0,
      };
      await recordAudit(tx, { at: nowIso, actor, action: "closure.close", subject: `${area.name} on ${windowText(input)}`, before: { closed: false }, after });
    }
    const standing = await toBookings(tx, await overlapping(ctx, tx, input, room));
    const wholeDay = (await closedDatesIn(tx)).includes(input.date);
    return { date: input.date, closed: wholeDay, bookings: standing, cancelled, notRefunded, areaClosure: closure } satisfies ClosureResult;
  });
  // The availability kept between writes must see the closed window at once (SQLite).
  bookingsWrittenElsewhere();
  return result;
}

/** DELETE /api/closures/areas/{id}: the area opens again for that window; bookings cancelled when it closed stay cancelled. */
export async function reopenAreaClosure(ctx: AppContext, id: number, actor?: Actor): Promise<void> {
  const nowIso = ctx.now().toISOString();
  await immediateTransaction(ctx.db, async (tx) => {
    const row = await findAreaClosure(tx, id);
    if (!row) throw new NotFoundError(`Closure ${id} not found`);
    const area = await findArea(tx, row.area_id);
    await deleteAreaClosure(tx, id);
    if (actor)
      await recordAudit(tx, {
        at: nowIso,
        actor,
        action: "closure.reopen",
        subject: `${area?.name ?? `Area ${row.area_id}`} on ${windowText({ date: row.date, startTime: row.start_time, endTime: row.end_time })}`,
        before: { closed: true },
        after: { closed: false },
      });
  });
  bookingsWrittenElsewhere();
}
