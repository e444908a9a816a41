import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { Availability, BookingType } from "@tearoom/domain";

export function availabilityPath(type: BookingType, date: string, gardenSpotId?: string | null): string {
  const params = new URLSearchParams({ type, date });
  if (gardenSpotId) params.set("gardenSpotId", gardenSpotId);
  return `/api/availability?${params.toString()}`;
}

/** GET /api/availability: the slots of a day with the places left (R13); nothing is asked until a date is chosen. */
export function useAvailability(type: BookingType, date: string | null, gardenSpotId?: string | null) {
  return useQuery<Availability>({
    queryKey: [date ? availabilityPath(type, date, gardenSpotId) : "/api/availability"],
    enabled: Boolean(date) && (type !== "secretGarden" || Boolean(gardenSpotId)),
  });
}

/** After a booking the places left have changed: ask again next time. */
export function invalidateAvailability(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/availability") });
}
