import type { DbOrTx } from "../../db/database.js";
import type { BookingRow } from "../../db/schema.js";

/**
 * Confirmed bookings between two dates still waiting for their reminder (R38), through the partial
 * index of migration 013: only such rows are in it, however many years the table holds.
 */
export async function listAwaitingReminder(db: DbOrTx, fromDate: string, toDate: string): Promise<BookingRow[]> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("status", "=", "confirmed")
    .where("reminder_sent_at", "is", null)
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .orderBy("date")
    .orderBy("time")
    .execute();
}

/** Marks a booking's reminder as queued; false if it already was or the booking is no longer confirmed. */
export async function markReminderSent(tx: DbOrTx, id: number, at: string): Promise<boolean> {
  const result = await tx
    .updateTable("bookings")
    .set({ reminder_sent_at: at })
    .where("id", "=", id)
    .where("status", "=", "confirmed")
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
