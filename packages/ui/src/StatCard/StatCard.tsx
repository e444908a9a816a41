import type { ReactNode } from "react";
import classes from "./StatCard.module.css";

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A smaller line under the figure, e.g. "3 unresolved". */
  detail?: ReactNode;
  tone?: "sage" | "rose" | "gold" | "plum";
}

/** One figure with its label, for dashboards and list summaries. */
export function StatCard({ label, value, detail, tone = "sage" }: StatCardProps) {
  return (
    <div className={classes.card} data-tone={tone}>
      <p className={classes.label}>{label}</p>
      <p className={classes.value}>{value}</p>
      {detail ? <p className={classes.detail}>{detail}</p> : null}
    </div>
  );
}
