import { type DbOrTx } from "../../db/database.js";
import type { BookingRow } from "../../db/schema.js";

/** Stores a manage link's hash for a booking (R37). */
export async function insertManageLink(db: DbOrTx, tokenHash: string, bookingId: number, at: string): Promise<void> {
  await db.insertInto("manage_links").values({ token_hash: tokenHash, booking_id: bookingId, created_at: at }).execute();
}

/** The booking a manage link's hash belongs to. */
export async function findBookingByManageLink(db: DbOrTx, tokenHash: string): Promise<BookingRow | undefined> {
  return db
    .selectFrom("manage_links")
    .innerJoin("bookings", "bookings.id", "manage_links.booking_id")
    .selectAll("bookings")
    .where("manage_links.token_hash", "=", tokenHash)
    .executeTakeFirst();
}
