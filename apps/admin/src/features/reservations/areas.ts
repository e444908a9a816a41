import { useQuery } from "@tanstack/react-query";
import type { AreaView, Booking } from "@tearoom/domain";
import { useTRPC } from "../../trpc";

/** The seating areas (R44), in the order they are filled; garden spots' own areas included. */
export function useAreas() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.areas.list.queryOptions(), staleTime: 60_000 });
}

/** The name of the area a booking sits in, or "" while it has none (or the list has not come). */
export function areaName(b: Pick<Booking, "areaId">, areas: readonly Pick<AreaView, "id" | "name">[]): string {
  return b.areaId == null ? "" : (areas.find((a) => a.id === b.areaId)?.name ?? "");
}
