import type { DbOrTx } from "../../db/database.js";
import type { GardenSpotRow } from "../../db/schema.js";

export async function listGardenSpots(db: DbOrTx): Promise<GardenSpotRow[]> {
  return db.selectFrom("garden_spots").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export async function findGardenSpot(db: DbOrTx, id: string): Promise<GardenSpotRow | undefined> {
  return db.selectFrom("garden_spots").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertMissingGardenSpots(db: DbOrTx, rows: GardenSpotRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("garden_spots")
    .values(rows)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
