import { NativeSelect, NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { formatTime12h, GUEST_LIMITS } from "@tearoom/domain";
import type { ReactNode } from "react";
import { adminGuestsFrom, type ContactDraft } from "./reservation-form";

interface ReservationFieldsProps<T extends ContactDraft> {
  /** The dialog's form (@mantine/form); these fields read and write its contact, date, time and guests. */
  form: UseFormReturnType<T>;
  times: string[];
  /** The earliest date the picker offers (today in London). */
  minDate?: string;
  /** Shown under the guests field, e.g. what a change of guests means for a paid tea (R34). */
  guestsNote?: ReactNode;
}

/** Name, e-mail, phone, date, time and guests (1–20), shared by the add and edit dialogs. */
export function ReservationFields<T extends ContactDraft>({ form: typed, times, minDate, guestsNote }: ReservationFieldsProps<T>) {
  // Only the shared fields are touched here, whatever else the dialog's form holds.
  const form = typed as unknown as UseFormReturnType<ContactDraft>;
  return (
    <>
      <TextInput label="Name" {...form.getInputProps("name")} withAsterisk autoComplete="off" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Email" description="Optional for a phone booking" type="email" {...form.getInputProps("email")} autoComplete="off" />
        {/* Both with a line of help, so the two inputs stay level side by side. */}
        <TextInput label="Phone" description="Needed for every booking" type="tel" {...form.getInputProps("phone")} withAsterisk autoComplete="off" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Date" type="date" min={minDate} {...form.getInputProps("date")} withAsterisk />
        <NativeSelect
          label="Time"
          {...form.getInputProps("time")}
          data={[{ value: "", label: "Select a time", disabled: true }, ...times.map((t) => ({ value: t, label: `${t} (${formatTime12h(t)})` }))]}
          withAsterisk
        />
        <NumberInput
          label="Guests"
          min={GUEST_LIMITS.admin.min}
          max={GUEST_LIMITS.admin.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          {...form.getInputProps("guests")}
          onBlur={() => form.setFieldValue("guests", adminGuestsFrom(form.getValues().guests))}
          withAsterisk
        />
      </SimpleGrid>
      {guestsNote}
    </>
  );
}
