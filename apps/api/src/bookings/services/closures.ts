import {
  formatLongDate,
  KNOWN_SETTINGS,
  londonNow,
  parseSetting,
  refundablePence,
  withDefaults,
  type Booking,
  type ClosedDates,
  type CloseDateInputSchema,
  type ClosurePreview,
  type ClosureRefundFailure,
  type ClosureResult,
} from "@tearoom/domain";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { BookingRow } from "../../db/schema.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { listBookingSettings, upsertBookingSetting } from "../data/booking-settings.js";
import { listStandingOnDate, updateBooking } from "../data/bookings.js";
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

const cancellable = (row: BookingRow) => row.status === "pending" || row.status === "confirmed";
const leftToRefund = (b: Booking) => (b.payment ? refundablePence(b.payment.paidPence, b.payment.refundedPence) : 0);

/**
 * R34 for a closure: refunds all that is left of each paid booking that closing `date` would
 * cancel, through the provider. Answers the provider's refusals by booking id; those bookings are
 * then left standing, and nothing about them is lost.
 */
async function refundPaidBookings(ctx: AppContext, date: string, actor: Actor, restoreVoucher: boolean): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  const rows = (await listStandingOnDate(ctx.db, date, ctx.now().toISOString())).filter(cancellable);
  for (const booking of await toBookings(ctx.db, rows)) {
    if (leftToRefund(booking) === 0) continue;
    try {
      await refundBooking(ctx, booking.id, { reason: `The tearoom closed on ${formatLongDate(date)}`, actor, restoreVoucher });
    } catch (err) {
      // Refunded in full meanwhile (by another member of staff): nothing is left, so it can be cancelled.
      if (err instanceof ConflictError) continue;
      if (!(err instanceof AppError)) throw err;
      refused.set(booking.id, err.message);
    }
  }
  return refused;
}

/** A closure request as CloseDateInputSchema parsed it (its defaults applied). */
export type CloseDateRequest = z.output<typeof CloseDateInputSchema>;

/**
 * Closes a date (R32). The bookings already on it are kept, or, with `cancelBookings`, the
 * pending and confirmed ones are cancelled and (unless `notifyGuests` is false) each guest gets
 * a cancellation e-mail. A seat hold being paid for is left to be paid or to lapse: cancelling
 * it under a payment in flight would not stop the payment. R34: paid bookings are refunded in
 * full first (or not, `refund: "none"`); one the provider will not refund is left standing and
 * reported in `notRefunded`, while the date still closes. R36: a gift voucher's part goes back
 * unless `restoreVoucher` is false.
 */
export async function closeDate(ctx: AppContext, input: CloseDateRequest, actor?: Actor): Promise<ClosureResult> {
  const { date, cancelBookings, notifyGuests, refund, restoreVoucher } = input;
  const now = ctx.now();
  const nowIso = now.toISOString();
  if (date < londonNow(now).date) throw new BadRequestError(`date: ${formatLongDate(date)} has passed; only today or a later date can be closed.`);
  // Refused before any refund is made (checked again in the transaction, against a race).
  if ((await closedDatesIn(ctx.db)).includes(date)) throw new ConflictError(`date: ${formatLongDate(date)} is already closed.`);
  const refusals = cancelBookings && refund === "full" ? await refundPaidBookings(ctx, date, actor ?? "staff", restoreVoucher) : new Map<number, string>();
  const contacts = cancelBookings && notifyGuests ? await tearoomContacts(ctx) : null;
  const spots = contacts ? await listSpots(ctx) : [];
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const closed = await closedDatesIn(tx);
    if (closed.includes(date)) throw new ConflictError(`date: ${formatLongDate(date)} is already closed.`);
    await storeClosedDates(tx, [...closed, date], nowIso);
    const cancelled: Booking[] = [];
    const notRefunded: ClosureRefundFailure[] = [];
    if (cancelBookings) {
      for (const row of await listStandingOnDate(tx, date, nowIso)) {
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
    const standing = await toBookings(tx, await listStandingOnDate(tx, date, nowIso));
    if (actor) {
      const after = {
        closed: true,
        cancelled: cancelled.map((b) => b.reference),
        guestsNotified: Boolean(contacts) && cancelled.length > 0,
        ...(cancelBookings ? { refund, voucherGivenBack: restoreVoucher, notRefunded: notRefunded.map((f) => f.booking.reference) } : {}),
      };
      await recordAudit(tx, { at: nowIso, actor, action: "closure.close", subject: `Date ${date}`, before: { closed: false }, after });
    }
    return { date, closed: true, bookings: standing, cancelled, notRefunded };
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
