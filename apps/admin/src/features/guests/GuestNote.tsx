import { Anchor, Badge, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { guestSummaryText, type Booking, type GuestSummary } from "@tearoom/domain";
import { Link } from "react-router";
import { useTRPC } from "../../trpc";

/** R55: the guests of a page of bookings, by id, in one call; empty until it answers. */
export function useGuestSummaries(bookings: readonly Pick<Booking, "guestId">[]): Map<number, GuestSummary> {
  const trpc = useTRPC();
  const ids = [...new Set(bookings.flatMap((b) => (b.guestId ? [b.guestId] : [])))].sort((a, b) => a - b);
  const query = useQuery({ ...trpc.guests.list.queryOptions({ ids: ids.join(","), pageSize: 200 }), enabled: ids.length > 0 });
  return new Map((query.data?.items ?? []).map((g) => [g.id, g]));
}

/** R55: beside a booking, its guest's tags and "3 visits · 1 no-show", linking to the guest. */
export function GuestNote({ guest }: { guest: GuestSummary | undefined }) {
  if (!guest) return null;
  return (
    <Group gap={4} wrap="wrap" component="span" data-guest-note>
      <Anchor component={Link} to={`/guests?id=${guest.id}`} size="xs" aria-label={`Guest record of ${guest.name}: ${guestSummaryText(guest)}`}>
        {guestSummaryText(guest)}
      </Anchor>
      {guest.tags.map((tag) => (
        <Badge key={tag} size="xs" variant="light" color="rose">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** GuestNote for one booking, in a booking's dialog; nothing for a booking without a guest. */
export function BookingGuestNote({ booking }: { booking: Pick<Booking, "guestId"> }) {
  return booking.guestId ? <GuestNoteOf id={booking.guestId} /> : null;
}

function GuestNoteOf({ id }: { id: number }) {
  return <GuestNote guest={useGuestSummaries([{ guestId: id }]).get(id)} />;
}
