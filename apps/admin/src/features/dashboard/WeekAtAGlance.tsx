import { Anchor, Card, SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { addDays, formatPence } from "@tearoom/domain";
import { StatCard } from "@tearoom/ui";
import { Link } from "react-router";
import { ChartSlot } from "../reports/ChartSlot";
import { thisWeek } from "../reports/report-range";
import { useTRPC } from "../../trpc";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** R54 on the dashboard: today's and this week's (Monday to Sunday) covers and takings, with the week's covers as bars. */
export function WeekAtAGlance() {
  const trpc = useTRPC();
  const { from, to: today } = thisWeek();
  const week = { from, to: addDays(from, 6) };
  const covers = useQuery(trpc.reports.covers.queryOptions({ ...week, groupBy: "day" }));
  const takings = useQuery(trpc.reports.takings.queryOptions(week));
  if (!covers.data || !takings.data) return null;
  const coversToday = covers.data.rows.find((r) => r.key === today)?.covers ?? 0;
  const takingsToday = takings.data.days.find((d) => d.date === today)?.netPence ?? 0;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="week-at-a-glance">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="week-at-a-glance">
          This week
        </Title>
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: "xs", sm: "md" }}>
          <StatCard label="Covers today" value={coversToday} />
          <StatCard label="Covers this week" value={covers.data.totals.covers} detail={`${covers.data.totals.bookings} bookings`} />
          <StatCard label="Takings today" value={formatPence(takingsToday)} detail="card less refunds" tone="gold" />
          <StatCard label="Takings this week" value={formatPence(takings.data.totals.netPence)} detail="card less refunds" tone="gold" />
        </SimpleGrid>
        <ChartSlot
          h={140}
          data={covers.data.rows.map((r, i) => ({ day: WEEKDAYS[i] ?? r.key, covers: r.covers }))}
          dataKey="day"
          series={[{ name: "covers", label: "Covers", color: "sage.6" }]}
        />
        <Anchor component={Link} to="/reports" size="sm" fw={600}>
          All reports →
        </Anchor>
      </Stack>
    </Card>
  );
}
