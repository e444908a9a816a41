import { Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { formatPence, REFUND_REASON_MAX } from "@tearoom/domain";

/** What the form's `getInputProps(field)` gives an input. */
type InputProps = ReturnType<UseFormReturnType<Record<string, unknown>>["getInputProps"]>;

/** R34: the part of a payment to refund, in pounds, up to what is left (refund-form.ts reads it). */
export function RefundAmountInput({ left, input }: { left: number; input: InputProps }) {
  return (
    <TextInput
      label="Amount to refund (£)"
      description={`Up to ${formatPence(left)}, e.g. 29.95`}
      leftSection="£"
      inputMode="decimal"
      autoComplete="off"
      withAsterisk
      {...input}
    />
  );
}

/** R34: why staff refund, kept with the refund; never shown to the guest. */
export function RefundReasonInput({ label, rows, input }: { label: string; rows: number; input: InputProps }) {
  return (
    <Textarea
      label={label}
      description="Kept with the refund for the records; the guest is not shown it."
      rows={rows}
      maxLength={REFUND_REASON_MAX}
      withAsterisk
      {...input}
    />
  );
}
