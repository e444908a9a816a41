import { NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { londonNow, VOUCHER_TYPE_LABELS, VOUCHER_TYPES, type VoucherType } from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useState } from "react";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { VoucherTable } from "../features/vouchers/VoucherTable";
import { useTRPC } from "../trpc";

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "redeemed", label: "Redeemed" },
  { value: "expired", label: "Expired" },
];

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

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
              <VoucherTable vouchers={data.items} today={today} dimmed={list.isPlaceholderData} />
            )}
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}
