import { Button, Group, SimpleGrid, Stack, Table, TagsInput, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BOOKING_TYPE_LABELS, formatPence, formatTime12h, GUEST_NOTES_MAX, GUEST_TAG_MAX, GUEST_TAGS_MAX, type Guest } from "@tearoom/domain";
import { StatCard } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { Dialog } from "../common/Dialog";
import { useFeedback } from "../common/feedback";
import { formatShortDate } from "../common/format";
import { QueryState } from "../common/QueryState";
import { STATUS_LABELS } from "../reservations/ReservationTable";
import { useTRPC } from "../../trpc";

/** R55: one guest, their counts, staff's notes and tags (saved together), and their bookings. */
export function GuestDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.guests.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  return (
    <Dialog opened={id !== null} onClose={onClose} title={query.data?.name ?? "Guest"} size="xl">
      <QueryState query={query} what="the guest">
        {query.data ? <GuestDetail key={query.data.id} guest={query.data} /> : null}
      </QueryState>
    </Dialog>
  );
}

function GuestDetail({ guest }: { guest: Guest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [notes, setNotes] = useState(guest.notes);
  const [tags, setTags] = useState(guest.tags);
  useEffect(() => {
    setNotes(guest.notes);
    setTags(guest.tags);
  }, [guest.notes, guest.tags]);
  const save = useMutation(
    trpc.guests.update.mutationOptions({
      onSuccess: () => success("Guest saved"),
      onError: (error) => failure("Could not save the guest", error),
      onSettled: () => queryClient.invalidateQueries(trpc.guests.pathFilter()),
    }),
  );
  const changed = notes !== guest.notes || JSON.stringify(tags) !== JSON.stringify(guest.tags);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {[guest.email, guest.phone].filter(Boolean).join(" · ")}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <StatCard label="Visits" value={guest.visits} tone="sage" />
        <StatCard label="No-shows" value={guest.noShows} tone="rose" />
        <StatCard label="Late cancels" value={guest.lateCancels} tone="gold" />
        <StatCard label="Spend" value={formatPence(guest.spendPence)} tone="plum" />
      </SimpleGrid>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ id: guest.id, notes, tags });
        }}
      >
        <Stack gap="sm">
          <TagsInput
            label="Tags"
            description={`Up to ${GUEST_TAGS_MAX} short tags, e.g. Regular, Corner table; press Enter after each`}
            value={tags}
            onChange={setTags}
            maxTags={GUEST_TAGS_MAX}
            maxLength={GUEST_TAG_MAX}
            clearable
          />
          <Textarea
            label="Notes"
            description="Seen by staff only"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            maxLength={GUEST_NOTES_MAX}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save notes and tags
            </Button>
          </Group>
        </Stack>
      </form>
      <Title order={3} size="h4">
        Bookings ({guest.bookings.length})
      </Title>
      <div style={{ overflowX: "auto" }}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Booking</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {guest.bookings.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  {formatShortDate(b.date)} {formatTime12h(b.time)}
                </Table.Td>
                <Table.Td>
                  {BOOKING_TYPE_LABELS[b.type]}, {b.guests} {b.guests === 1 ? "guest" : "guests"}{" "}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {b.reference}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {STATUS_LABELS[b.status]}
                  {b.arrival === "no-show" ? " · No-show" : b.arrival === "arrived" ? " · Arrived" : ""}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
