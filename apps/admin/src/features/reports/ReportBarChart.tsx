import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";

export interface ReportBarChartProps {
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label: string; color: string }[];
  /** Pounds: the axis and tooltip show £. */
  money?: boolean;
  h?: number;
}

/**
 * A report's bars (R54). Its own chunk, loaded with `lazy` by the Reports screen and the
 * dashboard only: recharts never reaches the sign-in page or the app shell.
 */
export default function ReportBarChart({ data, dataKey, series, money = false, h = 220 }: ReportBarChartProps) {
  return (
    <BarChart
      h={h}
      data={data}
      dataKey={dataKey}
      series={series}
      valueFormatter={money ? (v) => `£${v.toLocaleString("en-GB", { maximumFractionDigits: 2 })}` : undefined}
      yAxisProps={{ width: money ? 56 : 32 }}
      tickLine="y"
      gridAxis="y"
      withLegend={series.length > 1}
      barProps={{ isAnimationActive: false }}
      // The table beside it carries the figures; a focusable chart would trap a keyboard user in nothing.
      barChartProps={{ accessibilityLayer: false }}
      tooltipAnimationDuration={0}
    />
  );
}
