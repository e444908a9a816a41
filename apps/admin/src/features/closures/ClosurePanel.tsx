import "@mantine/core/styles/Radio.css";
import { Alert, Badge, Button, Checkbox, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  BOOKING_TYPE_LABELS,
  formatLongDate,
  formatPence,
  formatTime12h,
  refundablePence,
  voucherPartText,
  type Booking,
  type ClosurePreview,
  type ClosureRangePreview,
} from "@tearoom/domain";
import { formatShortDate } from "../common/format";
import { STATUS_LABELS } from "../reservations/ReservationTable";
import classes from "./closures.module.css";

export interface CloseChoice {
  cancelBookings: boolean;
  notifyGuests: boolean;
  /** R34: the paid bookings cancelled are refunded in full, or not at all. */
  refund: "full" | "none";
  /** R36: gift voucher parts go back to their vouchers. */
  restoreVoucher: boolean;
}

interface ClosurePanelProps {
  /** One date (R32), or a range of dates (R45). */
  preview: ClosurePreview | ClosureRangePreview;
  /** Part of a day in one area (R45): what is being closed, said in the heading and on the button. */
  part?: { title: string; button: string };
  onClose: (choice: CloseChoice) => void;
  onReopen: () => void;
  busy: boolean;
}

/** Only pending and confirmed bookings are cancelled by a closure; a hold being paid for is left to pay or lapse. */
const cancellable = (b: Booking) => b.status === "pending" || b.status === "confirmed";
/** What is left to refund of a booking's payment (R34). */
const leftToRefund = (b: Booking) => (b.payment ? refundablePence(b.payment.paidPence, b.payment.refundedPence) : 0);
/** " · paid £59.90", " · £50.00 by gift voucher": what the booking's guests paid, for the list. */
function moneyNote(b: Booking): string {
  const notes = [leftToRefund(b) > 0 ? `paid ${formatPence(leftToRefund(b))}` : null, voucherPaid(b) ? `${voucherPartText(b.voucher!)} by gift voucher` : null];
  return notes
    .filter(Boolean)
    .map((n) => ` · ${n}`)
    .join("");
}
/** A booking a gift voucher paid (part of), not yet given back (R36). */
const voucherPaid = (b: Booking) => Boolean(b.voucher && !b.voucher.givenBack);

/**
 * The chosen date (R32) or range of dates (R45): the bookings already on it, then close it (keep
 * them, or cancel them and e-mail each guest), or reopen a date when it is closed. A range is
 * reopened date by date; the dates of it already closed are said and left as they are.
 */
