import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { VOUCHER_SOURCE_LABELS, VOUCHER_TYPE_LABELS, type GiftVoucher } from "@tearoom/domain";
import classes from "../common/ResponsiveTable.module.css";
import { formatInstantDate, formatShortDate } from "../common/format";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { deliveryText, leftText } from "./voucher-labels";

/** A voucher's state as staff read it: redeemed, past its expiry date, or active. */
export function voucherStatus(v: Pick<GiftVoucher, "isRedeemed" | "expiryDate">, today: string): "Redeemed" | "Expired" | "Active" {
  if (v.isRedeemed) return "Redeemed";
  return v.expiryDate < today ? "Expired" : "Active";
}

interface VoucherTableProps {
  vouchers: GiftVoucher[];
  /** yyyy-MM-dd in London, for the expired/active split. */
  today: string;
  /** Faded while the list for new filters is on its way. */
  dimmed?: boolean;
  /** Opens a voucher's details and ledger (R35). */
  onOpen?: (code: string) => void;
}

/** The vouchers list, one row each with what is left (R35); a voucher paid with a test card says so (R22). */
export function VoucherTable({ vouchers, today, dimmed, onOpen }: VoucherTableProps) {
  return (
    <Table className={classes.table} verticalSpacing="sm" highlightOnHover style={{ opacity: dimmed ? 0.6 : 1 }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Code</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Left</Table.Th>
          <Table.Th>Recipient</Table.Th>
          <Table.Th>Sender</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Delivery</Table.Th>
          <Table.Th>Bought</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vouchers.map((v) => {
          const state = voucherStatus(v, today);
          return (
            <Table.Tr key={v.id}>
              <Table.Td className={`${classes.primary} ${classes.nowrap}`}>
                {onOpen ? (
                  <Anchor
                    component="button"
                    type="button"
                    ff="monospace"
                    fw={600}
                    onClick={() => onOpen(v.voucherCode)}
                    aria-label={`Open voucher ${v.voucherCode}`}
                  >
                    {v.voucherCode}
                  </Anchor>
                ) : (
                  <Text ff="monospace" fw={600} span>
                    {v.voucherCode}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Type">{VOUCHER_TYPE_LABELS[v.voucherType] ?? v.voucherType}</Table.Td>
              <Table.Td data-label="Price">{v.price}</Table.Td>
              <Table.Td data-label="Left" className={classes.nowrap}>
                {leftText(v)}
              </Table.Td>
              <Table.Td data-label="Recipient">
                <div>
                  {v.recipientName}
                  <Text size="xs" c="dimmed">
                    {v.recipientEmail}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td data-label="Sender">
                <div>
                  {v.senderName}
                  <Text size="xs" c="dimmed">
                    {v.senderEmail}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td data-label="Source">{VOUCHER_SOURCE_LABELS[v.source] ?? v.source}</Table.Td>
              <Table.Td data-label="Delivery" className={classes.nowrap}>
                {deliveryText(v)}
              </Table.Td>
              <Table.Td data-label="Bought" className={classes.nowrap}>
                {formatInstantDate(v.createdAt)}
              </Table.Td>
              <Table.Td data-label="Expires" className={classes.nowrap}>
                {formatShortDate(v.expiryDate.slice(0, 10))}
              </Table.Td>
              <Table.Td data-label="Status">
                <Group gap={6}>
                  <Badge color={state === "Active" ? "sage" : state === "Redeemed" ? "rose" : "gray"} variant="light" className={classes.badge}>
                    {state}
                  </Badge>
                  {v.testPayment ? <TestPaymentBadge /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
