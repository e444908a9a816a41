import { type Kysely, sql } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R44: seats belong to areas, and a booking sits in one of them. The seeded areas are the Tearoom
// (36 seats), the Terrace (16) and the Lawn (12 picnic places); each Secret Garden spot is an area
// of its own (made here for the spots already stored, and by the startup seed for new ones). Each
// booking already made is given an area, never moved or dropped: a Secret Garden booking its
// spot's, a picnic the Lawn, and afternoon teas and tables (standing, from the oldest) the Tearoom
// while it has room at every quarter hour of their stay, else the Terrace, else the Tearoom anyway.
// `stay_minutes` is a booking's own stay (a walk-in's); null is its type's setting. The tea's
// table time setting becomes its stay, `afternoon_tea_minutes`.

const STEP = 15;
/** The stays as the settings said when this was written (tea 120, table 90 minutes). */
const STAY: Record<string, number> = { afternoonTea: 120, table: 90 };

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("areas")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("booking_types", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("garden_spot_id", "text", (c) => c.unique().references("garden_spots.id"))
    .addColumn("is_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("bookings").addColumn("area_id", "integer").execute();
  await db.schema.alterTable("bookings").addColumn("stay_minutes", "integer").execute();

  const now = new Date().toISOString();
  // The tea's table time was already a setting; it becomes the tea's stay, on the room's steps.
  const tableTime = await db.selectFrom("booking_settings").select("setting_value").where("setting_key", "=", "afternoon_tea_table_minutes").executeTakeFirst();
  if (tableTime) {
    const minutes = Math.min(360, Math.max(15, Math.round(Number(tableTime.setting_value) / STEP) * STEP || 120));
    await db.deleteFrom("booking_settings").where("setting_key", "in", ["afternoon_tea_table_minutes", "afternoon_tea_minutes"]).execute();
    await db
      .insertInto("booking_settings")
      .values({
        setting_key: "afternoon_tea_minutes",
        setting_value: String(minutes),
        description: "Minutes an afternoon tea keeps its seats",
        updated_at: now,
      })
      .execute();
  }
  const area = async (name: string, seats: number, types: string[], position: number, spot: { id: string; is_private: number } | null = null) => {
    const row = await db
      .insertInto("areas")
      .values({
        name,
        seats,
        booking_types: JSON.stringify(types),
        position,
        garden_spot_id: spot?.id ?? null,
        is_private: spot?.is_private ?? 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const tearoom = await area("Tearoom", 36, ["afternoonTea", "table"], 1);
  const terrace = await area("Terrace", 16, ["afternoonTea", "table"], 2);
  const lawn = await area("Lawn", 12, ["picnicHamper"], 3);
  const spots = await db
    .selectFrom("garden_spots")
    .select(["id", "name", "capacity", "is_private", "sort_order"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  for (const [i, spot] of spots.entries()) await area(spot.name, spot.capacity, ["secretGarden"], 10 + i, spot);

  await db.updateTable("bookings").set({ area_id: lawn }).where("type", "=", "picnicHamper").execute();
  await sql`UPDATE bookings SET area_id = (SELECT a.id FROM areas a WHERE a.garden_spot_id = bookings.garden_spot_id) WHERE type = 'secretGarden'`.execute(db);

  // Teas and tables: the Tearoom while it has room, else the Terrace, booking by booking.
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "type", "date", "time", "guests", "status"])
    .where("type", "in", ["afternoonTea", "table"])
    .orderBy("date")
    .orderBy("id")
    .execute();
  const taken = new Map<string, number>();
  const seats = { [tearoom]: 36, [terrace]: 16 } as Record<number, number>;
  const steps = (row: { time: string; type: string }) => {
    const from = Math.floor(minutes(row.time) / STEP) * STEP;
    const to = Math.max(from + STEP, Math.ceil((minutes(row.time) + (STAY[row.type] ?? 90)) / STEP) * STEP);
    const out: number[] = [];
    for (let m = from; m < to; m += STEP) out.push(m);
    return out;
  };
  const byArea = new Map<number, number[]>([
    [tearoom, []],
    [terrace, []],
  ]);
  for (const row of rows) {
    const standing = row.status !== "cancelled" && row.status !== "declined";
    const fits = (areaId: number) => steps(row).every((m) => (taken.get(`${areaId}|${row.date}|${m}`) ?? 0) + row.guests <= seats[areaId]!);
    const chosen = !standing || fits(tearoom) ? tearoom : fits(terrace) ? terrace : tearoom;
    if (standing) for (const m of steps(row)) taken.set(`${chosen}|${row.date}|${m}`, (taken.get(`${chosen}|${row.date}|${m}`) ?? 0) + row.guests);
    byArea.get(chosen)!.push(Number(row.id));
  }
  for (const [areaId, ids] of byArea) {
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable("bookings")
        .set({ area_id: areaId })
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("stay_minutes").execute();
  await db.schema.alterTable("bookings").dropColumn("area_id").execute();
  await db.schema.dropTable("areas").execute();
}
