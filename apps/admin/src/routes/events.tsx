import { Badge, Button, Card, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatLongDate, formatPence, formatTime12h, type AreaView, type Event, type Sitting } from "@tearoom/domain";
import { useState } from "react";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { londonToday } from "../features/day-sheet/day-date";
import { useTRPC } from "../trpc";

// R53: staff make events (name, text, picture, price per ticket), publish them, and give them
// sittings that take seats from one area, with tickets sold shown.

interface EventDraft {
  name: string;
  description: string;
  imageUrl: string;
  pounds: number | string;
  published: boolean;
}
const emptyEvent: EventDraft = { name: "", description: "", imageUrl: "", pounds: "", published: false };
const draftOf = (e: Event): EventDraft => ({
  name: e.name,
  description: e.description,
  imageUrl: e.imageUrl ?? "",
  pounds: e.pricePence / 100,
  published: e.published,
});
const pence = (pounds: number | string) => Math.round(Number(pounds || 0) * 100);

function EventFields({ value, onChange }: { value: EventDraft; onChange: (next: EventDraft) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label="Name" required maxLength={120} value={value.name} onChange={(e) => onChange({ ...value, name: e.currentTarget.value })} />
      <NumberInput
        label="Price per ticket (£)"
        required
        min={0}
        max={1000}
        decimalScale={2}
        fixedDecimalScale
        value={value.pounds}
        onChange={(v) => onChange({ ...value, pounds: v })}
      />
      <Textarea
        label="Text"
        autosize
        minRows={2}
        maxLength={4000}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
        style={{ gridColumn: "1 / -1" }}
      />
      <TextInput
        label="Picture URL"
        placeholder="/images/… or https://…"
        maxLength={500}
        value={value.imageUrl}
        onChange={(e) => onChange({ ...value, imageUrl: e.currentTarget.value })}
      />
      <Checkbox
        label="Published on What's On"
        checked={value.published}
        onChange={(e) => onChange({ ...value, published: e.currentTarget.checked })}
        style={{ alignSelf: "end" }}
      />
    </SimpleGrid>
  );
}

interface SittingDraft {
  date: string;
  time: string;
  minutes: number | string;
  tickets: number | string;
  areaId: string;
  perOrderLimit: number | string;
  salesCutoffMinutes: number | string;
  question: string;
  closesArea: boolean;
}
const emptySitting = (today: string): SittingDraft => ({
  date: today,
  time: "15:00",
  minutes: 120,
  tickets: 12,
  areaId: "",
  perOrderLimit: 10,
  salesCutoffMinutes: 60,
  question: "",
  closesArea: false,
});
const sittingDraftOf = (s: Sitting): SittingDraft => ({
  date: s.date,
  time: s.time,
  minutes: s.minutes,
  tickets: s.tickets,
  areaId: String(s.areaId),
  perOrderLimit: s.perOrderLimit,
  salesCutoffMinutes: s.salesCutoffMinutes,
  question: s.question ?? "",
  closesArea: s.closesArea,
});
const sittingInput = (d: SittingDraft) => ({
  date: d.date,
  time: d.time,
  minutes: Number(d.minutes),
  tickets: Number(d.tickets),
  areaId: Number(d.areaId),
  perOrderLimit: Number(d.perOrderLimit),
  salesCutoffMinutes: Number(d.salesCutoffMinutes),
  question: d.question.trim() || null,
  closesArea: d.closesArea,
});

