import "@mantine/core/styles/Radio.css";
import { Button, Group, Radio, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatPence, parsePoundsStrict, refundablePence, REFUND_REASON_MAX, type Booking, type BookingPayment, type RefundRequest } from "@tearoom/domain";
import { Dialog } from "../common/Dialog";
import { BookingMoneyHeader } from "./PaymentSummary";
import { RefundAmountInput, RefundReasonInput } from "./RefundFields";
import { amountError, EMPTY_REFUND_FORM, refundRequestFrom, type RefundFormValues } from "./refund-form";

interface RefundDialogProps {
  /** The paid booking to refund; null closes the dialog. */
  booking: Booking | null;
  onClose: () => void;
  onRefund: (booking: Booking, request: RefundRequest) => void;
  pending?: boolean;
}

/** R34: refund all or part of a booking's payment, with a reason (kept with the refund, not e-mailed). */
export function RefundDialog({ booking, onClose, onRefund, pending }: RefundDialogProps) {
  return (
    <Dialog opened={booking !== null} onClose={onClose} title="Refund payment">
      {/* Keyed by booking: each booking opened gets a fresh form. */}
      {booking?.payment ? (
        <RefundForm key={booking.id} booking={booking} payment={booking.payment} onClose={onClose} onRefund={onRefund} pending={pending} />
      ) : null}
    </Dialog>
  );
}

interface RefundFormProps extends Omit<RefundDialogProps, "booking"> {
  booking: Booking;
  payment: BookingPayment;
}

function RefundForm({ booking, payment, onClose, onRefund, pending }: RefundFormProps) {
  const left = refundablePence(payment.paidPence, payment.refundedPence);
  const form = useForm<RefundFormValues>({
    mode: "controlled",
    initialValues: EMPTY_REFUND_FORM,
    validate: {
      amount: (value, values) => (values.kind === "part" ? amountError(value, left) : null),
      reason: (value) =>
        value.trim()
          ? value.trim().length > REFUND_REASON_MAX
            ? `Must be at most ${REFUND_REASON_MAX} characters`
            : null
          : "Please give a reason for the refund",
    },
  });

  const values = form.getValues();
  const partPence = values.kind === "part" ? parsePoundsStrict(values.amount) : null;
  const buttonAmount = values.kind === "full" ? left : partPence !== null && partPence >= 1 && partPence <= left ? partPence : null;

  return (
    <form onSubmit={form.onSubmit((v) => onRefund(booking, refundRequestFrom(v)))} noValidate>
      <Stack gap="md">
        <BookingMoneyHeader booking={booking}>
          <Text size="sm">{formatPence(left)} can still be refunded.</Text>
          {booking.testPayment ? (
            <Text size="sm" c="dimmed">
              Paid with a test card: the refund is a test too.
            </Text>
          ) : null}
        </BookingMoneyHeader>
        <Radio.Group label="How much" {...form.getInputProps("kind")} key={form.key("kind")}>
          <Stack gap="xs" mt={6}>
            <Radio value="full" label={`Everything left (${formatPence(left)})`} />
            <Radio value="part" label="Part of it" />
          </Stack>
        </Radio.Group>
        {values.kind === "part" ? <RefundAmountInput left={left} input={form.getInputProps("amount")} key={form.key("amount")} /> : null}
        <RefundReasonInput label="Reason" rows={3} input={form.getInputProps("reason")} key={form.key("reason")} />
        <Text size="sm" c="dimmed">
          The refund goes back to the card through the payment provider, and the guest is e-mailed.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="rose" loading={pending}>
            {buttonAmount !== null ? `Refund ${formatPence(buttonAmount)}` : "Refund"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
