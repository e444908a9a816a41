import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { ReportBarChartProps } from "./ReportBarChart";

const ReportBarChart = lazy(() => import("./ReportBarChart"));

/** A report chart, fetched with its library on first use; hidden from screen readers, which read the table. */
export function ChartSlot(props: ReportBarChartProps) {
  return (
    <div aria-hidden="true">
      <Suspense fallback={<Skeleton h={props.h ?? 220} />}>
        <ReportBarChart {...props} />
      </Suspense>
    </div>
  );
}
