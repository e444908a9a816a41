import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { AreaView } from "@tearoom/domain";
import { areaPartErrors, type AreaPart } from "./area-part";

interface AreaPartFieldsProps {
  value: AreaPart;
  areas: readonly AreaView[];
  /** Today in London: earlier days cannot be closed. */
  today: string;
  onChange: (part: AreaPart) => void;
}

/** Part of a day in one area (R45: a private party on the Terrace 14:00–17:00): the phone's own date and time pickers. */
export function AreaPartFields({ value, areas, today, onChange }: AreaPartFieldsProps) {
  const errors = areaPartErrors(value, today);
  const set = (field: keyof AreaPart) => (e: { currentTarget: { value: string } }) => onChange({ ...value, [field]: e.currentTarget.value });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <NativeSelect
        label="Area"
        data={[{ value: "", label: "Choose an area", disabled: true }, ...areas.map((a) => ({ value: String(a.id), label: `${a.name} (${a.seats} seats)` }))]}
        value={value.areaId}
        error={errors.areaId}
        onChange={set("areaId")}
      />
      <TextInput type="date" label="Date" min={today} value={value.date} error={errors.date} onChange={set("date")} />
      <TextInput type="time" label="From" step={900} value={value.startTime} error={errors.startTime} onChange={set("startTime")} />
      <TextInput type="time" label="Until" step={900} value={value.endTime} error={errors.endTime} onChange={set("endTime")} />
      <TextInput
        label="Reason (for staff)"
        placeholder="Private party"
        maxLength={200}
        value={value.reason}
        onChange={set("reason")}
        style={{ gridColumn: "1 / -1" }}
      />
    </SimpleGrid>
  );
}
