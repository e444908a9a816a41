import "@mantine/core/styles/Radio.css";
import { Button, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatPence, parsePoundsStrict, type Booking, type PaymentLinkRequest } from "@tearoom/domain";
import { linkAmountError } from "./payment-link-form";
import { Dialog } from "../common/Dialog";
import { BookingMoneyHeader } from "./PaymentSummary";

interface PaymentLinkDialogProps {
  /** The booking to ask payment for; null closes the dialog. */
  booking: Booking | null;
  onClose: () => void;
  onSend: (booking: Booking, request: PaymentLinkRequest) => void;
  pending?: boolean;
  /** The `payment_link_days` setting, to say how long the link lasts. */
  days: number;
}

interface LinkFormValues {
  kind: "deposit" | "full" | "card";
  amount: string;
}

/** R49: send the guest a link to pay a deposit or the full amount by card, or to save a card (R48's fees); e-mailed, open for `days` days. */
export function PaymentLinkDialog({ booking, onClose, onSend, pending, days }: PaymentLinkDialogProps) {
  return (
    <Dialog opened={booking !== null} onClose={onClose} title="Send payment link">
      {booking ? <LinkForm key={booking.id} booking={booking} onClose={onClose} onSend={onSend} pending={pending} days={days} /> : null}
    </Dialog>
  );
}

function LinkForm({ booking, onClose, onSend, pending, days }: Omit<PaymentLinkDialogProps, "booking"> & { booking: Booking }) {
  const paid = booking.payment?.paidPence ?? 0;
  const left = booking.amountPence !== null ? booking.amountPence - paid : null;
  const form = useForm<LinkFormValues>({
    mode: "controlled",
    initialValues: { kind: "deposit", amount: "" },
    // A card link asks no amount: the card is saved, nothing charged.
    validate: { amount: (value, all) => (all.kind === "card" ? null : linkAmountError(value)) },
  });
  const noEmail = booking.email.trim() === "";
  const values = form.getValues();
  const pence = parsePoundsStrict(values.amount);

  const header = <BookingMoneyHeader booking={booking} />;

  if (noEmail) {
    return (
      <Stack gap="md">
        {header}
        <Text size="sm" role="alert" data-testid="payment-link-no-email">
          This booking has no e-mail address, so a payment link cannot be sent. Add the guest&apos;s e-mail address (Edit) first, or take the payment by phone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit((v) => onSend(booking, v.kind === "card" ? { kind: "card" } : { kind: v.kind, amountPence: parsePoundsStrict(v.amount)! }))}
      noValidate
    >
      <Stack gap="md">
        {header}
        <Radio.Group
          label="What to ask for"
          {...form.getInputProps("kind")}
          key={form.key("kind")}
          onChange={(kind) => {
            form.setFieldValue("kind", kind as LinkFormValues["kind"]);
            // The full amount starts from what is left of the booking's price, when it has one.
            if (kind === "full" && left !== null && left > 0 && !form.getValues().amount) form.setFieldValue("amount", (left / 100).toFixed(2));
          }}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="deposit" label="A deposit" />
            <Radio value="full" label={left !== null && left > 0 ? `The full amount (${formatPence(left)} left to pay)` : "The full amount"} />
            <Radio
              value="card"
              label="Save a card"
              description={
                booking.cardOnFile
                  ? "A card is already saved; a new one replaces it."
                  : "Nothing is charged; a no-show or late-cancel fee can be charged to it later."
              }
            />
          </Stack>
        </Radio.Group>
        {values.kind === "card" ? null : (
          <TextInput
            label="Amount (£)"
            description="What the guest pays by card, e.g. 20 or 59.90"
            leftSection="£"
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps("amount")}
            key={form.key("amount")}
          />
        )}
        <Text size="sm" c="dimmed">
          The link is e-mailed to {booking.email} and works for {days} day{days === 1 ? "" : "s"}. The booking shows{" "}
          {values.kind === "card" ? <>&ldquo;Awaiting a card&rdquo; until it is saved.</> : <>&ldquo;Awaiting payment&rdquo; until it is paid.</>}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {values.kind === "card"
              ? "Send link to save a card"
              : pence !== null && linkAmountError(values.amount) === null
                ? `Send link for ${formatPence(pence)}`
                : "Send link"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
