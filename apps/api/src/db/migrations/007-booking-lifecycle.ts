import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// What staff do after a booking (R28, R30): internal notes, the reason a request was declined, and
// on the day whether the guest arrived. Arrival sits beside the status rather than in it: a no-show
// still held its seats. A declined booking, like a cancelled one, frees its seats; the partial
// indexes that count standing bookings by day keep working because they key on status.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("staff_notes", "text").execute();
  await db.schema.alterTable("bookings").addColumn("decline_reason", "text").execute();
  await db.schema.alterTable("bookings").addColumn("arrival", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // A declined request becomes a cancelled one: the status the earlier schema knows.
  await sql`UPDATE bookings SET status = 'cancelled' WHERE status = 'declined'`.execute(db);
  for (const column of ["arrival", "decline_reason", "staff_notes"]) await db.schema.alterTable("bookings").dropColumn(column).execute();
}
