import "@mantine/core/styles/Radio.css";
import { Button, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatPence, refundablePence, voucherPartText, type Booking, type RefundRequest } from "@tearoom/domain";
import { useEffect } from "react";
import { Dialog } from "../common/Dialog";
import { BookingNotes } from "./BookingNotes";
import { PaymentSummary } from "./PaymentSummary";
import { RefundAmountInput, RefundReasonInput } from "./RefundFields";
import { amountError, refundRequestFrom } from "./refund-form";

export interface CancelOptions {
  notifyGuest: boolean;
  /** R34: a paid booking's refund, made before it is cancelled; absent: nothing refunded. */
  refund?: RefundRequest;
  /** R36: whether a gift voucher's part goes back to the voucher; sent only when there is one to give back. */
  restoreVoucher?: boolean;
}

interface CancelReservationDialogProps {
  booking: Booking | null;
  onKeep: () => void;
  onConfirm: (booking: Booking, options: CancelOptions) => void;
  pending?: boolean;
}

interface CancelFormValues {
  notifyGuest: boolean;
  refund: "full" | "part" | "none";
  amount: string;
  reason: string;
  restoreVoucher: boolean;
}

const INITIAL: CancelFormValues = { notifyGuest: true, refund: "full", amount: "", reason: "", restoreVoucher: true };

/**
 * The spec's Cancel Reservation confirmation; the record is kept with status cancelled (R14), the
 * guest told unless unticked (R28). A paid booking asks how much goes back: full, part or none (R34).
 * A gift voucher's part goes back to the voucher unless staff untick it (R36).
 */
export function CancelReservationDialog({ booking, onKeep, onConfirm, pending }: CancelReservationDialogProps) {
  const left = booking?.payment ? refundablePence(booking.payment.paidPence, booking.payment.refundedPence) : 0;
  const voucher = booking?.voucher && !booking.voucher.givenBack ? booking.voucher : null;
  const form = useForm<CancelFormValues>({
    mode: "controlled",
    initialValues: INITIAL,
    validate: {
      amount: (value, values) => (left > 0 && values.refund === "part" ? amountError(value, left) : null),
      reason: (value, values) => (left > 0 && values.refund !== "none" && !value.trim() ? "Please give a reason for the refund" : null),
    },
  });
  useEffect(() => {
    if (booking) form.reset();
    // Fresh for every booking.
  }, [booking]);
  // A payment in progress (held) has no booking the guest was told of.
  const canTell = booking?.status === "pending" || booking?.status === "confirmed";
  const values = form.getValues();

  const submit = (b: Booking) =>
    form.onSubmit((v) =>
      onConfirm(b, {
        notifyGuest: canTell && v.notifyGuest,
        ...(left > 0 && v.refund !== "none" ? { refund: refundRequestFrom({ kind: v.refund, amount: v.amount, reason: v.reason }) } : {}),
        ...(voucher ? { restoreVoucher: v.restoreVoucher } : {}),
      }),
    );

  return (
    <Dialog opened={booking !== null} onClose={onKeep} title="Cancel Reservation">
      {booking ? (
        <form onSubmit={submit(booking)} noValidate>
          <Stack gap="md">
            <Text>Are you sure you want to cancel this reservation for {booking.name}? This action cannot be undone.</Text>
            <BookingNotes booking={booking} />
            {left > 0 ? (
              <Stack gap="sm">
                <PaymentSummary booking={booking} />
                <Radio.Group label="Refund" {...form.getInputProps("refund")} key={form.key("refund")}>
                  <Stack gap="xs" mt={6}>
                    <Radio value="full" label={`Everything left (${formatPence(left)})`} />
                    <Radio value="part" label="Part of it" />
                    <Radio value="none" label="No refund" />
                  </Stack>
                </Radio.Group>
                {values.refund === "part" ? <RefundAmountInput left={left} input={form.getInputProps("amount")} key={form.key("amount")} /> : null}
                {values.refund !== "none" ? (
                  <RefundReasonInput label="Reason for the refund" rows={2} input={form.getInputProps("reason")} key={form.key("reason")} />
                ) : null}
              </Stack>
            ) : voucher ? (
              <PaymentSummary booking={booking} />
            ) : null}
            {voucher ? (
              <Checkbox
                label={
                  <>
                    Give {voucherPartText(voucher)} back to gift voucher <span style={{ whiteSpace: "nowrap" }}>{voucher.code}</span>
                  </>
                }
                description="Untick to keep the voucher used, e.g. when the guest cancelled too late."
                {...form.getInputProps("restoreVoucher", { type: "checkbox" })}
              />
            ) : null}
            {canTell ? (
              <Checkbox
                label="E-mail the guest"
                description="Let the guest know their booking is cancelled."
                {...form.getInputProps("notifyGuest", { type: "checkbox" })}
              />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onKeep} data-autofocus>
                Keep Reservation
              </Button>
              <Button type="submit" color="rose" loading={pending}>
                Cancel Reservation
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
