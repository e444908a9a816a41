import { useQuery } from "@tanstack/react-query";
import type { GardenSpot } from "@tearoom/domain";

/** The Secret Garden spots from the public REST path (R15); the same list the visitors see. */
export function useGardenSpots() {
  return useQuery({
    queryKey: ["/api/garden-spots"],
    queryFn: async ({ signal }): Promise<GardenSpot[]> => {
      const res = await fetch("/api/garden-spots", { credentials: "include", signal });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as GardenSpot[];
    },
  });
}