export function ClosurePanel({ preview, part, onClose, onReopen, busy }: ClosurePanelProps) {
  const form = useForm({
    mode: "controlled",
    initialValues: { outcome: "keep" as "keep" | "cancel", notifyGuests: true, refund: "full" as "full" | "none", restoreVoucher: true },
  });
  const range = "from" in preview ? preview : null;
  const day = "date" in preview ? preview : null;
  const { bookings } = preview;
  const closed = range ? range.closedDates.length === range.days : Boolean(day?.closed);
  const toClose = range ? range.days - range.closedDates.length : 1;
  const toCancel = bookings.filter(cancellable);
  const cancelling = form.values.outcome === "cancel" && toCancel.length > 0;
  const paid = toCancel.filter((b) => leftToRefund(b) > 0);
  const paidTotal = paid.reduce((sum, b) => sum + leftToRefund(b), 0);
  const byVoucher = toCancel.filter(voucherPaid);
  const when = part?.title ?? (range ? `${formatLongDate(range.from)} to ${formatLongDate(range.to)}` : formatLongDate(day!.date));
  const onThese = range ? "these dates" : "this date";
  // Part of a day: the bookings whose stay overlaps the window, in that area.
  const where = part ? "in that area and time" : `on ${onThese}`;
  const closeLabel = part?.button ?? (range ? `Close ${toClose === 1 ? "1 date" : `${toClose} dates`}` : `Close ${when}`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h4">
          {when}
        </Title>
        <Badge color={closed ? "rose" : "sage"} variant="light">
          {range ? `${range.days === 1 ? "1 day" : `${range.days} days`}${closed ? ", closed" : ""}` : closed ? "Closed" : "Open"}
        </Badge>
      </Group>
      {range && range.closedDates.length > 0 && !closed ? (
        <Text size="sm" c="dimmed">
          Closed already, and left as they are: {range.closedDates.map(formatShortDate).join(", ")}.
        </Text>
      ) : null}
      {closed && range ? null : bookings.length === 0 ? (
        <Text c="dimmed">No bookings {where}.</Text>
      ) : (
        <div>
          <Text fw={600} mb="xs">
            {bookings.length === 1 ? "1 booking" : `${bookings.length} bookings`} {part ? where : `already ${where}`}
          </Text>
          <ul className={classes.bookings} aria-label={`Bookings on ${when}`}>
            {bookings.map((b) => (
              <li key={b.id}>
                <span className={classes.who}>
                  <strong>{b.name}</strong>{" "}
                  <span
                    className={classes.meta}
                  >{`${range ? `${formatShortDate(b.date)} · ` : ""}${formatTime12h(b.time)} · ${BOOKING_TYPE_LABELS[b.type]} · ${b.guests} ${b.guests === 1 ? "guest" : "guests"}${moneyNote(b)}`}</span>
                </span>
                <Badge color={b.status === "confirmed" ? "sage" : "gold"} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS_LABELS[b.status]}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      {closed && range ? (
        <Text c="dimmed">Every date of this range is closed already. To reopen one, choose it under “Close one date”.</Text>
      ) : closed ? (
        <Group>
          <Button variant="light" onClick={onReopen} loading={busy}>
            Reopen this date
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={form.onSubmit((v) =>
            onClose({
              cancelBookings: v.outcome === "cancel" && toCancel.length > 0,
              notifyGuests: v.notifyGuests,
              refund: v.refund,
              restoreVoucher: v.restoreVoucher,
            }),
          )}
          noValidate
        >
          <Stack gap="sm">
            {toCancel.length > 0 ? (
              <Radio.Group label="What happens to these bookings?" {...form.getInputProps("outcome")}>
                <Stack gap={6} mt={6}>
                  <Radio value="keep" label="Keep them (the guests are still expected)" />
                  <Radio value="cancel" label={`Cancel ${toCancel.length === 1 ? "it" : `all ${toCancel.length}`}`} />
                </Stack>
              </Radio.Group>
            ) : null}
            {cancelling ? (
              <Checkbox label="E-mail each guest that their booking is cancelled" {...form.getInputProps("notifyGuests", { type: "checkbox" })} />
            ) : null}
            {cancelling && paid.length > 0 ? (
              <Radio.Group
                label={`${paid.length === 1 ? "1 booking is" : `${paid.length} bookings are`} paid: refund them?`}
                description="Refunded through the payment provider before they are cancelled; each guest is e-mailed the refund."
                {...form.getInputProps("refund")}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="full" label={`Refund in full (${formatPence(paidTotal)} in all)`} />
                  <Radio value="none" label="No refund" />
                </Stack>
              </Radio.Group>
            ) : null}
            {cancelling && byVoucher.length > 0 ? (
              <Checkbox
                label={
                  byVoucher.length === 1
                    ? `Give the gift voucher part back (${byVoucher[0]!.voucher!.code})`
                    : `Give the ${byVoucher.length} gift voucher parts back to their vouchers`
                }
                description="Untick to keep the vouchers used."
                {...form.getInputProps("restoreVoucher", { type: "checkbox" })}
              />
            ) : null}
            {cancelling && paid.length > 0 && form.values.refund === "full" ? (
              <Alert color="gold" variant="light" title="If a refund fails">
                A booking the payment provider will not refund is left as it is, not cancelled, and listed after closing.
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" color={cancelling ? "rose" : undefined} loading={busy}>
                {cancelling ? `Close and cancel ${toCancel.length === 1 ? "1 booking" : `${toCancel.length} bookings`}` : closeLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
