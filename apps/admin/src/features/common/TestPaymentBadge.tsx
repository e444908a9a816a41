import { Badge } from "@mantine/core";

/**
 * R22: a booking or voucher the demo provider took payment for, so no money changed hands. Read
 * aloud in full; on screen "Test", explained on hover.
 */
export function TestPaymentBadge() {
  return (
    <Badge color="gold" variant="outline" size="sm" style={{ flexShrink: 0 }} title="Paid with a test card: no real charge was made" data-testid="test-payment">
      Test<span className="visually-hidden"> payment, no real charge</span>
    </Badge>
  );
}
