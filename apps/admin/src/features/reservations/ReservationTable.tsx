import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import {
  BOOKING_TYPE_LABELS,
  formatPence,
  formatTime12h,
  type AreaView,
  type Booking,
  type BookingStatus,
  type GardenSpot,
  type GuestSummary,
  type PolicyFee,
} from "@tearoom/domain";
import { formatShortDate } from "../common/format";
import classes from "../common/ResponsiveTable.module.css";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { GuestNote } from "../guests/GuestNote";
import { areaName } from "./areas";
import { BookingNotes } from "./BookingNotes";
import { DINING_LABELS, HAMPER_LABELS, TEA_LABELS } from "./NewReservationDialog";
import { PaymentSummary } from "./PaymentSummary";

export const STATUS_LABELS: Record<BookingStatus, string> = {
  held: "Awaiting payment",
  pending: "Pending",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
};
const STATUS_COLOURS: Record<BookingStatus, string> = { held: "gold", pending: "gold", confirmed: "sage", declined: "gray", cancelled: "gray" };

const FEE_BUTTON: Record<PolicyFee, string> = { "no-show": "Charge no-show fee", "late-cancel": "Charge late-cancel fee" };
/** Short enough for the payment column; the accessible name (FEE_BUTTON) begins with the same words. */
const FEE_BUTTON_SHORT: Record<PolicyFee, string> = { "no-show": "Charge no-show", "late-cancel": "Charge late-cancel" };

/**
 * R48: the fee a booking with a saved card may be charged and has not been: a no-show's once it is
 * marked so, a late cancel's once cancelled (whether it was after the cut-off the server decides,
 * and its refusal says so).
 */
function feeDue(b: Booking): PolicyFee | null {
  if (!b.cardOnFile) return null;
  const charged = new Set((b.payment?.fees ?? []).map((f) => f.kind));
  if (b.status === "confirmed" && b.arrival === "no-show" && !charged.has("no-show")) return "no-show";
  if (b.status === "cancelled" && !charged.has("late-cancel")) return "late-cancel";
  return null;
}

/** What a booking of each type adds: tea type, dining preference, hamper, or garden spot and wine. */
export function bookingDetails(b: Booking, spots: GardenSpot[]): string {
  switch (b.type) {
    case "afternoonTea":
      return b.teaType ? `${TEA_LABELS[b.teaType]} tea` : "";
    case "table":
      return b.diningPreference ? DINING_LABELS[b.diningPreference] : "";
    case "picnicHamper":
      return b.hamperType ? `${HAMPER_LABELS[b.hamperType]} hamper` : "";
    case "secretGarden": {
      const spot = spots.find((s) => s.id === b.gardenSpotId)?.name ?? b.gardenSpotId ?? "";
      return [spot, b.includeWine ? "with sparkling wine" : ""].filter(Boolean).join(", ");
    }
    case "event":
      // R53: the guests are tickets; the guest's answer to the sitting's question, if any.
      return ["Event tickets", b.specialRequests ?? ""].filter(Boolean).join(": ");
  }
}

interface ReservationTableProps {
  bookings: Booking[];
  gardenSpots: GardenSpot[];
  /** The seating areas (R44), to name each booking's; none while they load. */
  areas?: AreaView[];
  onEdit: (b: Booking) => void;
  onCancel: (b: Booking) => void;
  /** R28: a pending request is confirmed or declined. */
  onConfirm: (b: Booking) => void;
  onDecline: (b: Booking) => void;
  /** The request being confirmed, whose button shows it is busy. */
  confirmingId?: number | null;
  /** R34: offered while a paid booking has money left to refund, cancelled or not. */
  onRefund?: (b: Booking) => void;
  /** R49: send the guest a payment link (pending and confirmed bookings). */
  onPaymentLink?: (b: Booking) => void;
  /** R48: charge a no-show or late-cancel fee to the saved card. */
  onFee?: (b: Booking, kind: PolicyFee) => void;
  /** R55: the guests of these bookings, by id, for their tags and visits; none while they load. */
  guests?: ReadonlyMap<number, GuestSummary>;
}

