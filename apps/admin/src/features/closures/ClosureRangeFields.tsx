import { SimpleGrid, TextInput } from "@mantine/core";
import { rangeErrors } from "./closure-range";

interface ClosureRangeFieldsProps {
  from: string;
  to: string;
  /** Today in London: earlier days cannot be closed. */
  today: string;
  onChange: (range: { from: string; to: string }) => void;
}

/** The first and last dates of a closure (R45), both included: the phone's own date pickers. */
export function ClosureRangeFields({ from, to, today, onChange }: ClosureRangeFieldsProps) {
  const errors = rangeErrors(from, to, today);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        type="date"
        label="From"
        description="The first date closed"
        min={today}
        value={from}
        error={errors.from}
        onChange={(e) => onChange({ from: e.currentTarget.value, to: to && to < e.currentTarget.value ? e.currentTarget.value : to })}
      />
      <TextInput
        type="date"
        label="To"
        description="The last date closed"
        min={from || today}
        value={to}
        error={errors.to}
        onChange={(e) => onChange({ from, to: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
