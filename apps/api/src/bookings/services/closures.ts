import {
  formatLongDate,
  KNOWN_SETTINGS,
  londonNow,
  parseSetting,
  refundablePence,
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
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { BookingRow } from "../../db/schema.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { listBookingSettings, upsertBookingSetting } from "../data/booking-settings.js";
import { listStandingBetween, listStandingOnDate, updateBooking } from "../data/bookings.js";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { bookingCancelledByClosure } from "../../mail/messages/closures.js";
import { getSettingsMap, invalidateSettings } from "./booking-settings.js";
import { toBookings } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import { tearoomContacts } from "../../site/services/site.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { refundBooking } from "../../payments/services/refunds.js";
import { giveVoucherPartBack, keepVoucherPartUsed } from "../../vouchers/services/tea-vouchers.js";

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
  return { dates: dates.filter((d) => d >= today).sort() };
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

/**
 * R34 for a closure: refunds all that is left of each paid booking that closing `dates` would
 * cancel, through the provider. Answers the provider's refusals by booking id; those bookings are
 * then left standing, and nothing about them is lost.
 */
async function refundPaidBookings(ctx: AppContext, dates: readonly string[], actor: Actor, restoreVoucher: boolean): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  const nowIso = ctx.now().toISOString();
  const rows = (await standingOn(ctx.db, dates, nowIso)).filter(cancellable);
  for (const booking of await toBookings(ctx.db, rows)) {
    if (leftToRefund(booking) === 0) continue;
    try {
      await refundBooking(ctx, booking.id, { reason: `The tearoom closed on ${formatLongDate(booking.date)}`, actor, restoreVoucher });
    } catch (err) {
      // Refunded in full meanwhile (by another member of staff): nothing is left, so it can be cancelled.
      if (err instanceof ConflictError) continue;
      if (!(err instanceof AppError)) throw err;
      refused.set(booking.id, err.message);
    }
  }
  return refused;
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
  const refusals = cancelBookings && refund === "full" ? await refundPaidBookings(ctx, days, actor ?? "staff", restoreVoucher) : new Map<number, string>();
  const contacts = cancelBookings && notifyGuests ? await tearoomContacts(ctx) : null;
  const spots = contacts ? await listSpots(ctx) : [];
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const closed = await closedDatesIn(tx);
    // A date closed meanwhile (by another member of staff): one date is refused, a range leaves it out.
    const closing = range ? days.filter((d) => !closed.includes(d)) : days;
    if (closing.length === 0 || (!range && closed.includes(first)))
      throw new ConflictError(range ? `from: every date of the range is already closed.` : `date: ${formatLongDate(first)} is already closed.`);
    await storeClosedDates(tx, [...closed, ...closing], nowIso);
    const cancelled: Booking[] = [];
    const notRefunded: ClosureRefundFailure[] = [];
    if (cancelBookings) {
      for (const row of await standingOn(tx, closing, nowIso)) {
        if (!cancellable(row)) continue;
        if (refund === "full") {
          // Still money left: the provider refused, or it was paid after the refunds were made.
          const standing = (await toBookings(tx, [row]))[0]!;
          if (leftToRefund(standing) > 0) {
            const message = refusals.get(row.id) ?? "It was paid while the date was being closed; refund and cancel it from Reservations.";
            notRefunded.push({ booking: standing, message });
            continue;
          }
        }
        const booking = (await toBookings(tx, [(await updateBooking(tx, row.id, { status: "cancelled", updated_at: nowIso }))!]))[0]!;
        // R36: what a gift voucher paid goes back to the voucher, as when staff cancel one booking, unless staff keep it used.
        if (restoreVoucher) await giveVoucherPartBack(tx, row.reference, actor ?? "staff", "cancelled: the tearoom closed that day", now);
        else await keepVoucherPartUsed(tx, row.reference, now);
        const spotName = spots.find((s) => s.id === row.garden_spot_id)?.name;
        if (contacts) await enqueueMail(tx, bookingCancelledByClosure(booking, contacts, { request: row.status === "pending", spotName }));
        cancelled.push(booking);
      }
    }
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
