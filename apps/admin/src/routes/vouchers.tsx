import { Badge, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { londonNow, VOUCHER_TYPE_LABELS, VOUCHER_TYPES, type GiftVoucher, type VoucherType } from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useState } from "react";
import classes from "../features/common/ResponsiveTable.module.css";
import { formatInstantDate, formatShortDate } from "../features/common/format";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "redeemed", label: "Redeemed" },
  { value: "expired", label: "Expired" },
];

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A voucher's state as staff read it: redeemed, past its expiry date, or active. */
export function voucherStatus(v: Pick<GiftVoucher, "isRedeemed" | "expiryDate">, today: string): "Redeemed" | "Expired" | "Active" {
  if (v.isRedeemed) return "Redeemed";
  return v.expiryDate < today ? "Expired" : "Active";
}

/** /admin/vouchers: read-only list; total value is the sum of the numbers in the price texts (spec). */
export default function VouchersPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [type, setType] = useState<VoucherType | "">("");
  const [status, setStatus] = useState<"" | "active" | "redeemed" | "expired">("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({
    ...trpc.vouchers.list.queryOptions({ search: debouncedSearch || undefined, type: type || undefined, status: status || undefined }),
    placeholderData: keepPreviousData,
  });
  const today = londonNow().date;
  const data = list.data;
  const filtered = !!(debouncedSearch || type || status);

  return (
    <>
      <PageHeader title="Gift Vouchers" description="Vouchers bought on the website. This list is read-only." />
      <QueryState query={list} what="gift vouchers">
        {data ? (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: "xs", sm: "md" }}>
              <StatCard label="Total Vouchers" value={data.stats.total} />
              <StatCard label="Active" value={data.stats.active} tone="gold" />
              <StatCard label="Redeemed" value={data.stats.redeemed} tone="rose" />
              <StatCard label="Total Value" value={GBP.format(data.stats.totalValue)} tone="plum" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label="Filters">
              <TextInput label="Search" type="search" placeholder="Code, recipient or sender" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
              <NativeSelect
                label="Type"
                value={type}
                onChange={(e) => setType(e.currentTarget.value as VoucherType | "")}
                data={[{ value: "", label: "All types" }, ...VOUCHER_TYPES.map((t) => ({ value: t, label: VOUCHER_TYPE_LABELS[t] }))]}
              />
              <NativeSelect label="Status" value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)} data={STATUS_OPTIONS} />
            </SimpleGrid>
            {data.items.length === 0 ? (
              <EmptyState title={filtered ? "No vouchers match these filters" : "No gift vouchers yet"}>
                {filtered ? "Try another search, type or status." : "Vouchers bought on the website will appear here."}
              </EmptyState>
            ) : (
              <Table className={classes.table} verticalSpacing="sm" highlightOnHover style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Price</Table.Th>
                    <Table.Th>Recipient</Table.Th>
                    <Table.Th>Sender</Table.Th>
                    <Table.Th>Bought</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((v) => {
                    const state = voucherStatus(v, today);
                    return (
                      <Table.Tr key={v.id}>
                        <Table.Td className={`${classes.primary} ${classes.nowrap}`}>
                          <Text ff="monospace" fw={600} span>
                            {v.voucherCode}
                          </Text>
                        </Table.Td>
                        <Table.Td data-label="Type">{VOUCHER_TYPE_LABELS[v.voucherType] ?? v.voucherType}</Table.Td>
                        <Table.Td data-label="Price">{v.price}</Table.Td>
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
                        <Table.Td data-label="Bought" className={classes.nowrap}>{formatInstantDate(v.createdAt)}</Table.Td>
                        <Table.Td data-label="Expires" className={classes.nowrap}>{formatShortDate(v.expiryDate.slice(0, 10))}</Table.Td>
                        <Table.Td data-label="Status">
                          <Badge color={state === "Active" ? "sage" : state === "Redeemed" ? "rose" : "gray"} variant="light" className={classes.badge}>
                            {state}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}
