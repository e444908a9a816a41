import { Button, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { londonNow, VOUCHER_TYPE_LABELS, VOUCHER_TYPES, type VoucherType } from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { PageHeader } from "../features/common/PageHeader";
import { ExportLink } from "../features/exports/ExportLink";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { FindVoucherForm } from "../features/vouchers/FindVoucherForm";
import { IssueVoucherDialog } from "../features/vouchers/IssueVoucherDialog";
import { VoucherDetailDialog } from "../features/vouchers/VoucherDetailDialog";
import { VoucherTable } from "../features/vouchers/VoucherTable";
import { useTRPC } from "../trpc";

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "redeemed", label: "Redeemed" },
  { value: "expired", label: "Expired" },
];

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/**
 * /admin/vouchers: the list, filtered and paged on the server, each voucher with what is left; the
 * stats are a call of their own over every voucher (total value: the sum of the numbers in the
 * price texts, spec; value left, R35). A voucher opens, by its code, in a dialog with its ledger
 * and the staff actions (R35).
 */
export default function VouchersPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [type, setType] = useState<VoucherType | "">("");
  const [status, setStatus] = useState<"" | "active" | "redeemed" | "expired">("");
  const [page, setPage] = useState(1);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // A new filter starts again at the first page.
  useEffect(() => setPage(1), [debouncedSearch, type, status]);
  const list = useQuery({
    ...trpc.vouchers.list.queryOptions({ search: debouncedSearch || undefined, type: type || undefined, status: status || undefined, page }),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(trpc.vouchers.stats.queryOptions());
  const siblings = usePageSiblings();
  const today = londonNow().date;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = !!(debouncedSearch || type || status);

  return (
    <>
      <PageHeader
        title="Gift Vouchers"
        description="Vouchers bought on the website or issued by staff. Open one to redeem it, resend it or extend its expiry."
        actions={
          <Group gap="xs">
            <Button onClick={() => setIssuing(true)}>Issue voucher</Button>
            <ExportLink href="/api/vouchers.csv">Export CSV</ExportLink>
          </Group>
        }
      />
      <QueryState query={list} what="gift vouchers">
        {data ? (
          <Stack gap="lg">
            {stats.data ? (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: "xs", sm: "md" }}>
                <StatCard label="Total Vouchers" value={stats.data.total} />
                <StatCard label="Active" value={stats.data.active} tone="gold" />
                <StatCard label="Redeemed" value={stats.data.redeemed} tone="rose" />
                <StatCard label="Total Value" value={GBP.format(stats.data.totalValue)} tone="plum" />
                <StatCard label="Left to Redeem" value={GBP.format(stats.data.remainingValue)} tone="sage" />
              </SimpleGrid>
            ) : null}
            <FindVoucherForm onFound={setOpenCode} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label="Filters">
              <TextInput
                label="Search"
                type="search"
                placeholder="Code, recipient or sender"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
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
                {filtered ? "Try another search, type or status." : "Vouchers bought on the website or issued by staff will appear here."}
              </EmptyState>
            ) : (
              <Stack gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  Showing {(data.page - 1) * data.pageSize + 1}–{(data.page - 1) * data.pageSize + data.items.length} of {data.total} voucher
                  {data.total === 1 ? "" : "s"}
                </Text>
                <VoucherTable vouchers={data.items} today={today} dimmed={list.isPlaceholderData} onOpen={setOpenCode} />
                {pages > 1 ? (
                  <Group justify="center">
                    <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={siblings} boundaries={1} {...paginationLabels} />
                  </Group>
                ) : null}
              </Stack>
            )}
          </Stack>
        ) : null}
      </QueryState>
      <VoucherDetailDialog code={openCode} onClose={() => setOpenCode(null)} />
      <IssueVoucherDialog
        opened={issuing}
        onClose={() => setIssuing(false)}
        onIssued={(v) => {
          setIssuing(false);
          setOpenCode(v.voucherCode);
        }}
      />
    </>
  );
}