function SittingFields({ value, areas, onChange }: { value: SittingDraft; areas: readonly AreaView[]; onChange: (next: SittingDraft) => void }) {
  const set = (field: keyof SittingDraft) => (v: string | number) => onChange({ ...value, [field]: v });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <TextInput type="date" label="Date" required value={value.date} onChange={(e) => set("date")(e.currentTarget.value)} />
      <TextInput type="time" label="Time" required step={900} value={value.time} onChange={(e) => set("time")(e.currentTarget.value)} />
      <NumberInput label="Minutes" min={15} max={720} step={15} value={value.minutes} onChange={set("minutes")} />
      <NumberInput label="Tickets" min={1} max={500} value={value.tickets} onChange={set("tickets")} />
      <NativeSelect
        label="Area"
        required
        data={[{ value: "", label: "Choose an area", disabled: true }, ...areas.map((a) => ({ value: String(a.id), label: `${a.name} (${a.seats} seats)` }))]}
        value={value.areaId}
        onChange={(e) => set("areaId")(e.currentTarget.value)}
      />
      <NumberInput label="Per-order limit" min={1} max={50} value={value.perOrderLimit} onChange={set("perOrderLimit")} />
      <NumberInput label="Sales close (minutes before)" min={0} max={10080} step={15} value={value.salesCutoffMinutes} onChange={set("salesCutoffMinutes")} />
      <TextInput label="Question (optional)" maxLength={200} value={value.question} onChange={(e) => set("question")(e.currentTarget.value)} />
      <Checkbox
        label="Close normal booking of the area for the sitting"
        checked={value.closesArea}
        onChange={(e) => onChange({ ...value, closesArea: e.currentTarget.checked })}
        style={{ gridColumn: "1 / -1" }}
      />
    </SimpleGrid>
  );
}

