import { useQuery } from "@tanstack/react-query";
import type { GardenSpot } from "@tearoom/domain";

/** GET /api/garden-spots: the Secret Garden locations from the database (R15). */
export function useGardenSpots() {
  return useQuery<GardenSpot[]>({ queryKey: ["/api/garden-spots"] });
}
