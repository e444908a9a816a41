import { Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { BOOKING_TYPE_LABELS, formatPence, VOUCHER_SOURCE_LABELS, VOUCHER_SOURCES, type BookingType, type CoversGroup } from "@tearoom/domain";
import { StatCard } from "@tearoom/ui";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { formatShortDate, formatTime12h } from "../features/common/format";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { ExportLink } from "../features/exports/ExportLink";
import { ChartSlot } from "../features/reports/ChartSlot";
import { ScrollTable } from "../features/reports/ScrollTable";
import { lastMonth, rangeProblems, rangeQuery, thisMonth, type ReportRange } from "../features/reports/report-range";
import { useTRPC } from "../trpc";

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const pounds = (pence: number) => Math.round(pence) / 100;

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Card>
  );
}

const GROUP_LABELS: Record<CoversGroup, string> = { day: "Day", slot: "Time", type: "Type" };
const coversKey = (group: CoversGroup, key: string) =>
  group === "day" ? formatShortDate(key) : group === "slot" ? formatTime12h(key) : (BOOKING_TYPE_LABELS[key as BookingType] ?? key);

function CoversSection({ range }: { range: ReportRange }) {
  const trpc = useTRPC();
  const [groupBy, setGroupBy] = useState<CoversGroup>("day");
  const covers = useQuery(trpc.reports.covers.queryOptions({ ...range, groupBy }));
  return (
    <Section title="Covers" actions={<ExportLink href={`/api/reports/covers.csv?${rangeQuery(range)}&groupBy=${groupBy}`}>Download CSV</ExportLink>}>
      <SegmentedControl
        mb="sm"
        aria-label="Covers by"
        value={groupBy}
        onChange={(v) => setGroupBy(v as CoversGroup)}
        data={(["day", "slot", "type"] as const).map((g) => ({ value: g, label: `By ${GROUP_LABELS[g].toLowerCase()}` }))}
      />
      <QueryState query={covers} what="the covers" skeletonRows={3}>
        {covers.data ? (
          <Stack gap="sm">
            <Text>
              {covers.data.totals.covers} covers from {covers.data.totals.bookings} confirmed bookings.
            </Text>
            <ChartSlot
              data={covers.data.rows.map((r) => ({ key: coversKey(groupBy, r.key), covers: r.covers }))}
              dataKey="key"
              series={[{ name: "covers", label: "Covers", color: "sage.6" }]}
            />
            <ScrollTable label="Covers table" minWidth={280} mah={320}>
              <Table striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{GROUP_LABELS[groupBy]}</Table.Th>
                    <Table.Th ta="right">Covers</Table.Th>
                    <Table.Th ta="right">Bookings</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {covers.data.rows.map((r) => (
                    <Table.Tr key={r.key}>
                      <Table.Td>{coversKey(groupBy, r.key)}</Table.Td>
                      <Table.Td ta="right">{r.covers}</Table.Td>
                      <Table.Td ta="right">{r.bookings}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
        ) : null}
      </QueryState>
    </Section>
  );
}

function TakingsSection({ range }: { range: ReportRange }) {
  const trpc = useTRPC();
  const takings = useQuery(trpc.reports.takings.queryOptions(range));
  const t = takings.data?.totals;
  return (
    <Section
      title="Takings"
      actions={
        <>
          <ExportLink href={`/api/reports/takings.csv?${rangeQuery(range)}`}>Download CSV</ExportLink>
          <ExportLink href={`/api/reports/takings-accounting.csv?${rangeQuery(range)}`}>CSV for accounts</ExportLink>
        </>
      }
    >
      <QueryState query={takings} what="the takings" skeletonRows={3}>
        {takings.data && t ? (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
              <StatCard label="Card" value={formatPence(t.cardPence)} />
              <StatCard label="Voucher sales" value={formatPence(t.voucherSalesPence)} detail="part of card" tone="gold" />
              <StatCard label="Fees" value={formatPence(t.feesPence)} detail="part of card" tone="plum" />
              <StatCard label="Refunds" value={formatPence(t.refundsPence)} tone="rose" />
              <StatCard label="Net" value={formatPence(t.netPence)} detail="card less refunds" />
              <StatCard label="Vouchers redeemed" value={formatPence(t.voucherRedeemedPence)} detail="value used" tone="gold" />
            </SimpleGrid>
            <ChartSlot
              money
              data={takings.data.days.map((d) => ({ date: formatShortDate(d.date), card: pounds(d.cardPence), refunds: pounds(d.refundsPence) }))}
              dataKey="date"
              series={[
                { name: "card", label: "Card", color: "sage.6" },
                { name: "refunds", label: "Refunds", color: "rose.7" },
              ]}
            />
            <ScrollTable label="Takings table" minWidth={640} mah={360}>
              <Table striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th ta="right">Card</Table.Th>
                    <Table.Th ta="right">Voucher sales</Table.Th>
                    <Table.Th ta="right">Fees</Table.Th>
                    <Table.Th ta="right">Refunds</Table.Th>
                    <Table.Th ta="right">Net</Table.Th>
                    <Table.Th ta="right">Vouchers redeemed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {takings.data.days.map((d) => (
                    <Table.Tr key={d.date}>
                      <Table.Td>{formatShortDate(d.date)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.cardPence)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.voucherSalesPence)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.feesPence)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.refundsPence)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.netPence)}</Table.Td>
                      <Table.Td ta="right">{formatPence(d.voucherRedeemedPence)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
        ) : null}
      </QueryState>
    </Section>
  );
}

function NoShowsSection({ range }: { range: ReportRange }) {
  const trpc = useTRPC();
  const report = useQuery(trpc.reports.noShows.queryOptions(range));
  const r = report.data;
  return (
    <Section title="No-shows and late cancels" actions={<ExportLink href={`/api/reports/no-shows.csv?${rangeQuery(range)}`}>Download CSV</ExportLink>}>
      <QueryState query={report} what="the no-shows" skeletonRows={1}>
        {r ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <StatCard label="Confirmed" value={r.confirmed} />
            <StatCard label="Arrived" value={r.arrived} />
            <StatCard label="No-shows" value={r.noShows} detail={`${percent(r.noShowRate)} of confirmed`} tone="rose" />
            <StatCard label="Late cancels" value={r.lateCancels} detail={`${percent(r.lateCancelRate)} of bookings`} tone="plum" />
          </SimpleGrid>
        ) : null}
      </QueryState>
    </Section>
  );
}

function VouchersSection({ range }: { range: ReportRange }) {
  const trpc = useTRPC();
  const [at, setAt] = useState("");
  const day = at || range.to;
  const report = useQuery(trpc.reports.vouchers.queryOptions({ at: day, from: range.from }));
  const r = report.data;
  return (
    <Section title="Gift vouchers" actions={<ExportLink href={`/api/reports/vouchers.csv?at=${day}&from=${range.from}`}>Download CSV</ExportLink>}>
      <TextInput
        type="date"
        label="Outstanding at the end of"
        description="Sold, redeemed and expired count from the report's start to this date"
        value={day}
        min={range.from}
        onChange={(e) => setAt(e.currentTarget.value)}
        maw={260}
        mb="sm"
      />
      <QueryState query={report} what="the vouchers" skeletonRows={2}>
        {r ? (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <StatCard label="Sold" value={formatPence(r.sold.pence)} detail={`${r.sold.count} vouchers`} tone="gold" />
              <StatCard label="Redeemed" value={formatPence(r.redeemedPence)} />
              <StatCard label="Expired unused" value={formatPence(r.expiredPence)} tone="rose" />
              <StatCard
                label="Outstanding"
                value={formatPence(r.outstandingPence + r.outstandingPeoplePence)}
                detail={`${formatPence(r.outstandingPence)} + ${r.outstandingPeople} people`}
                tone="plum"
              />
            </SimpleGrid>
            <ScrollTable label="Vouchers sold table" minWidth={280}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sold</Table.Th>
                    <Table.Th ta="right">Vouchers</Table.Th>
                    <Table.Th ta="right">Value</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {VOUCHER_SOURCES.map((s) => (
                    <Table.Tr key={s}>
                      <Table.Td>{VOUCHER_SOURCE_LABELS[s]}</Table.Td>
                      <Table.Td ta="right">{r.sold.bySource[s].count}</Table.Td>
                      <Table.Td ta="right">{formatPence(r.sold.bySource[s].pence)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Text size="sm" c="dimmed">
              People left on per-person vouchers are valued at today's traditional afternoon tea price.
            </Text>
          </Stack>
        ) : null}
      </QueryState>
    </Section>
  );
}

/** /admin/reports (R54): covers, takings, no-shows and vouchers for a date range, each downloadable as CSV. */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = thisMonth();
  const range = { from: params.get("from") ?? fallback.from, to: params.get("to") ?? fallback.to };
  const [draft, setDraft] = useState(range);
  const problems = rangeProblems(draft);
  const apply = (r: ReportRange) => {
    setDraft(r);
    if (Object.keys(rangeProblems(r)).length === 0) setParams({ from: r.from, to: r.to }, { replace: true });
  };
  const picked = (r: ReportRange) => r.from === range.from && r.to === range.to;
  const quick = [
    { label: "This month", range: thisMonth() },
    { label: "Last month", range: lastMonth() },
  ];

  return (
    <>
      <PageHeader title="Reports" description={`${formatShortDate(range.from)} to ${formatShortDate(range.to)}`} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput type="date" label="From" value={draft.from} error={problems.from} onChange={(e) => apply({ ...draft, from: e.currentTarget.value })} />
            <TextInput type="date" label="To" value={draft.to} error={problems.to} onChange={(e) => apply({ ...draft, to: e.currentTarget.value })} />
            {quick.map((q) => (
              <Button key={q.label} variant={picked(q.range) ? "filled" : "default"} aria-pressed={picked(q.range)} onClick={() => apply(q.range)}>
                {q.label}
              </Button>
            ))}
          </Group>
        </Card>
        <TakingsSection range={range} />
        <CoversSection range={range} />
        <NoShowsSection range={range} />
        <VouchersSection range={range} />
      </Stack>
    </>
  );
}
