import type { Area, BookingType } from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import type { AreaRow, AreaTable, GardenSpotRow } from "../../db/schema.js";
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
  await db.deleteFrom("areas").where("id", "=", id).execute();
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
