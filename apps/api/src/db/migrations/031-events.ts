import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R53: events and their ticketed sittings. A sitting takes seats from one area over its time
// (`end_time` is its start plus its minutes, "HH:mm", past 24:00 for one that runs beyond
// midnight); the room reads a day's sittings with its closures (index by date). A ticket order
// is a booking of type `event` with its sitting (`bookings.sitting_id`), whose live tickets the
// booking write counts (index by sitting).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("price_pence", "integer", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("sittings")
    .addColumn("id", "integer", autoId(db))
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("tickets", "integer", (c) => c.notNull())
    .addColumn("area_id", "integer", (c) => c.notNull().references("areas.id"))
    .addColumn("per_order_limit", "integer", (c) => c.notNull())
    .addColumn("sales_cutoff_minutes", "integer", (c) => c.notNull())
    .addColumn("question", "text")
    .addColumn("closes_area", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX sittings_date ON sittings (date)`.execute(db);
  await sql`CREATE INDEX sittings_event ON sittings (event_id)`.execute(db);
  await db.schema
    .alterTable("bookings")
    .addColumn("sitting_id", "integer", (c) => c.references("sittings.id"))
    .execute();
  await sql`CREATE INDEX bookings_sitting ON bookings (sitting_id) WHERE sitting_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX bookings_sitting`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("sitting_id").execute();
  await db.schema.dropTable("sittings").execute();
  await db.schema.dropTable("events").execute();
}
