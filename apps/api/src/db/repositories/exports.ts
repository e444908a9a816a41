import type { DbOrTx } from "../database.js";
import type { BookingRow, GiftVoucherRow, NewsletterSubscriptionRow } from "../schema.js";

/** Whole lists for the CSV exports (R40), in the order a spreadsheet reads best. */

/** Bookings visiting from `from` to `to` (inclusive), by date and time: a range of the (date, …) index. */
export async function bookingsBetween(db: DbOrTx, from: string, to: string): Promise<BookingRow[]> {
  return db.selectFrom("bookings").selectAll().where("date", ">=", from).where("date", "<=", to).orderBy("date").orderBy("time").orderBy("id").execute();
}

/** Active subscribers, oldest first: a range of the is_active index. */
export async function activeSubscribers(db: DbOrTx): Promise<NewsletterSubscriptionRow[]> {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("is_active", "=", 1).orderBy("id").execute();
}

export async function allGiftVouchers(db: DbOrTx): Promise<GiftVoucherRow[]> {
  return db.selectFrom("gift_vouchers").selectAll().orderBy("id").execute();
}
