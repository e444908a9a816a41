import type { Booking, PricingItem } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/database.js";
import { findBookingById } from "../data/bookings.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import type { BookingRow } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";
import { bookingPayments } from "../../payments/services/booking-payments.js";
import { bookingVouchers } from "../../vouchers/services/booking-vouchers.js";
import { toBooking } from "../data/booking-row.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";

// Reading bookings only: every service that answers with a booking uses it, so it imports none of them.

/**
 * Booking rows as the API answers them, each marked when the demo provider took its payment (R22),
 * with its payment and refunds (R34). With the pricing items, a paid booking whose guests changed
 * also carries its balance from the current price.
 */
export async function toBookings(db: DbOrTx, rows: BookingRow[], items: readonly PricingItem[] = [], now?: Date): Promise<Booking[]> {
  const references = rows.flatMap((r) => (r.payment_reference ? [r.payment_reference] : []));
  const demo = await findDemoPaymentIds(db, references);
  const vouchers = await bookingVouchers(db, rows);
  const payments = await bookingPayments(db, rows, items, vouchers, now);
  return rows.map((r) => ({
    ...toBooking(r, r.payment_reference !== null && demo.has(r.payment_reference), payments.get(r.id) ?? null),
    voucher: vouchers.get(r.id) ?? null,
  }));
}

export async function toOneBooking(db: DbOrTx, row: BookingRow, items: readonly PricingItem[] = [], now?: Date): Promise<Booking> {
  return (await toBookings(db, [row], items, now))[0]!;
}

/** One booking by id as the API answers it; 404 when there is none. */
export async function getBooking(ctx: AppContext, id: number): Promise<Booking> {
  const row = await findBookingById(ctx.db, id);
  if (!row) throw new NotFoundError(`Booking ${id} not found`);
  return toOneBooking(ctx.db, row, await getPricingItemsCached(ctx), ctx.now());
}
