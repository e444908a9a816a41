import { Alert, Button, Group, List, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { fromMinutes, GUEST_LIMITS, londonNow, TABLE_LABEL_MAX, type AreaView, type BookingWarning, type WalkIn } from "@tearoom/domain";
import { useEffect, useState } from "react";
import { Dialog } from "../common/Dialog";

interface WalkInDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the walk-in; `force` once staff chose "Seat anyway" over the warnings. */
  onSeat: (walkIn: WalkIn) => void;
  /** The warnings the server refused the seat with (R29), or null. */
  warnings: BookingWarning[] | null;
  /** Called when the party changes, so warnings about another party go. */
  onChangeParty: () => void;
  pending?: boolean;
  areas: AreaView[];
}

const FIRST_WITH_ROOM = "";
const nowHHmm = () => fromMinutes(londonNow().minutes);

/** R44: a party at the door seated in a tap or two: how many, where (first with room unless chosen), now or at a time. */
export function WalkInDialog({ opened, onClose, onSeat, warnings, onChangeParty, pending, areas }: WalkInDialogProps) {
  const [guests, setGuests] = useState(2);
  const [areaId, setAreaId] = useState(FIRST_WITH_ROOM);
  const [time, setTime] = useState("");
  const [now, setNow] = useState("");
  const [name, setName] = useState("");
  const [tableLabel, setTableLabel] = useState("");

  useEffect(() => {
    if (!opened) return;
    // Each opening starts afresh, at the time it is now.
    const at = nowHHmm();
    setGuests(2);
    setAreaId(FIRST_WITH_ROOM);
    setTime(at);
    setNow(at);
    setName("");
    setTableLabel("");
  }, [opened]);

  const max = GUEST_LIMITS.admin.max;
  // Warnings were about the party as it was; a change of who, where or when drops them.
  const party = (change: () => void) => {
    change();
    onChangeParty();
  };
  const valid = Number.isInteger(guests) && guests >= 1 && guests <= max && /^\d{2}:\d{2}$/.test(time);
  const walkIn = (force: boolean): WalkIn => ({
    guests,
    ...(areaId ? { areaId: Number(areaId) } : {}),
    // Left at now, the server seats the party at its own now.
    ...(time !== now ? { time } : {}),
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(tableLabel.trim() ? { tableLabel: tableLabel.trim() } : {}),
    force,
  });
  // Garden spots are booked ahead, never walked into.
  const rooms = areas.filter((a) => a.gardenSpotId === null);

  return (
    <Dialog opened={opened} onClose={onClose} title="Seat walk-in">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onSeat(walkIn(false));
        }}
      >
        <Stack gap="md">
          <div>
            <Text component="label" htmlFor="walk-in-guests" fw={500} size="sm">
              Guests
            </Text>
            <Group gap="xs" wrap="nowrap" mt={4}>
              <Button
                size="lg"
                variant="default"
                onClick={() => party(() => setGuests((g) => Math.max(1, g - 1)))}
                disabled={guests <= 1}
                aria-label="One guest fewer"
              >
                −
              </Button>
              <NumberInput
                id="walk-in-guests"
                size="lg"
                min={1}
                max={max}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                value={guests}
                onChange={(v) => party(() => setGuests(typeof v === "number" ? v : Number(v) || 0))}
                styles={{ input: { textAlign: "center", fontWeight: 700 } }}
                style={{ flex: 1 }}
                data-autofocus
              />
              <Button
                size="lg"
                variant="default"
                onClick={() => party(() => setGuests((g) => Math.min(max, g + 1)))}
                disabled={guests >= max}
                aria-label="One guest more"
              >
                +
              </Button>
            </Group>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label="Area"
              size="md"
              value={areaId}
              onChange={(e) => {
                const value = e.currentTarget.value;
                party(() => setAreaId(value));
              }}
              data={[{ value: FIRST_WITH_ROOM, label: "First with room" }, ...rooms.map((a) => ({ value: String(a.id), label: `${a.name} (${a.seats})` }))]}
            />
            <TextInput
              label="Time"
              type="time"
              size="md"
              value={time}
              onChange={(e) => {
                const value = e.currentTarget.value;
                party(() => setTime(value));
              }}
            />
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="Name" size="md" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} placeholder="Walk-in" />
            <TextInput label="Table" size="md" value={tableLabel} onChange={(e) => setTableLabel(e.currentTarget.value)} maxLength={TABLE_LABEL_MAX} />
          </SimpleGrid>
          {warnings ? (
            <Alert color="gold" variant="light" p="sm" title="The room has no seats for this party" role="alert">
              <List spacing="xs" size="sm">
                {warnings.map((w) => (
                  <List.Item key={w.code} data-warning={w.code}>
                    {w.message}
                  </List.Item>
                ))}
              </List>
              <Text size="sm" mt="xs">
                Nobody has been seated yet.
              </Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            {warnings ? (
              <Button color="gold" size="md" onClick={() => onSeat(walkIn(true))} loading={pending} disabled={!valid}>
                Seat anyway
              </Button>
            ) : (
              <Button type="submit" size="md" loading={pending} disabled={!valid}>
                Seat {guests > 0 ? guests : ""}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