function EventCard({ event, areas }: { event: Event; areas: readonly AreaView[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const today = londonToday();
  const [editing, setEditing] = useState<EventDraft | null>(null);
  const [adding, setAdding] = useState<SittingDraft | null>(null);
  const [changing, setChanging] = useState<{ id: number; draft: SittingDraft } | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.events.pathFilter());
  const areaName = (id: number) => areas.find((a) => a.id === id)?.name ?? `Area ${id}`;

  const update = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: async (e) => {
        setEditing(null);
        success("Event saved", e.published ? `${e.name} is on What's On.` : `${e.name} is not published.`);
        await refresh();
      },
      onError: (err) => failure("Failed to save the event", err),
    }),
  );
  const addSitting = useMutation(
    trpc.events.addSitting.mutationOptions({
      onSuccess: async () => {
        setAdding(null);
        success("Sitting added");
        await refresh();
      },
      onError: (err) => failure("Failed to add the sitting", err),
    }),
  );
  const updateSitting = useMutation(
    trpc.events.updateSitting.mutationOptions({
      onSuccess: async () => {
        setChanging(null);
        success("Sitting saved");
        await refresh();
      },
      onError: (err) => failure("Failed to save the sitting", err),
    }),
  );
  const removeSitting = useMutation(
    trpc.events.removeSitting.mutationOptions({
      onSuccess: async () => {
        success("Sitting removed");
        await refresh();
      },
      onError: (err) => failure("Failed to remove the sitting", err),
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`event-${event.id}`} data-testid="admin-event">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={2} fz="xl" id={`event-${event.id}`}>
            {event.name}
          </Title>
          <Text c="dimmed" size="sm">
            {formatPence(event.pricePence)} per ticket · /whats-on#event-{event.slug}
          </Text>
          {/* Decision 039: a sitting holds its seats from the moment it is planned, so publishing never finds the room full. */}
          {!event.published && event.sittings.length > 0 ? (
            <Text size="sm" mt={4} data-testid="draft-holds-seats">
              Not on sale yet, but its sittings already hold their seats in the room. Remove a sitting to free its seats.
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Badge color={event.published ? "sage" : "gray"} variant="light">
            {event.published ? "Published" : "Draft"}
          </Badge>
          {editing ? null : (
            <Button size="xs" variant="outline" onClick={() => setEditing(draftOf(event))}>
              Edit event
            </Button>
          )}
        </Group>
      </Group>
      {editing ? (
        <Stack gap="sm" mt="md">
          <EventFields value={editing} onChange={setEditing} />
          <Group gap="sm">
            <Button
              loading={update.isPending}
              onClick={() =>
                update.mutate({
                  id: event.id,
                  name: editing.name,
                  description: editing.description,
                  imageUrl: editing.imageUrl || null,
                  pricePence: pence(editing.pounds),
                  published: editing.published,
                })
              }
            >
              Save event
            </Button>
            <Button variant="subtle" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}

      <Table.ScrollContainer minWidth={560} mt="md">
        <Table verticalSpacing="xs" aria-label={`Sittings of ${event.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Area</Table.Th>
              <Table.Th>Sold</Table.Th>
              <Table.Th>Left</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {event.sittings.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>No sittings yet.</Table.Td>
              </Table.Tr>
            ) : (
              event.sittings.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {formatLongDate(s.date)}, {formatTime12h(s.time)} ({s.minutes} min)
                    {s.question ? (
                      <Text size="xs" c="dimmed">
                        Asks: {s.question}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {areaName(s.areaId)}
                    {s.closesArea ? " (closed to bookings)" : ""}
                  </Table.Td>
                  <Table.Td>
                    {s.ticketsSold} of {s.tickets}
                  </Table.Td>
                  <Table.Td>{s.ticketsLeft === 0 ? "Sold out" : s.ticketsLeft}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setChanging({ id: s.id, draft: sittingDraftOf(s) })}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="rose"
                        loading={removeSitting.isPending && removeSitting.variables?.sittingId === s.id}
                        onClick={() => removeSitting.mutate({ id: event.id, sittingId: s.id })}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {changing ? (
        <Stack gap="sm" mt="md">
          <Title order={3} fz="md">
            Edit sitting
          </Title>
          <SittingFields value={changing.draft} areas={areas} onChange={(draft) => setChanging({ ...changing, draft })} />
          <Group gap="sm">
            <Button
              loading={updateSitting.isPending}
              onClick={() => updateSitting.mutate({ id: event.id, sittingId: changing.id, ...sittingInput(changing.draft) })}
            >
              Save sitting
            </Button>
            <Button variant="subtle" onClick={() => setChanging(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : adding ? (
        <Stack gap="sm" mt="md">
          <Title order={3} fz="md">
            New sitting
          </Title>
          <SittingFields value={adding} areas={areas} onChange={setAdding} />
          <Group gap="sm">
            <Button loading={addSitting.isPending} disabled={!adding.areaId} onClick={() => addSitting.mutate({ id: event.id, ...sittingInput(adding) })}>
              Add sitting
            </Button>
            <Button variant="subtle" onClick={() => setAdding(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group mt="sm">
          <Button size="xs" variant="light" onClick={() => setAdding(emptySitting(today))}>
            Add a sitting
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** /admin/events (R53): events with ticketed sittings, sold on the public What's On page. */
export default function EventsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const events = useQuery(trpc.events.list.queryOptions());
  const areas = useQuery(trpc.areas.list.queryOptions());
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: async (e) => {
        setDraft(null);
        success("Event created", e.published ? `${e.name} is on What's On once it has a sitting.` : `${e.name} is saved as a draft.`);
        await queryClient.invalidateQueries(trpc.events.pathFilter());
      },
      onError: (err) => failure("Failed to create the event", err),
    }),
  );
  const ordinaryAreas = (areas.data ?? []).filter((a) => a.gardenSpotId === null);

  return (
    <>
      <PageHeader
        title="Events"
        description="Ticketed sittings sold on What's On: each takes seats from its area for its time."
        actions={draft ? null : <Button onClick={() => setDraft(emptyEvent)}>New event</Button>}
      />
      <Stack gap="lg">
        {draft ? (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="new-event-title">
            <Title order={2} fz="xl" id="new-event-title" mb="sm">
              New event
            </Title>
            <EventFields value={draft} onChange={setDraft} />
            <Group gap="sm" mt="md">
              <Button
                loading={create.isPending}
                onClick={() =>
                  create.mutate({
                    name: draft.name,
                    description: draft.description,
                    imageUrl: draft.imageUrl || null,
                    pricePence: pence(draft.pounds),
                    published: draft.published,
                  })
                }
              >
                Create event
              </Button>
              <Button variant="subtle" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Group>
          </Card>
        ) : null}
        <QueryState query={events} what="events">
          {events.data?.length === 0 ? (
            <Text c="dimmed">No events yet. Make one with “New event”.</Text>
          ) : (
            events.data?.map((e) => <EventCard key={e.id} event={e} areas={ordinaryAreas} />)
          )}
        </QueryState>
      </Stack>
    </>
  );
}
