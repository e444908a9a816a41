import type { GardenSpot } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { listGardenSpots } from "../data/garden-spots.js";
import type { GardenSpotRow } from "../../db/schema.js";

export function toGardenSpot(row: GardenSpotRow): GardenSpot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    x: row.x,
    y: row.y,
    capacity: row.capacity,
    isAvailable: row.is_available === 1,
    isPrivate: row.is_private === 1,
  };
}

/** The garden spots (R15), cached: they change only with a new seed. */
export async function listSpots(ctx: AppContext): Promise<GardenSpot[]> {
  const cached = ctx.cache.get("garden-spots") as GardenSpot[] | undefined;
  if (cached) return cached;
  const spots = (await listGardenSpots(ctx.db)).map(toGardenSpot);
  ctx.cache.set("garden-spots", spots);
  return spots;
}
