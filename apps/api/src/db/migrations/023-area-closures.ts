import { type Kysely, sql } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R44, R45: part of a day in one area can be closed (a private party on the Terrace 14:00–17:00). The
// room counts the window as every seat of the area taken; the booking write reads a day's closed
// parts with its bookings (index by date).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("area_closures")
    .addColumn("id", "integer", autoId(db))
    .addColumn("area_id", "integer", (c) => c.notNull().references("areas.id"))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX area_closures_date ON area_closures (date)`.execute(db);
  // R44: the bookings with a stay of their own (walk-ins), which the booking write reads whatever their start.
  await sql`CREATE INDEX bookings_own_stay ON bookings (date) WHERE stay_minutes IS NOT NULL`.execute(db);
  // R44: the booking write reads the stays of a window of its day for every booking; with every
  // column it reads in the index, that is a read of the index alone. Still (date, time) first.
  await sql`DROP INDEX bookings_date`.execute(db);
  await sql`CREATE INDEX bookings_date ON bookings (date, time, type, status, hold_expires_at, garden_spot_id, area_id, stay_minutes, guests)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX bookings_date`.execute(db);
  await sql`CREATE INDEX bookings_date ON bookings (date, time)`.execute(db);
  await sql`DROP INDEX bookings_own_stay`.execute(db);
  await db.schema.dropTable("area_closures").execute();
}
