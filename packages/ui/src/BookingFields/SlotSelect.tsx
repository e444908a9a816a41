import "@mantine/core/styles/Input.css";
import { NativeSelect } from "@mantine/core";
import { formatTime12h } from "@tearoom/domain";

export interface Slot {
  time: string;
  remaining: number;
}

export interface SlotSelectProps {
  label: string;
  /** Slots from GET /api/availability; undefined while loading. */
  slots: readonly Slot[] | undefined;
  /** Party size: only slots with at least this much room are offered (R13). */
  guests: number;
  value: string;
  onChange: (time: string) => void;
  error?: string | null;
  /** Shown before a date is chosen. */
  needsDate?: boolean;
  required?: boolean;
  id?: string;
  /** Extra label per time, e.g. "(Private Events Only)". */
  describeTime?: (time: string) => string | null;
}

/** The times with room for a party of `guests` (R13). */
export function slotsWithRoom(slots: readonly Slot[] | undefined, guests: number): Slot[] {
  return (slots ?? []).filter((s) => s.remaining >= guests);
}

/** The time field of a booking form: a native select of the times that still have room. */
export function SlotSelect({ label, slots, guests, value, onChange, error, needsDate, required, id, describeTime }: SlotSelectProps) {
  const open = slotsWithRoom(slots, guests);
  let placeholder = "Select a time";
  if (needsDate) placeholder = "Choose a date first";
  else if (!slots) placeholder = "Loading times…";
  else if (open.length === 0) placeholder = "No times with room on this day";
  const data = [
    { value: "", label: placeholder },
    ...open.map((s) => {
      const extra = describeTime?.(s.time);
      return { value: s.time, label: `${formatTime12h(s.time)}${extra ? ` ${extra}` : ""}` };
    }),
  ];
  return (
    <NativeSelect
      id={id}
      label={label}
      required={required}
      data={data}
      value={open.some((s) => s.time === value) ? value : ""}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error || undefined}
      disabled={needsDate || !slots}
    />
  );
}
