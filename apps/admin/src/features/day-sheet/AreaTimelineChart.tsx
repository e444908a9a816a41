import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { AreaOccupancy } from "./occupancy";

/**
 * One area's day as bars of seats taken at each 15-minute step, with its seats as a line
 * (R44). Its own chunk: recharts is loaded only when the day sheet draws a chart.
 */
export default function AreaTimelineChart({ area }: { area: AreaOccupancy }) {
  const top = Math.max(area.seats, ...area.steps.map((s) => s.seatsTaken));
  return (
    <BarChart
      h={140}
      data={area.steps}
      dataKey="time"
      series={[{ name: "seatsTaken", label: "Seats taken", color: "sage.6" }]}
      referenceLines={[{ y: area.seats, label: `${area.seats} seats`, color: "rose.7", labelPosition: "insideTopLeft" }]}
      yAxisProps={{ domain: [0, top], ticks: [0, Math.round(area.seats / 2), area.seats], width: 28 }}
      xAxisProps={{ interval: 7, tickMargin: 4 }}
      tickLine="y"
      gridAxis="x"
      strokeDasharray="2 4"
      barProps={{ isAnimationActive: false }}
      // The caption carries the words; a focusable chart inside aria-hidden would trap a keyboard user in nothing.
      barChartProps={{ accessibilityLayer: false }}
      withTooltip
      tooltipAnimationDuration={0}
    />
  );
}
