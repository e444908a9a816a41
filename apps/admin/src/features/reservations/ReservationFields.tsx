import { NativeSelect, NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { formatTime12h, GUEST_LIMITS } from "@tearoom/domain";
import { adminGuestsFrom, type EditDraft } from "./reservation-form";

interface ReservationFieldsProps {
  values: EditDraft;
  errors: Record<string, string>;
  onChange: <K extends keyof EditDraft>(key: K, value: EditDraft[K]) => void;
  times: string[];
  /** The earliest date the picker offers (today in London). */
  minDate?: string;
}

/** Name, e-mail, phone, date, time and guests (1–20), shared by the add and edit dialogs. */
export function ReservationFields({ values, errors, onChange, times, minDate }: ReservationFieldsProps) {
  return (
    <>
      <TextInput label="Name" value={values.name} onChange={(e) => onChange("name", e.currentTarget.value)} error={errors.name || undefined} withAsterisk autoComplete="off" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Email" type="email" value={values.email} onChange={(e) => onChange("email", e.currentTarget.value)} error={errors.email || undefined} withAsterisk autoComplete="off" />
        <TextInput label="Phone" type="tel" value={values.phone} onChange={(e) => onChange("phone", e.currentTarget.value)} error={errors.phone || undefined} withAsterisk autoComplete="off" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Date" type="date" min={minDate} value={values.date} onChange={(e) => onChange("date", e.currentTarget.value)} error={errors.date || undefined} withAsterisk />
        <NativeSelect
          label="Time"
          value={values.time}
          onChange={(e) => onChange("time", e.currentTarget.value)}
          data={[{ value: "", label: "Select a time", disabled: true }, ...times.map((t) => ({ value: t, label: `${t} (${formatTime12h(t)})` }))]}
          error={errors.time || undefined}
          withAsterisk
        />
        <NumberInput
          label="Guests"
          min={GUEST_LIMITS.admin.min}
          max={GUEST_LIMITS.admin.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={values.guests}
          onChange={(v) => onChange("guests", v)}
          onBlur={() => onChange("guests", adminGuestsFrom(values.guests))}
          error={errors.guests || undefined}
          withAsterisk
        />
      </SimpleGrid>
    </>
  );
}
