import { Badge, Group, Stack, Text } from "@mantine/core";
import type { Booking } from "@tearoom/domain";

type Notes = Pick<Booking, "dietaryRequirements" | "specialRequests" | "staffNotes">;

/** R30: the guest's notes and the staff's own, each flagged so a glance finds them. */
const KINDS = [
  { key: "dietaryRequirements", label: "Dietary", color: "rose", variant: "light" },
  { key: "specialRequests", label: "Request", color: "gold", variant: "light" },
  // Outlined: the team's own words, not the guest's.
  { key: "staffNotes", label: "Staff note", color: "sage", variant: "outline" },
] as const;

interface BookingNotesProps {
  booking: Notes;
  /** In the list, long notes are cut to two lines (the whole text is in the title); dialogs show all. */
  compact?: boolean;
}

/** Dietary requirements, special requests and staff notes (internal, never e-mailed), each with its flag. */
export function BookingNotes({ booking, compact }: BookingNotesProps) {
  const notes = KINDS.filter(({ key }) => booking[key]?.trim());
  if (notes.length === 0) return null;
  return (
    <Stack gap={4} mt={compact ? 4 : 0}>
      {notes.map(({ key, label, color, variant }) => (
        <Group key={key} gap={6} wrap="nowrap" align="flex-start">
          <Badge size="xs" color={color} variant={variant} style={{ flexShrink: 0, marginTop: 2 }}>
            {label}
          </Badge>
          <Text
            size="xs"
            fw={400}
            lineClamp={compact ? 2 : undefined}
            title={compact ? booking[key]! : undefined}
            style={{ whiteSpace: compact ? undefined : "pre-wrap", textAlign: "left" }}
          >
            {booking[key]}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