/** The reservations of one page with their notes (R30); cancelled and declined ones stay listed (R14) without actions. */
export function ReservationTable({
  bookings,
  gardenSpots,
  areas = [],
  onEdit,
  onCancel,
  onConfirm,
  onDecline,
  confirmingId,
  onRefund,
  onPaymentLink,
  onFee,
  guests,
}: ReservationTableProps) {
  return (
    <div className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Guest</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Guests</Table.Th>
            <Table.Th>Area</Table.Th>
            <Table.Th>Table</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((b) => {
            const details = bookingDetails(b, gardenSpots);
            const area = areaName(b, areas);
            return (
              <Table.Tr key={b.id} data-status={b.status}>
                {/* Wide enough that a name never breaks mid-word when the table scrolls sideways. */}
                <Table.Td className={classes.primary} miw="12rem">
                  <div>
                    <Text fw={600} span>
                      {b.name}
                    </Text>{" "}
                    <Text span size="xs" c="dimmed" ff="monospace" className={classes.nowrap}>
                      {b.reference}
                    </Text>
                    <Text size="sm" c="dimmed" fw={400}>
                      {/* A walk-in (R44) has neither. */}
                      {[b.email, b.phone].filter(Boolean).join(" · ")}
                    </Text>
                    <BookingNotes booking={b} compact />
                    <GuestNote guest={b.guestId ? guests?.get(b.guestId) : undefined} />
                  </div>
                </Table.Td>
                <Table.Td data-label="Date" className={classes.nowrap}>
                  {formatShortDate(b.date)}
                </Table.Td>
                <Table.Td data-label="Time" className={classes.nowrap}>
                  {formatTime12h(b.time)}
                </Table.Td>
                <Table.Td data-label="Guests">{b.guests}</Table.Td>
                <Table.Td data-label="Area" data-empty={area ? undefined : ""} className={classes.nowrap}>
                  {area || (
                    <Text span c="dimmed" aria-label="No area">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Table" data-empty={b.tableLabel ? undefined : ""} className={classes.nowrap}>
                  {b.tableLabel ?? (
                    <Text span c="dimmed" aria-label="No table">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Type">
                  <div>
                    {BOOKING_TYPE_LABELS[b.type]}
                    {details ? (
                      <Text size="xs" c="dimmed">
                        {details}
                        {b.amountPence ? ` · ${formatPence(b.amountPence)}` : ""}
                      </Text>
                    ) : null}
                  </div>
                </Table.Td>
                <Table.Td data-label="Status">
                  <Group gap={6}>
                    <Badge color={STATUS_COLOURS[b.status]} variant={b.status === "confirmed" ? "filled" : "light"} className={classes.badge}>
                      {STATUS_LABELS[b.status]}
                    </Badge>
                    {b.testPayment ? <TestPaymentBadge /> : null}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Payment">
                  <Stack gap={6} align="flex-start">
                    <PaymentSummary booking={b} compact />
                    {onFee && feeDue(b) ? (
                      <Button
                        size="xs"
                        variant="outline"
                        color="rose"
                        onClick={() => onFee(b, feeDue(b)!)}
                        aria-label={`${FEE_BUTTON[feeDue(b)!]} for ${b.name}`}
                      >
                        {FEE_BUTTON_SHORT[feeDue(b)!]}
                      </Button>
                    ) : null}
                    {onRefund && b.payment && b.payment.paidPence > b.payment.refundedPence ? (
                      <Button size="xs" variant="light" onClick={() => onRefund(b)} aria-label={`Refund payment for ${b.name}`}>
                        Refund
                      </Button>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.actions}>
                  {b.status !== "cancelled" && b.status !== "declined" ? (
                    <Stack gap={6} align="flex-end">
                      {b.status === "pending" ? (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            color="sage"
                            onClick={() => onConfirm(b)}
                            loading={confirmingId === b.id}
                            aria-label={`Confirm request from ${b.name}`}
                          >
                            Confirm
                          </Button>
                          <Button size="xs" variant="outline" color="rose" onClick={() => onDecline(b)} aria-label={`Decline request from ${b.name}`}>
                            Decline
                          </Button>
                        </Group>
                      ) : null}
                      {onPaymentLink && (b.status === "pending" || b.status === "confirmed") ? (
                        <Button size="xs" variant="outline" onClick={() => onPaymentLink(b)} aria-label={`Send payment link to ${b.name}`}>
                          Payment link
                        </Button>
                      ) : null}
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => onEdit(b)} aria-label={`Edit reservation for ${b.name}`}>
                          Edit
                        </Button>
                        <Button size="xs" variant="subtle" color="rose" onClick={() => onCancel(b)} aria-label={`Cancel reservation for ${b.name}`}>
                          Cancel
                        </Button>
                      </Group>
                    </Stack>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
