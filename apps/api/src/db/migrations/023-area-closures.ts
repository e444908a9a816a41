import { type Kysely, sql } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R45: part of a day in one area can be closed (a private party on the Terrace 14:00–17:00). The
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("area_closures").execute();
}
