import { useQuery } from "@tanstack/react-query";
import type { GardenSpot } from "@tearoom/domain";
import { useResultAfterHydration } from "../../lib/hydration";

/** GET /api/garden-spots: the Secret Garden locations from the database (R15). */
export function useGardenSpots() {
  return useResultAfterHydration(useQuery<GardenSpot[]>({ queryKey: ["/api/garden-spots"] }));
}
