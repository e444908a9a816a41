import "@mantine/core/styles/Radio.css";
import { Alert, Badge, Button, Checkbox, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { BOOKING_TYPE_LABELS, formatLongDate, formatTime12h, type Booking, type ClosurePreview } from "@tearoom/domain";
import { STATUS_LABELS } from "../reservations/ReservationTable";
import classes from "./closures.module.css";

export interface CloseChoice {
  cancelBookings: boolean;
  notifyGuests: boolean;
}

interface ClosurePanelProps {
  preview: ClosurePreview;
  onClose: (choice: CloseChoice) => void;
  onReopen: () => void;
  busy: boolean;
}

/** Only pending and confirmed bookings are cancelled by a closure; a hold being paid for is left to pay or lapse. */
const cancellable = (b: Booking) => b.status === "pending" || b.status === "confirmed";
/** A booking with money taken: R34's refund choice will go with its cancellation. */
const paid = (b: Booking) => b.paymentReference !== null && (b.amountPence ?? 0) > 0;

/**
 * The chosen date (R32): the bookings already on it, then close it (keep them, or cancel them and
 * e-mail each guest), or reopen it when it is closed.
 */
export function ClosurePanel({ preview, onClose, onReopen, busy }: ClosurePanelProps) {
  const form = useForm({ mode: "controlled", initialValues: { outcome: "keep" as "keep" | "cancel", notifyGuests: true } });
  const { bookings, closed, date } = preview;
  const toCancel = bookings.filter(cancellable);
  const cancelling = form.values.outcome === "cancel" && toCancel.length > 0;
  const when = formatLongDate(date);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h4">
          {when}
        </Title>
        <Badge color={closed ? "rose" : "sage"} variant="light">
          {closed ? "Closed" : "Open"}
        </Badge>
      </Group>
      {bookings.length === 0 ? (
        <Text c="dimmed">No bookings on this date.</Text>
      ) : (
        <div>
          <Text fw={600} mb="xs">
            {bookings.length === 1 ? "1 booking" : `${bookings.length} bookings`} already on this date
          </Text>
          <ul className={classes.bookings} aria-label={`Bookings on ${when}`}>
            {bookings.map((b) => (
              <li key={b.id}>
                <span className={classes.who}>
                  <strong>{b.name}</strong>{" "}
                  <span
                    className={classes.meta}
                  >{`${formatTime12h(b.time)} · ${BOOKING_TYPE_LABELS[b.type]} · ${b.guests} ${b.guests === 1 ? "guest" : "guests"}`}</span>
                </span>
                <Badge color={b.status === "confirmed" ? "sage" : "gold"} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS_LABELS[b.status]}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      {closed ? (
        <Group>
          <Button variant="light" onClick={onReopen} loading={busy}>
            Reopen this date
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={form.onSubmit((v) => onClose({ cancelBookings: v.outcome === "cancel" && toCancel.length > 0, notifyGuests: v.notifyGuests }))}
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
            {/* R34: the refund choice (full, part or none) for paid bookings belongs here once refunds exist. */}
            {cancelling && toCancel.some(paid) ? (
              <Alert color="gold" variant="light" title="Paid bookings">
                Cancelling does not refund a payment. Refund paid bookings with the payment provider.
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" color={cancelling ? "rose" : undefined} loading={busy}>
                {cancelling ? `Close and cancel ${toCancel.length === 1 ? "1 booking" : `${toCancel.length} bookings`}` : `Close ${when}`}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
