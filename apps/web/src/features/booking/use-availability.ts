import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { BookingType } from "@tearoom/domain";

/** GET /api/availability: the slots of a day, each with the places left (R13). */
export interface Availability {
  type: BookingType;
  date: string;
  bookable: boolean;
  slots: { time: string; remaining: number }[];
}

export function availabilityPath(type: BookingType, date: string, gardenSpotId?: string | null): string {
  const params = new URLSearchParams({ type, date });
  if (gardenSpotId) params.set("gardenSpotId", gardenSpotId);
  return `/api/availability?${params.toString()}`;
}

/** The slots for a type and date; nothing is asked until a date is chosen. */
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
