import { Table, Text } from "@mantine/core";
import { formatPence, type VoucherLedgerEntry } from "@tearoom/domain";
import classes from "../common/ResponsiveTable.module.css";
import { formatInstant } from "../common/format";

const KIND_LABELS: Record<VoucherLedgerEntry["kind"], string> = {
  redemption: "Redeemed",
  reservation: "Reserved",
  restore: "Given back",
  note: "Note",
  issue: "Issued",
};

/** What an entry moved: "−£20.00", "−2 people", "+£5.00", or nothing for a note. */
function movement(e: VoucherLedgerEntry): string {
  const sign = e.kind === "restore" ? "+" : "−";
  if (e.amountPence !== undefined) return `${sign}${formatPence(e.amountPence)}`;
  if (e.people !== undefined) return `${sign}${e.people} ${e.people === 1 ? "person" : "people"}`;
  return "";
}

/** A voucher's ledger (R35), oldest first: when, who, what it moved, the booking and the note. */
export function VoucherLedger({ ledger }: { ledger: VoucherLedgerEntry[] }) {
  if (ledger.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has been redeemed yet.
      </Text>
    );
  return (
    <Table className={classes.table} verticalSpacing="xs" aria-label="Voucher ledger">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ledger.map((e, i) => (
          <Table.Tr key={`${e.at}-${i}`}>
            <Table.Td className={`${classes.primary} ${classes.nowrap}`}>{formatInstant(e.at)}</Table.Td>
            <Table.Td data-label="What">{KIND_LABELS[e.kind]}</Table.Td>
            <Table.Td data-label="Amount" className={classes.nowrap}>
              {movement(e) || "–"}
            </Table.Td>
            <Table.Td data-label="By">{e.actor}</Table.Td>
            <Table.Td data-label="Note">{[e.bookingReference ? `Booking ${e.bookingReference}` : "", e.note].filter(Boolean).join(" · ") || "–"}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
