import type { ReactNode } from "react";
import { BookingGuestNote } from "../guests/GuestNote";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { FEE_KIND_LABELS, formatPence, londonNow, refundedLines, voucherPartText, type Booking, type BookingVoucher } from "@tearoom/domain";
import { formatShortDate } from "../common/format";
import { TestPaymentBadge } from "../common/TestPaymentBadge";

/** R34: the balance after a change of guests, as staff read it. */
function balanceText(balancePence: number): string {
  if (balancePence > 0) return `Balance due ${formatPence(balancePence)}`;
  if (balancePence < 0) return `Overpaid ${formatPence(-balancePence)}`;
  return "Balance settled";
}

/** R36: "£59.90 by gift voucher TEA-…" (or "2 people by …"), and whether it went back to the voucher. */
function VoucherPart({ voucher }: { voucher: BookingVoucher }) {
  return (
    <Text size="sm" fw={voucher.givenBack ? 400 : 500} c={voucher.givenBack ? "dimmed" : undefined} data-testid="payment-voucher">
      {voucherPartText(voucher)} by gift voucher {/* A code reads (and is typed) as one word: never broken at its hyphens. */}
      <span style={{ whiteSpace: "nowrap" }}>{voucher.code}</span>
      {voucher.givenBack ? " (given back to the voucher)" : null}
    </Text>
  );
}

/** R51: a cancelled booking's money, part by part: "Refunded £29.90 to the guest's card", "£50.00 back on gift voucher TEA-…". */
function Refunded({ lines, reference }: { lines: string[]; reference: string | null }) {
  return (
    <Stack gap={2} data-testid="payment-refunded">
      {lines.map((line) => (
        <Text key={line} size="sm" fw={500}>
          {line}
        </Text>
      ))}
      {reference ? (
        <Text size="xs" c="dimmed">
          Payment reference{" "}
          <Text span ff="monospace" size="xs">
            {reference}
          </Text>
        </Text>
      ) : null}
    </Stack>
  );
}

interface PaymentSummaryProps {
  /** `status` for R51: a cancelled booking shows what went back rather than what was paid. */
  booking: Pick<Booking, "payment" | "testPayment" | "voucher"> & Partial<Pick<Booking, "status">>;
  /** For a table cell: without the provider's reference, and the test badge left to the status cell. */
  compact?: boolean;
}

/**
 * R34: a booking's payment: unpaid, paid £X, partly refunded or refunded £Y, with the provider's
 * reference, the test badge for demo payments (R22) and, after a change of guests, the balance.
 * R36: the part a gift voucher paid, so a tea paid by voucher alone does not look unpaid.
 */
export function PaymentSummary({ booking, compact = false }: PaymentSummaryProps) {
  const p = booking.payment;
  const voucher = booking.voucher ?? null;
  const refunded = booking.status === "cancelled" ? refundedLines(p?.refundedPence ?? 0, voucher, "the guest's card") : [];
  if (refunded.length > 0) return <Refunded lines={refunded} reference={compact ? null : (p?.reference ?? null)} />;
  if (!p && voucher) return <VoucherPart voucher={voucher} />;
  if (!p) {
    return (
      <Text size="sm" c="dimmed">
        Unpaid
      </Text>
    );
  }
  // R49: a payment link is open; what it asks, and until when.
  const awaiting = p.awaiting ? (
    <Stack gap={2} data-testid="payment-awaiting">
      {/* Words, not a badge: a badge's capitals were cut short in the narrow payment column. */}
      <Text size="sm" fw={600}>
        {p.awaiting.amountPence === 0 ? "Awaiting a card" : "Awaiting payment"}
      </Text>
      <Text size="xs" c="dimmed">
        {p.awaiting.amountPence === 0 ? "A card to save" : formatPence(p.awaiting.amountPence)} by payment link, until{" "}
        {formatShortDate(londonNow(new Date(p.awaiting.expiresAt)).date)}
      </Text>
    </Stack>
  ) : null;
  if (p.paidPence === 0 && awaiting) return awaiting;
  const headline =
    p.status === "paid" || p.status === "awaiting"
      ? `Paid ${formatPence(p.paidPence)}`
      : p.status === "refunded"
        ? `Refunded ${formatPence(p.refundedPence)}`
        : `Paid ${formatPence(p.paidPence)}, refunded ${formatPence(p.refundedPence)}`;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} data-testid="payment-headline">
          {headline}
        </Text>
        {p.status === "partly-refunded" ? (
          <Badge color="gold" variant="light" size="sm">
            Partly refunded
          </Badge>
        ) : null}
        {p.status === "refunded" ? (
          <Badge color="gray" variant="light" size="sm">
            Refunded
          </Badge>
        ) : null}
        {booking.testPayment && !compact ? <TestPaymentBadge /> : null}
      </Group>
      {awaiting}
      {/* R48: each fee charged to the saved card, counted in what was paid above. */}
      {(p.fees ?? []).map((fee) => (
        <Text key={fee.kind} size="sm" data-testid="payment-fee">
          {FEE_KIND_LABELS[fee.kind]} {formatPence(fee.amountPence)}
          {compact ? null : " charged to the saved card"}
          {compact ? null : (
            <Text span size="xs" c="dimmed">
              {" "}
              ({fee.reason})
            </Text>
          )}
        </Text>
      ))}
      {voucher ? <VoucherPart voucher={voucher} /> : null}
      {p.balancePence !== null ? (
        <Text size="sm" c={p.balancePence === 0 ? "dimmed" : "rose.8"} fw={p.balancePence === 0 ? 400 : 600}>
          {balanceText(p.balancePence)}
        </Text>
      ) : null}
      {compact ? null : (
        <Text size="xs" c="dimmed">
          Payment reference{" "}
          <Text span ff="monospace" size="xs">
            {p.reference}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/** The top of a money dialog (refund, fee, payment link): whose booking, its reference, and what it paid. */
export function BookingMoneyHeader({ booking, children }: { booking: Booking; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {booking.name}{" "}
        <Text span size="sm" c="dimmed" ff="monospace">
          {booking.reference}
        </Text>
      </Text>
      <BookingGuestNote booking={booking} />
      <PaymentSummary booking={booking} />
      {children}
    </Stack>
  );
}
