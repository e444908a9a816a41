import { Anchor, Badge, Group } from "@mantine/core";
import { guestSummaryText, type Booking, type GuestSummary } from "@tearoom/domain";
import { Link } from "react-router";
import { useGuestSummaries } from "./use-guest-summaries";

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
