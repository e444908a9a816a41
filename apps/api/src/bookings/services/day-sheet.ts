import { daySlots, formatLongDate, isOpenDate, londonNow, type Arrival, type Booking, type BookingType, type DaySheet } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, listStandingOnDate, updateBooking } from "../data/bookings.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import { getSettingsMap } from "./booking-settings.js";
import { toBookings } from "./booking-view.js";
import { listSpots } from "./garden-spots.js";
import type { Actor } from "../../staff/services/audit.js";
import { auditBooking } from "./booking-audit.js";

/**
 * The day sheet (R31): each type's slots with covers against capacity (the domain's `daySlots`),
 * and the bookings that stand that day in time order, notes and arrival included. `day` is the
 * date as DaySheetQuerySchema parsed it.
 */
export async function getDaySheet(ctx: AppContext, day: string): Promise<DaySheet> {
  const now = ctx.now();
  const [settings, spots, rows] = await Promise.all([getSettingsMap(ctx), listSpots(ctx), listStandingOnDate(ctx.db, day, now.toISOString())]);
  const bookings = await toBookings(ctx.db, rows, [], ctx.now());
  const occupancy = bookings.map((b, i) => ({
    type: b.type as BookingType,
    time: b.time,
    guests: b.guests,
    status: b.status,
    holdExpiresAt: rows[i]!.hold_expires_at,
  }));
  return { date: day, open: isOpenDate(settings, day), slots: daySlots(settings, day, occupancy, spots, now), bookings };
}

/**
 * R28: marks a confirmed booking arrived or no-show, from its day on (a sheet filled in the next
 * morning is fine; a visit to come cannot have happened). `null` takes a mistaken mark back. The
 * mark sits beside the status: a no-show still held its seats.
 */
export async function markArrival(ctx: AppContext, id: number, status: Arrival | null, actor?: Actor): Promise<Booking> {
  const now = ctx.now();
  return immediateTransaction(ctx.db, async (tx) => {
    const row = await findBookingById(tx, id);
    if (!row) throw new NotFoundError(`Booking ${id} not found`);
    if (row.status !== "confirmed") throw new ConflictError(`Only a confirmed booking can be marked arrived or no-show; ${row.reference} is ${row.status}.`);
    if (status !== null && row.date > londonNow(now).date)
      throw new ConflictError(`${row.reference} is for ${formatLongDate(row.date)}: arrival is marked on the day of the visit.`);
    const updated = await updateBooking(tx, id, { arrival: status, updated_at: now.toISOString() });
    if (actor) await auditBooking(tx, { at: now.toISOString(), actor, action: "booking.arrival", before: row, after: updated! });
    return (await toBookings(tx, [updated!]))[0]!;
  });
}
