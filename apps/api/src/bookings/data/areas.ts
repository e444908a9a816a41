import type { Area, BookingType } from "@tearoom/domain";
import { sql } from "kysely";
import type { DbOrTx, Operand } from "../../db/database.js";
import type { AreaClosureRow, AreaClosureTable, AreaRow, AreaTable, GardenSpotRow } from "../../db/schema.js";
import type { Insertable, Updateable } from "kysely";

// R44: the seating areas (migration 021), SQL only.

/** Every area in the order they are filled; also read by the booking write (bookings/data/booking-write.ts). */
export const areasQuery = (db: DbOrTx) => db.selectFrom("areas").selectAll().orderBy("position").orderBy("id");

/** A stored area as the room rules read it. */
export function toArea(row: AreaRow): Area {
  return {
    id: Number(row.id),
    name: row.name,
    seats: row.seats,
    bookingTypes: JSON.parse(row.booking_types) as BookingType[],
    position: row.position,
    gardenSpotId: row.garden_spot_id,
    isPrivate: row.is_private === 1,
  };
}

export async function listAreas(db: DbOrTx): Promise<AreaRow[]> {
  return areasQuery(db).execute();
}

export async function findArea(db: DbOrTx, id: number): Promise<AreaRow | undefined> {
  return db.selectFrom("areas").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertArea(db: DbOrTx, row: Insertable<AreaTable>): Promise<AreaRow> {
  return db.insertInto("areas").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateArea(db: DbOrTx, id: number, changes: Updateable<AreaTable>): Promise<AreaRow | undefined> {
  return db.updateTable("areas").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteArea(db: DbOrTx, id: number): Promise<void> {
  // Its past closed parts of days go with it.
  await db.deleteFrom("area_closures").where("area_id", "=", id).execute();
  await db.deleteFrom("areas").where("id", "=", id).execute();
}

/** R53: the event sittings held in an area (past ones too: they keep their area), for a refused delete. */
export async function sittingsInArea(db: DbOrTx, areaId: number): Promise<{ name: string; date: string; time: string }[]> {
  return db
    .selectFrom("sittings as s")
    .innerJoin("events as e", "e.id", "s.event_id")
    .select(["e.name", "s.date", "s.time"])
    .where("s.area_id", "=", areaId)
    .orderBy("s.date")
    .orderBy("s.time")
    .execute();
}

/** The standing bookings from `today` on that sit in an area, for a refused delete (409 names them). */
export async function standingInArea(db: DbOrTx, areaId: number, today: string): Promise<{ reference: string; date: string; time: string }[]> {
  return db
    .selectFrom("bookings")
    .select(["reference", "date", "time"])
    .where("area_id", "=", areaId)
    .where("date", ">=", today)
    .where("status", "not in", ["cancelled", "declined"])
    .orderBy("date")
    .orderBy("time")
    .execute();
}

/** Each garden spot without an area gets its own (R44), after the others, seats its capacity. */
export async function insertMissingSpotAreas(db: DbOrTx, spots: readonly GardenSpotRow[], nowIso: string): Promise<void> {
  const have = new Set((await db.selectFrom("areas").select("garden_spot_id").where("garden_spot_id", "is not", null).execute()).map((r) => r.garden_spot_id));
  const missing = spots.filter((s) => !have.has(s.id));
  if (missing.length === 0) return;
  const last = await db.selectFrom("areas").select((eb) => eb.fn.max("position").as("p")).executeTakeFirst();
  let position = Math.max(9, Number(last?.p ?? 0));
  await db
    .insertInto("areas")
    .values(
      missing.map((s) => ({
        name: s.name,
        seats: s.capacity,
        booking_types: JSON.stringify(["secretGarden"]),
        position: ++position,
        garden_spot_id: s.id,
        is_private: s.is_private,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    // Two instances starting together both add them: one wins.
    .onConflict((oc) => oc.column("garden_spot_id").doNothing())
    .execute();
}

// R45: the parts of days an area is closed (migration 023).

/**
 * A day's closed parts, as the room counts them, and its event sittings (R53: a sitting's tickets'
 * seats, or the whole area when it closes it, over its time); also read by the booking write.
 */
export const dayAreaClosuresQuery = (db: DbOrTx, date: Operand<string>) =>
  db
    .selectFrom("area_closures")
    .select(["area_id as areaId", "start_time as startTime", "end_time as endTime", sql<number | null>`NULL`.as("seats")])
    .where("date", "=", date)
    .unionAll(
      db
        .selectFrom("sittings")
        .select(["area_id as areaId", "time as startTime", "end_time as endTime", sql<number | null>`CASE WHEN closes_area = 1 THEN NULL ELSE tickets END`.as("seats")])
        .where("date", "=", date),
    );

export async function listAreaClosuresFrom(db: DbOrTx, from: string): Promise<(AreaClosureRow & { area_name: string })[]> {
  return db
    .selectFrom("area_closures")
    .innerJoin("areas", "areas.id", "area_closures.area_id")
    .selectAll("area_closures")
    .select("areas.name as area_name")
    .where("area_closures.date", ">=", from)
    .orderBy("area_closures.date")
    .orderBy("area_closures.start_time")
    .execute();
}

export async function findAreaClosure(db: DbOrTx, id: number): Promise<AreaClosureRow | undefined> {
  return db.selectFrom("area_closures").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertAreaClosure(db: DbOrTx, row: Insertable<AreaClosureTable>): Promise<AreaClosureRow> {
  return db.insertInto("area_closures").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAreaClosure(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("area_closures").where("id", "=", id).execute();
}

/** Whether any closed part of a day (from `today` on) is in the area: an area with closures ahead is kept. */
export async function areaHasClosuresAhead(db: DbOrTx, areaId: number, today: string): Promise<boolean> {
  return (await db.selectFrom("area_closures").select("id").where("area_id", "=", areaId).where("date", ">=", today).executeTakeFirst()) !== undefined;
}
