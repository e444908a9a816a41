import type { DbOrTx } from "../../db/database.js";

/**
 * Confirmed bookings between two dates whose guest came (or was not marked) and has not been
 * thanked (R56): neither no-shows nor erased bookings, nor those without an e-mail address.
 */
export async function listAwaitingThankYou(db: DbOrTx, fromDate: string, toDate: string) {
  return db
    .selectFrom("bookings as b")
    .leftJoin("booking_thank_yous as t", "t.booking_id", "b.id")
    .select(["b.id", "b.name", "b.email"])
    .where("b.status", "=", "confirmed")
    .where("b.erased_at", "is", null)
    .where((eb) => eb.or([eb("b.arrival", "is", null), eb("b.arrival", "!=", "no-show")]))
    .where("b.email", "!=", "")
    .where("t.booking_id", "is", null)
    .where("b.date", ">=", fromDate)
    .where("b.date", "<=", toDate)
    .orderBy("b.id")
    .execute();
}

/** Marks a booking's thank-you as queued; false if it already was (a second pass, or another instance). */
export async function markThanked(tx: DbOrTx, bookingId: number, at: string): Promise<boolean> {
  const row = await tx
    .insertInto("booking_thank_yous")
    .values({ booking_id: bookingId, queued_at: at })
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .returning("booking_id")
    .executeTakeFirst();
  return row !== undefined;
}
