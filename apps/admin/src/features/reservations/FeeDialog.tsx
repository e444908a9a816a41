import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  FEE_KIND_LABELS,
  FEE_REASON_MAX,
  feeAmount,
  feeCapPence,
  formatPence,
  parsePoundsStrict,
  type BookingPolicy,
  type Booking,
  type FeeRequest,
  type PolicyFee,
} from "@tearoom/domain";
import { Dialog } from "../common/Dialog";
import { BookingMoneyHeader } from "./PaymentSummary";

/** What became of the last charge: charged, or the provider's (or the server's) refusal. */
export type FeeResult = { kind: "charged"; pence: number } | { kind: "failed"; message: string } | null;

interface FeeDialogProps {
  /** The booking and which fee; null closes the dialog. */
  target: { booking: Booking; kind: PolicyFee } | null;
  /** The booking type's policy, for the amount and its cap; undefined while loading. */
  policy: BookingPolicy | undefined;
  onClose: () => void;
  onCharge: (booking: Booking, request: FeeRequest) => void;
  pending?: boolean;
  result: FeeResult;
}

/** R48: charge a no-show or late-cancel fee to the booking's saved card, at most the policy's amount, with a reason. */
export function FeeDialog({ target, policy, onClose, onCharge, pending, result }: FeeDialogProps) {
  return (
    <Dialog opened={target !== null} onClose={onClose} title={target ? `Charge ${FEE_KIND_LABELS[target.kind].toLowerCase()}` : "Charge fee"}>
      {target && policy ? (
        <FeeForm
          key={`${target.booking.id}-${target.kind}`}
          {...target}
          policy={policy}
          onClose={onClose}
          onCharge={onCharge}
          pending={pending}
          result={result}
        />
      ) : null}
    </Dialog>
  );
}

function FeeForm({
  booking,
  kind,
  policy,
  onClose,
  onCharge,
  pending,
  result,
}: { booking: Booking; kind: PolicyFee; policy: BookingPolicy } & Omit<FeeDialogProps, "target" | "policy">) {
  const cap = feeCapPence(policy, kind, booking.guests);
  const perGuest = kind === "no-show" ? policy.noShowFeePencePerGuest : policy.lateCancelFeePencePerGuest;
  const form = useForm({
    mode: "controlled",
    initialValues: { amount: (cap / 100).toFixed(2), reason: "" },
    validate: {
      amount: (value) => {
        const pence = parsePoundsStrict(value);
        if (pence === null) return "Give an amount in pounds, e.g. 15 or 12.50";
        if (pence < 30) return "At least £0.30";
        const checked = feeAmount(kind, pence, policy, booking.guests);
        return "refusal" in checked ? `At most ${formatPence(cap)}: the policy's ${formatPence(perGuest)} per guest` : null;
      },
      reason: (value) => (value.trim() ? null : "Please say why the fee is charged"),
    },
  });
  const pence = parsePoundsStrict(form.getValues().amount);

  if (result?.kind === "charged") {
    return (
      <Stack gap="md">
        <Alert color="sage" title="Fee charged" role="status" data-testid="fee-result">
          {formatPence(result.pence)} has been charged to {booking.name}&apos;s saved card. The guest has been e-mailed
          {booking.email ? "" : " (no e-mail address: nobody was told)"}.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((v) => onCharge(booking, { kind, amountPence: parsePoundsStrict(v.amount)!, reason: v.reason.trim() }))} noValidate>
      <Stack gap="md">
        <BookingMoneyHeader booking={booking} />
        {cap === 0 ? (
          <Text size="sm" role="alert">
            The {booking.type === "table" ? "table" : "booking"} policy has no {FEE_KIND_LABELS[kind].toLowerCase()}: set one under Payments and policies first.
          </Text>
        ) : (
          <>
            <TextInput
              label="Amount (£)"
              description={`Up to ${formatPence(cap)}: the policy's ${formatPence(perGuest)} per guest for ${booking.guests} guest${booking.guests === 1 ? "" : "s"}`}
              leftSection="£"
              inputMode="decimal"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps("amount")}
              key={form.key("amount")}
            />
            <Textarea
              label="Reason"
              description="E-mailed to the guest with the amount, and kept in the activity record."
              rows={3}
              maxLength={FEE_REASON_MAX}
              withAsterisk
              {...form.getInputProps("reason")}
              key={form.key("reason")}
            />
          </>
        )}
        {result?.kind === "failed" ? (
          <Alert color="rose" title="Not charged" role="alert" data-testid="fee-result">
            {result.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="rose" loading={pending} disabled={cap === 0}>
            {pence !== null && pence >= 30 && pence <= cap ? `Charge ${formatPence(pence)}` : "Charge"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
