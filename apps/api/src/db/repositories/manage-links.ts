import type SQLite from "better-sqlite3";
import { prepared, type DbOrTx } from "../database.js";
import type { BookingRow } from "../schema.js";

/** Stores a manage link's hash for a booking (R37). */
export async function insertManageLink(db: DbOrTx, tokenHash: string, bookingId: number, at: string): Promise<void> {
  await db.insertInto("manage_links").values({ token_hash: tokenHash, booking_id: bookingId, created_at: at }).execute();
}

/** `insertManageLink` on the raw connection, for the booking write path (inside its transaction). */
export function insertManageLinkPrepared(sqlite: SQLite.Database, tokenHash: string, bookingId: number, at: string): void {
  prepared(sqlite, "INSERT INTO manage_links (token_hash, booking_id, created_at) VALUES (?, ?, ?)").run(tokenHash, bookingId, at);
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
