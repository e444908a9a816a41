import { useQuery } from "@tanstack/react-query";
import type { Booking, GuestSummary } from "@tearoom/domain";
import { useTRPC } from "../../trpc";

/** R55: the guests of a page of bookings, by id, in one call; empty until it answers. */
export function useGuestSummaries(bookings: readonly Pick<Booking, "guestId">[]): Map<number, GuestSummary> {
  const trpc = useTRPC();
  const ids = [...new Set(bookings.flatMap((b) => (b.guestId ? [b.guestId] : [])))].sort((a, b) => a - b);
  const query = useQuery({ ...trpc.guests.list.queryOptions({ ids: ids.join(","), pageSize: 200 }), enabled: ids.length > 0 });
  return new Map((query.data?.items ?? []).map((g) => [g.id, g]));
}
